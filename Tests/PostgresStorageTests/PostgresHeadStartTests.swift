import CPostgres
import Testing

@testable import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// app-shell's head start: the connection its command line names is begun first thing in
/// main (`PostgresHeadStart.begin`), and the first connection to the same string takes it
/// over.
struct PostgresHeadStartTests {
    /// The URL the head start connects to for `arguments` (argv, the program first).
    static func url(_ arguments: [String]) -> String? {
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            cpg_head_start_url(Int32(buffer.count), buffer.baseAddress).map { String(cString: $0) }
        }
    }

    /// Only app-shell, only a PostgreSQL `--db` among its options (as CommandLineParser reads
    /// them), and only for a run that connects.
    @Test(
        arguments: [
            (["app-shell", "--db", "postgres://mina@db/walks"], "postgres://mina@db/walks"),
            (["/usr/local/bin/app-shell", "--db=postgresql://db/w", "-e", "return 1"], "postgresql://db/w"),
            (["app-shell", "--json", "--db", "x.db", "--db", "postgres://db/w", "-"], "postgres://db/w"),
            // -e takes the next word as its chunk, whatever it looks like.
            (["app-shell", "-e", "--db", "--db", "postgres://db/y"], "postgres://db/y"),
            (["app-shell", "--db", "x.db"], nil),
            (["app-shell", "--db", ":memory:"], nil),
            (["app-shell", "--db", "mysql://db/w"], nil),
            // After the script, or after --, the words are the script's.
            (["app-shell", "morning.lua", "--db", "postgres://db/w"], nil),
            (["app-shell", "--", "--db", "postgres://db/w"], nil),
            (["app-shell", "-", "--db", "postgres://db/w"], nil),
            // Runs that never connect, or that copy a file.
            (["app-shell", "--db", "postgres://db/w", "--help"], nil),
            (["app-shell", "--version", "--db", "postgres://db/w"], nil),
            (["app-shell", "--db", "postgres://db/w", "--lua-stubs"], nil),
            (["app-shell", "--db", "postgres://db/w", "--backup", "copy.db"], nil),
            (["app-shell", "--json=yes", "--db", "postgres://db/w"], nil),
            (["app-shell", "--db"], nil),
            // Another program that links Storage (a test runner, app-bench) never does it.
            (["app-bench", "--db", "postgres://db/w"], nil),
            (["app-shell-2", "--db", "postgres://db/w"], nil),
        ] as [([String], String?)])
    func theURLOfTheCommandLine(arguments: [String], expected: String?) {
        #expect(Self.url(arguments) == expected)
    }

    /// The one head start of this process: begun for the server's URL (as main
    /// does), then taken over by the first connection to that URL, which works as any.
    @Test(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
    func theFirstConnectionToTheSameURLTakesTheHeadStartOver() throws {
        let server = try #require(PostgresTestServer.url)
        let url = server + (server.contains("?") ? "&" : "?") + "application_name=head-start"
        #expect(cpg_start_head_start(url) == 1)
        #expect(cpg_start_head_start(url) == 0)  // once per process
        let other = try PostgresTestServer.connect()  // another string: connects itself
        #expect(!other.tookHeadStart)
        let connection = try PostgresConnection(url)
        #expect(connection.tookHeadStart)
        let name = try connection.queryOne("SELECT current_setting('application_name')") { try $0.string(0) }
        #expect(name == "head-start")
        let again = try PostgresConnection(url)  // taken once
        #expect(!again.tookHeadStart)
        #expect(cpg_take_head_start(url) == nil)
    }
}
