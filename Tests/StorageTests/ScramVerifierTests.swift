import Testing

@testable import Storage

/// The SCRAM-SHA-256 verifier `admin.add_member` sends instead of the password; the
/// expected values come from Python's hashlib and hmac (PBKDF2-HMAC-SHA-256, RFC 5802).
struct ScramVerifierTests {
    @Test func theVerifierMatchesAnIndependentImplementation() {
        let salt: [UInt8] = Array(0..<16)
        #expect(
            ScramVerifier.make(password: "correct horse 배터리", salt: salt, iterations: 4096)
                == "SCRAM-SHA-256$4096:AAECAwQFBgcICQoLDA0ODw==$XD4LvFCcXP06NBtvVUolqI0Zrt+Su7RrvyP6UGO3muI=:"
                + "JIhnwT4kRDTXAhqGl1iAd96x65HdGzqcgH5/QK1LTEA=")
    }

    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg==")])
    func base64PadsAsTheStandardSays(text: String, encoded: String) {
        #expect(ScramVerifier.base64(Array(text.utf8)) == encoded)
    }

    @Test func eachVerifierHasItsOwnSaltAndNeverThePassword() {
        let first = ScramVerifier.make(password: "mina-pass-1")
        let second = ScramVerifier.make(password: "mina-pass-1")
        #expect(first != second)
        #expect(!first.contains("mina-pass-1"))
        #expect(first.hasPrefix("SCRAM-SHA-256$4096:"))
    }

    @Test(arguments: [
        ("mina-pass-1", true), ("비밀번호는길다", true), ("🐶🐶🐶🐶🐶🐶🐶🐶", true), ("ｆｕｌｌ", false), ("a\u{00A0}b", false),
    ])
    func onlyPasswordsSASLprepLeavesAloneAreTaken(password: String, stable: Bool) {
        #expect(ScramVerifier.isStableUnderSASLprep(password) == stable)
    }
}
