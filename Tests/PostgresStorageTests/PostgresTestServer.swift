import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The throwaway server `make test` starts (Tests/Support/postgres.sh) and names in
/// `APP_SHELL_TEST_POSTGRES`; without it the suites that need a server are skipped.
enum PostgresTestServer {
    /// Why the suites are skipped.
    static let skipReason: Comment =
        "no test server: set APP_SHELL_TEST_POSTGRES (make test starts one with Tests/Support/postgres.sh)"

    /// The server's `postgresql://admin:PASSWORD@127.0.0.1:PORT/postgres` URL.
    static let url: String? = getenv("APP_SHELL_TEST_POSTGRES").map { String(cString: $0) }

    static var isConfigured: Bool { url != nil }

    /// The URL's port.
    static var port: String {
        guard let url, let colon = url.lastIndex(of: ":") else { return "" }
        return String(url[url.index(after: colon)...].prefix { $0.isNumber })
    }

    static func connect() throws -> PostgresConnection { try PostgresConnection(url ?? "") }

    /// A table name no other test uses, so suites run in parallel on one database.
    static func tableName(_ purpose: String) -> String {
        "test_\(purpose)_\(UInt32.random(in: 0...UInt32.max))"
    }
}
