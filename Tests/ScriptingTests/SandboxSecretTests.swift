import Core
import Testing

@testable import Scripting

#if canImport(Glibc)
    import Glibc
#endif

/// The sandbox keeps the runner's passwords from scripts: `arg` masks them, `os.getenv`
/// hides libpq's variables, and no file read reaches a process's entry in /proc.
@Suite(.serialized) struct SandboxSecretTests {
    @Test func argMasksThePasswordsOfTheWordsBeforeTheScript() throws {
        let fixture = try EngineFixture()
        fixture.engine.setScriptArguments(
            script: "steal.lua", arguments: ["postgres://kept:as-given@h/db"],
            before: [
                "app-shell", "--db", "postgres://mina:secret@db.example.org/walks", "--db=host=h password=secret",
                "--events-sink", "http://sink:token@127.0.0.1:9/events",
            ])
        let values = try fixture.values("return arg[-4], arg[-3], arg[-1], arg[0], arg[1]")
        #expect(
            values == [
                "postgres://mina:********@db.example.org/walks", "--db=host=h password=********",
                "http://sink:********@127.0.0.1:9/events", "steal.lua", "postgres://kept:as-given@h/db",
            ])
    }

    @Test func getenvHidesLibpqVariablesAndMasksPasswords() throws {
        setenv("PGPASSWORD", "env-secret", 1)
        setenv("APP_SHELL_TEST_SECRET_URL", "postgres://u:url-secret@h/db", 1)
        defer {
            unsetenv("PGPASSWORD")
            unsetenv("APP_SHELL_TEST_SECRET_URL")
        }
        let sandboxed = try EngineFixture().values(
            "return os.getenv('PGPASSWORD'), os.getenv('APP_SHELL_TEST_SECRET_URL'), os.getenv('PATH') ~= nil")
        #expect(sandboxed == [.null, "postgres://u:********@h/db", true])
        let open = try EngineFixture(options: EngineOptions(allowIO: true)).values("return os.getenv('PGPASSWORD')")
        #expect(open == ["env-secret"])
    }

    @Test func getenvChecksItsArgumentAsLuaDoes() throws {
        let values = try EngineFixture().values("return pcall(os.getenv)")
        #expect(values.first == false)
        #expect(values.last?.stringValue?.contains("bad argument #1 to 'getenv'") == true)
    }

    @Test(arguments: ["/proc/self/environ", "/proc/self/cmdline", "/proc/thread-self/environ", "/dev/fd/../environ"])
    func noFileReadReachesTheProcessesEntries(path: String) throws {
        let values = try EngineFixture().values(
            """
            local f, message = io.open('\(path)')
            local lines = select(2, pcall(io.lines, '\(path)'))
            local input = select(2, pcall(io.input, '\(path)'))
            return f == nil, message, tostring(lines), tostring(input)
            """)
        #expect(values.first == true)
        for value in values.dropFirst() {
            #expect(value.stringValue?.contains("a process's entry in /proc") == true, "\(value)")
        }
    }

    @Test func theOwnPidIsRefusedToo() throws {
        let values = try EngineFixture().values("return select(2, io.open('/proc/\(getpid())/environ'))")
        #expect(values.first?.stringValue?.contains("a process's entry in /proc") == true)
    }

    /// The counters `ps` shows (status, statm, stat, limits) hold no environment, command
    /// line or memory, and stay readable; the rest of a process's entry does not.
    @Test(arguments: ["status", "statm", "stat", "limits"])
    func aProcesssCountersStayReadable(name: String) throws {
        let values = try EngineFixture().values("local f = io.open('/proc/self/\(name)') return f ~= nil")
        #expect(values.first == true)
    }
}
