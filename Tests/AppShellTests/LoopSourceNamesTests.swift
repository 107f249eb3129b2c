import AppTestSupport
import Assembly
import Core
import Habits
import Testing
import Time

@testable import AppShell

/// What the loop's sources keep (the reminders, when the user's next request comes due) is
/// read again only after a callback that called a route they name (`LoopSource.keptFrom`):
/// each name is a route or a module of the app as `app-shell` wires it, so a route renamed
/// cannot leave a source keeping what it changed.
@Suite struct LoopSourceNamesTests {
    @Test func everyNameASourceKeepsFromIsARouteThatWritesOrAModule() throws {
        let clock = FixedClock(try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00")), timeZone: .utc)
        let app = try AppAssembly.assemble(
            AppOptions(databasePath: ":memory:", clock: clock))
        let timeouts = try #require(try app.container.resolveIfRegistered((any InboxTimeouts).self))
        let names = timeouts.writtenBy.union(ReminderMonitor.writtenBy)
        #expect(names.isSuperset(of: ["walks.request", "mates.drop", "habits"]))
        for name in names {
            if let route = app.router.route(named: name) {
                #expect(!route.readsOnly, "\(name) only reads: calling it changes nothing a source keeps")
            } else {
                #expect(app.router.modules.contains(name), "\(name) is neither a route nor a module")
            }
        }
    }
}
