import Core
import Storage
import Testing

@testable import Assembly

/// A member's role holds at most `ServerSetup.memberConnectionLimit` connections: with no
/// limit, a member with `psql` could take every connection the server had left, so that a
/// waiting neighbour whose connection dropped could not come back, and send walk requests
/// in as many transactions at once as they liked (each counts only its own rows and the
/// committed ones; a hostile review's finding).
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct MemberConnectionLimitTests {
    @Test func aMemberHoldsAtMostTheLimitOfConnections() throws {
        let server = try PostgresMembers(["mina"])
        let name = server.name("mina")
        let limit = try server.admin.database.queryOne(
            "SELECT rolconnlimit FROM pg_roles WHERE rolname = ?", [.text(name)]
        ) { try $0.int(0) }
        #expect(limit == ServerSetup.memberConnectionLimit)
        var held: [PostgresConnection] = []
        defer { for connection in held { connection.close() } }
        var refused: StorageError?
        while refused == nil, held.count <= ServerSetup.memberConnectionLimit {
            do {
                held.append(try PostgresConnection(server.url(of: name)))
            } catch let error as StorageError {
                refused = error
            }
        }
        #expect(held.count == ServerSetup.memberConnectionLimit)
        #expect(refused?.failure == .unavailable)
        #expect(refused?.message.contains("too many connections") == true)
    }
}
