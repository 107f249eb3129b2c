import Core

/// What members of a shared server may do to the walks' tables, beside `WalksSchema` (see
/// `TableAccess`): a request is the sender's and the recipient's, judged by the server's
/// clock; a log is its walker's.
enum WalksTableAccess {
    private static let me = TableAccess.me

    /// The declarations, in the order setup creates their policies.
    static let tables: [TableAccess] = [
        // An answer changes the status and dates it (`answered_at`), nothing else.
        TableAccess(
            "walk_requests", privileges: "SELECT, INSERT", updates: ["status", "answered_at"],
            policies: [
                TableAccess.Policy(
                    "walk_requests_read", "SELECT", using: "sender_id = \(me) OR recipient_id = \(me)", check: nil),
                TableAccess.Policy(
                    "walk_requests_send", "INSERT", using: nil,
                    check: "sender_id = \(me) AND status = 'pending' AND "
                        + "EXISTS (SELECT 1 FROM mates m WHERE m.user_id = \(me) AND m.mate_id = recipient_id) "
                        + "AND \(TableAccess.notHidden("recipient_id")) "
                        + "AND expires_at = created_at + \(WalkRequest.replyWindow * 1000) "
                        // Made now by the server's clock, as the app makes it on a server: one
                        // dated later would stay pending past its 60 seconds.
                        + "AND created_at = \(TableAccess.serverMilliseconds("statement_timestamp()"))"),
                // Only a pending request within its 60 seconds by the server's clock (judged
                // when the row is answered, as the app's conditional UPDATE judges it) is
                // answered: the receiver accepts or declines, the sender cancels; when a mate
                // link ends, either of the two cancels what is pending between them (the link
                // is gone by then, in the same transaction).
                TableAccess.Policy(
                    "walk_requests_answer", "UPDATE",
                    using: "status = 'pending' AND (sender_id = \(me) OR recipient_id = \(me)) "
                        + "AND expires_at > \(TableAccess.serverMilliseconds("clock_timestamp()"))",
                    check: "(recipient_id = \(me) AND status IN ('accepted', 'declined')) "
                        + "OR (sender_id = \(me) AND status = 'cancelled') "
                        + "OR (recipient_id = \(me) AND status = 'cancelled' AND NOT EXISTS "
                        + "(SELECT 1 FROM mates m WHERE m.user_id = \(me) AND m.mate_id = sender_id))"),
                // Expiring requests (walk_requests_expire) is done with the owner's rights.
                TableAccess.Policy("walk_requests_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("a request is between two people and stays out of one person's document"),
            summary:
                "read: sender and receiver; send: as oneself, `pending`, only to a mate neither blocked, made now by the server's "
                + "clock (`created_at` = `statement_timestamp()` in ms) with the 60-second window (`expires_at = "
                + "created_at + 60000`); answer: only a `pending` request whose `expires_at` is after "
                + "`clock_timestamp()`, the receiver to `accepted`/`declined`, the sender to `cancelled`, the "
                + "receiver to `cancelled` only once the two are no longer mates; never `expired` (only "
                + "`walk_requests_expire`, `definer`)"),
        TableAccess.readWrite(
            "walk_logs", policies: [TableAccess.ownerOnly("walk_logs", "user_id")], export: .section("walks"),
            summary: "the owner only"),
        // A route shows where its walker lives: its points are theirs alone, and hang only on
        // a walk of theirs (the foreign key on the pair (walk, walker)).
        TableAccess.readWrite(
            "walk_route_points", policies: [TableAccess.ownerOnly("walk_route_points", "user_id")],
            export: .section("walks"), summary: "the walker only"),
    ]
}
