import Core
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresUnavailableTests {
    private var port: String { PostgresTestServer.port }

    private static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    private static var variablesNameTheTestServer: Bool {
        ["PGHOST", "PGUSER", "PGDATABASE", "PGPASSFILE"].allSatisfy { variable($0) != nil }
            && variable("PGPORT") == PostgresTestServer.port && variable("PGPASSWORD") == nil
    }

    @Test(arguments: ["Wrong-Secret-4821", "비밀번호🐶x"])
    func aRefusedLoginIsUnavailableAndNeverShowsThePassword(_ password: String) throws {
        let encoded = password.utf8.map { byte in
            byte < 0x80 && (Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber)
                ? String(Unicode.Scalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
        }.joined()
        for conninfo in [
            "postgresql://admin:\(encoded)@127.0.0.1:\(port)/postgres",
            "host=127.0.0.1 port=\(port) user=admin dbname=postgres password=\(password)",
        ] {
            let error = #expect(throws: StorageError.self) { try PostgresConnection(conninfo) }
            #expect(error?.failure == .unavailable)
            #expect(error?.message.contains("password authentication failed") == true)
            #expect(error?.message.contains("127.0.0.1") == true)
            #expect(error?.message.contains("\"postgres\"") == true)
            #expect(error?.message.contains(password) == false)
            #expect(error?.message.contains(encoded) == false)
        }
    }

    /// `make test` exports PGHOST, PGPORT, PGUSER, PGDATABASE and PGPASSFILE (no
    /// PGPASSWORD): an empty connection string reaches the server through libpq's own
    /// variables and password file, as psql would.
    @Test(.enabled(if: Self.variablesNameTheTestServer, "no PG* variables of the test server (make test exports them)"))
    func libpqsOwnVariablesAndPasswordFileAreHonoured() throws {
        let connection = try PostgresConnection("")
        #expect(connection.port == port)
        #expect(
            try connection.queryOne("SELECT current_user, inet_server_port()") {
                "\(try $0.string(0)) \(try $0.int(1))"
            } == "admin \(port)")
        // The password file alone, named in the URL.
        let fromFile = try PostgresConnection(
            "postgresql://admin@127.0.0.1:\(port)/postgres?passfile=\(Self.variable("PGPASSFILE") ?? "")")
        #expect(try fromFile.queryOne("SELECT 1") { try $0.int(0) } == 1)
    }
}

/// What needs libpq but no server: these run under a plain `swift test` too.
struct PostgresWithoutServerTests {
    @Test func aServerThatIsDownIsUnavailableNamingHostAndDatabase() throws {
        // A port with nobody listening: bound, never listened on, closed after the attempt.
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
            }
        }
        try #require(bound)
        let closedPort = Int(UInt16(bigEndian: address.sin_port))
        let error = #expect(throws: StorageError.self) {
            try PostgresConnection("postgresql://admin:Hidden-Pass-77@127.0.0.1:\(closedPort)/walks_디비")
        }
        #expect(error?.failure == .unavailable)
        #expect(error?.message.contains("127.0.0.1:\(closedPort)") == true)
        #expect(error?.message.contains("walks_디비") == true)
        #expect(error?.message.contains("Hidden-Pass-77") == false)
    }

    @Test(arguments: [
        "postgresql://admin:Hidden-Pass-77@127.0.0.1:5432/postgres?no_such_option=1",
        "host=127.0.0.1 password=Hidden-Pass-77 no_such_option=1",
        "postgresql://admin:Hidden-Pass-77@[::1/postgres",
    ])
    func anUnreadableConnectionStringIsInvalidWithoutThePassword(_ conninfo: String) throws {
        let error = #expect(throws: AppError.self) { try PostgresConnection(conninfo) }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == "db")
        #expect(error?.message.contains("Hidden-Pass-77") == false)
    }

    @Test func aURLOfAnotherSchemeIsRefused() throws {
        let error = #expect(throws: AppError.self) { try PostgresConnection("mysql://admin:Hidden-Pass-77@host/db") }
        #expect(error?.code == "invalid_argument")
        #expect(error?.message.contains("Hidden-Pass-77") == false)
    }
}
