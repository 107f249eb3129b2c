import Testing

@testable import Storage

/// The defaults app-shell puts in front of a connection string: a password never goes in
/// clear to a server reached over a network, and what the string says wins.
struct PostgresConnectSettingsTests {
    static func keywords(_ options: [String: String], environment: [String: String] = [:]) -> [String: String] {
        let settings = PostgresConnectSettings(
            conninfo: "the string", option: { options[$0] }, environment: { environment[$0] })
        return Dictionary(settings.keywords, uniquingKeysWith: { _, last in last })
    }

    @Test(arguments: ["db.example.org", "10.0.0.7", "127.0.0.2", "localhost,db.example.org", "[2001:db8::1]"])
    func aServerOverTheNetworkGetsTLSAndChannelBinding(host: String) {
        let keywords = Self.keywords(["host": host])
        #expect(keywords["sslmode"] == "require")
        #expect(keywords["channel_binding"] == "require")
        #expect(keywords["dbname"] == "the string")
    }

    @Test(arguments: [
        "", "localhost", "127.0.0.1", "::1", "/var/run/postgresql", "@abstract", "LOCALHOST", "localhost,/tmp",
    ])
    func aServerOnThisMachineGetsNoTLSDefault(host: String) {
        let keywords = Self.keywords(host.isEmpty ? [:] : ["host": host])
        #expect(keywords["sslmode"] == nil)
        #expect(keywords["channel_binding"] == nil)
    }

    @Test func aHostFromPGHOSTCountsAsTheStringsOwn() {
        #expect(Self.keywords([:], environment: ["PGHOST": "db.example.org"])["sslmode"] == "require")
        #expect(Self.keywords([:], environment: ["PGHOSTADDR": "192.0.2.1"])["sslmode"] == "require")
        #expect(Self.keywords(["hostaddr": "127.0.0.1"])["sslmode"] == nil)
    }

    @Test func whatTheStringOrTheEnvironmentSaysIsNotOverridden() {
        let disabled = Self.keywords(["host": "db.example.org", "sslmode": "disable"])
        #expect(disabled["sslmode"] == nil)
        #expect(disabled["channel_binding"] == nil)
        let verified = Self.keywords(["host": "db.example.org", "sslmode": "verify-full"])
        #expect(verified["sslmode"] == nil)
        #expect(verified["channel_binding"] == "require")
        let preferred = Self.keywords(["host": "db.example.org"], environment: ["PGSSLMODE": "prefer"])
        #expect(preferred["sslmode"] == nil)
        #expect(preferred["channel_binding"] == nil)
        let binding = Self.keywords(["host": "db.example.org", "channel_binding": "prefer"])
        #expect(binding["sslmode"] == "require")
        #expect(binding["channel_binding"] == nil)
    }

    @Test func theTimeoutDefaultsToFiveSecondsUnlessPGCONNECT_TIMEOUTIsSet() {
        #expect(Self.keywords([:])["connect_timeout"] == "5")
        #expect(Self.keywords([:], environment: ["PGCONNECT_TIMEOUT": "3"])["connect_timeout"] == nil)
    }

    /// `--connect-timeout` is handed to libpq after the string, whose own `connect_timeout`
    /// (and `PGCONNECT_TIMEOUT`) it therefore overrides: libpq takes the last value given.
    @Test func aGivenConnectTimeoutComesAfterTheStringSoItWins() throws {
        let settings = PostgresConnectSettings(
            conninfo: "connect_timeout=30", option: { $0 == "connect_timeout" ? "30" : nil },
            environment: { $0 == "PGCONNECT_TIMEOUT" ? "3" : nil }, connectTimeout: 7)
        let names = settings.keywords.map(\.0)
        let dbname = try #require(names.firstIndex(of: "dbname"))
        let last = try #require(names.lastIndex(of: "connect_timeout"))
        #expect(last > dbname)
        #expect(settings.keywords[last].1 == "7")
        #expect(names.filter { $0 == "connect_timeout" }.count == 1)
    }

    /// Every statement is bounded in time; the string's own options come after the limits,
    /// so a limit it sets wins (the server takes the last `-c` of a name).
    @Test func theServerLimitsComeFirstInTheOptions() {
        let plain = Self.keywords([:])["options"] ?? ""
        #expect(plain.contains("-c statement_timeout=30s"))
        #expect(plain.contains("-c lock_timeout=5s"))
        #expect(plain.hasSuffix("-c plan_cache_mode=force_generic_plan"))
        let own = Self.keywords(["options": "-c search_path=walks -c lock_timeout=1s"])["options"] ?? ""
        #expect(own.hasSuffix("-c search_path=walks -c lock_timeout=1s"))
        #expect(own.hasPrefix("-c statement_timeout=30s"))
        let environment = Self.keywords([:], environment: ["PGOPTIONS": "-c work_mem=8MB"])["options"] ?? ""
        #expect(environment.hasSuffix("-c work_mem=8MB"))
    }

    @Test func theStringComesLastSoItOverridesTheDefaults() {
        let settings = PostgresConnectSettings(
            conninfo: "x", option: { _ in "db.example.org" }, environment: { _ in nil })
        #expect(settings.keywords.dropLast().last?.0 == "dbname")
        #expect(settings.keywords.last?.0 == "options")
        #expect(settings.keywords.first?.0 == "fallback_application_name")
    }

    @Test func theStatementTimeoutIsTheLastTheOptionsSet() {
        let limits = PostgresConnectSettings.serverLimits.map { "-c \($0.0)=\($0.1)" }.joined(separator: " ")
        #expect(PostgresConnectSettings.statementTimeout(in: limits) == .seconds(30))
        #expect(PostgresConnectSettings.statementTimeout(in: limits + " -c statement_timeout=2s") == .seconds(2))
        #expect(PostgresConnectSettings.statementTimeout(in: "-cstatement_timeout=1500") == .milliseconds(1500))
        #expect(PostgresConnectSettings.statementTimeout(in: "--statement-timeout=1min") == .seconds(60))
        // Rounded to whole milliseconds as PostgreSQL does: 250us is 0, no limit.
        #expect(PostgresConnectSettings.statementTimeout(in: "-c statement_timeout=250us") == nil)
        #expect(PostgresConnectSettings.statementTimeout(in: "-c statement_timeout=1500us") == .milliseconds(2))
        #expect(PostgresConnectSettings.statementTimeout(in: "-c Statement_Timeout=+2e3") == .seconds(2))
        #expect(PostgresConnectSettings.statementTimeout(in: limits + " -c statement_timeout=0") == nil)
        #expect(PostgresConnectSettings.statementTimeout(in: "-c statement_timeout=soon") == nil)
        #expect(PostgresConnectSettings.statementTimeout(in: "-c lock_timeout=5s") == nil)
    }

    @Test func theStringsOwnStatementTimeoutWins() {
        let settings = PostgresConnectSettings(
            conninfo: "x", option: { $0 == "options" ? "-c statement_timeout=3s" : nil }, environment: { _ in nil })
        #expect(settings.statementTimeout == .seconds(3))
        let plain = PostgresConnectSettings(conninfo: "x", option: { _ in nil }, environment: { _ in nil })
        #expect(plain.statementTimeout == .seconds(30))
    }
}
