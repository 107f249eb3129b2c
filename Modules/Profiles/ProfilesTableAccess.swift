import Core

/// What members of a shared server may do to the profiles' tables, beside `ProfilesSchema`
/// (see `TableAccess`): a profile is what mates see, and its owner writes it.
enum ProfilesTableAccess {
    private static let me = TableAccess.me

    /// The declarations, in the order setup creates their policies.
    static let tables: [TableAccess] = [
        TableAccess.readWrite(
            "profiles",
            policies: [
                TableAccess.Policy("profiles_read", "SELECT", using: "true", check: nil),
                TableAccess.Policy("profiles_insert", "INSERT", using: nil, check: "user_id = \(me)"),
                TableAccess.Policy("profiles_update", "UPDATE", using: "user_id = \(me)", check: "user_id = \(me)"),
                TableAccess.Policy("profiles_delete", "DELETE", using: "user_id = \(me)", check: nil),
            ],
            export: .section("profiles"),
            summary:
                "read: every member (nickname, dog, thumbnail; the whole row, as column privileges would keep "
                + "owners from their own card photo); write: the owner"),
        TableAccess.readWrite(
            "profile_photo_files", policies: [TableAccess.ownerOnly("profile_photo_files", "user_id")],
            export: .section("profiles"), summary: "the owner only"),
    ]
}
