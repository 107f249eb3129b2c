import Testing

@testable import Assembly

/// The passwords `admin.add_member` takes: only those SASLprep leaves as they are, since
/// libpq applies it before making the verifier and the server again at each login.
struct MemberPasswordTests {
    @Test(arguments: [
        ("mina-pass-1", true), ("비밀번호는길다", true), ("🐶🐶🐶🐶🐶🐶🐶🐶", true), ("with a space", true),
        ("ｆｕｌｌ", false), ("a\u{00A0}b", false),
    ])
    func onlyPasswordsSASLprepLeavesAloneAreTaken(password: String, stable: Bool) {
        #expect(ServerSetup.isStableUnderSASLprep(password) == stable)
    }
}
