import Foundation
import Testing

@testable import AppShell

/// app-shell reads its environment from `environ` (ProcessInfo's reader was 4 % of every
/// start-up): the same dictionary as ProcessInfo's, Hangul, emoji and `=` in values too.
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test func itIsProcessInfosEnvironment() {
        setenv("APP_SHELL_TEST_ENV", "습관=🐈 a=b", 1)
        setenv("APP_SHELL_TEST_EMPTY", "", 1)
        defer {
            unsetenv("APP_SHELL_TEST_ENV")
            unsetenv("APP_SHELL_TEST_EMPTY")
        }
        let read = ProcessEnvironment.read()
        #expect(read == ProcessInfo.processInfo.environment)
        #expect(read["APP_SHELL_TEST_ENV"] == "습관=🐈 a=b")
        #expect(read["APP_SHELL_TEST_EMPTY"] == "")
    }
}
