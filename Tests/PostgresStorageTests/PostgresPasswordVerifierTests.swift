import Storage
import Testing

/// The SCRAM-SHA-256 verifier `admin.add_member` sends instead of the password: libpq's
/// own (`PQencryptPasswordConn`, as `psql`'s `\password`), checked against the server it is
/// for: a role made with it logs in with the password, and not with another.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresPasswordVerifierTests {
    @Test func aRoleMadeWithTheVerifierLogsInWithThePasswordAndNoOther() throws {
        let admin = try PostgresTestServer.connect()
        let role = PostgresTestServer.tableName("verifier")
        let password = "correct horse 배터리 🐶"
        let verifier = try admin.passwordVerifier(password, user: role)
        #expect(verifier.hasPrefix("SCRAM-SHA-256$4096:"))
        #expect(!verifier.contains(password))
        #expect(try admin.passwordVerifier(password, user: role) != verifier, "each verifier has its own salt")
        try admin.executeScript("CREATE ROLE \(role) LOGIN PASSWORD '\(verifier)'")
        defer { _ = try? admin.executeScript("DROP ROLE \(role)") }
        let place = "127.0.0.1:\(PostgresTestServer.port)/postgres"
        let encoded = password.addingPercentEncodingForURL
        let member = try PostgresConnection("postgresql://\(role):\(encoded)@\(place)")
        #expect(try member.queryOne("SELECT current_user", []) { try $0.string(0) } == role)
        member.close()
        #expect(throws: (any Error).self) { try PostgresConnection("postgresql://\(role):wrong-password@\(place)") }
    }
}

extension String {
    /// Percent-encoded for a URL's password: every byte but unreserved ASCII.
    fileprivate var addingPercentEncodingForURL: String {
        utf8.map { byte in
            let character = Character(Unicode.Scalar(byte))
            return (byte < 0x80 && (character.isLetter || character.isNumber || "-._~".contains(character)))
                ? String(character) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }.joined()
    }

    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
