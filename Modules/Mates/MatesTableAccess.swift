import Core

/// What members of a shared server may do to the mates' tables, beside `MatesSchema` (see
/// `TableAccess`): codes are drawn by `mate_invite()` and used, attempts recorded and links
/// made only by `mate_join()`, both with the owner's rights.
enum MatesTableAccess {
    private static let me = TableAccess.me

    /// The declarations, in the order setup creates their policies.
    static let tables: [TableAccess] = [
        // Codes: only the inviter reads theirs; inserting one's own guess as a code would
        // say "duplicate", so members insert none; and the app never deletes a code (it
        // expires), so members delete none either.
        TableAccess(
            "mate_invites", privileges: "SELECT",
            policies: [
                TableAccess.ownerOnly("mate_invites", "inviter_id"),
                TableAccess.Policy("mate_invites_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("codes last ten minutes"),
            summary:
                "the inviter only: no one else ever reads a code; drawn only by `mate_invite()` and used only "
                + "through `mate_join` (`definer`)"),
        TableAccess(
            "mate_attempts", privileges: "SELECT",
            policies: [
                TableAccess.Policy("mate_attempts_own", "SELECT", using: "user_id = \(me)", check: nil),
                TableAccess.Policy("mate_attempts_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("wrong codes count for ten minutes"),
            summary: "one's own; written only by `mate_join` (`definer`)"),
        TableAccess(
            "mates", privileges: "SELECT", deletes: true,
            policies: [
                TableAccess.Policy(
                    "mates_pair_read", "SELECT", using: "user_id = \(me) OR mate_id = \(me)", check: nil),
                TableAccess.Policy(
                    "mates_pair_delete", "DELETE", using: "user_id = \(me) OR mate_id = \(me)", check: nil),
                TableAccess.Policy("mates_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .section("mates"),
            summary:
                "both people of a pair read and end it (deleting one row ends both: the trigger "
                + "`mates_unlink_pair`); made only by `mate_join` (`definer`)"),
        // Drops: only the two people of a drop read it (a member lists no one else's live
        // drop, so a code is never read off the table); made, caught, confirmed, cancelled
        // and expired only by the `mate_drop*` and `mate_catch` functions (`definer`).
        TableAccess(
            "mate_drops", privileges: "SELECT",
            policies: [
                TableAccess.Policy(
                    "mate_drops_pair_read", "SELECT", using: "dropper_id = \(me) OR catcher_id = \(me)", check: nil),
                TableAccess.Policy("mate_drops_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("a drop lives 30 seconds"),
            summary:
                "its dropper and its catcher only; written only by `mate_drop`, `mate_catch`, `mate_drop_confirm`, "
                + "`mate_drop_cancel` and `mate_drops_expire` (`definer`), by the server's clock"),
        TableAccess(
            "mate_reports", privileges: "SELECT, INSERT",
            policies: [
                TableAccess.Policy("mate_reports_own", "SELECT", using: "reporter_id = \(me)", check: nil),
                TableAccess.Policy("mate_reports_insert", "INSERT", using: nil, check: "reporter_id = \(me)"),
            ],
            export: .notExported("a report is for the administrator, not part of the reporter's data"),
            summary: "the reporter only"),
    ]
}
