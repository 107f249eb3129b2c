import Core

/// What members of a shared server may do to the tables Storage makes (Core's schema and the
/// event log's), beside `CoreSchema` and `EventSchema` (see `TableAccess`).
public enum StorageTableAccess {
    private static let me = TableAccess.me
    /// An inbox row whose actor and the acting member are not hidden from each other.
    private static let inboxShown = "(actor_id IS NULL OR \(TableAccess.notHidden("actor_id")))"
    private static let events: TableAccess.Export = .notExported(
        "events go to the events sink (events.flush), not into a person's document")

    /// The declarations, in the order setup creates their policies.
    public static let tables: [TableAccess] = [
        TableAccess(
            "schema_versions", privileges: "SELECT",
            policies: [
                TableAccess.Policy("schema_versions_read", "SELECT", using: "true", check: nil),
                // Setup records its own version here as the owner.
                TableAccess.Policy("schema_versions_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("the document carries its own version and each section's"),
            summary: "read: everyone; `definer`: the owner writes"),
        TableAccess(
            "users", privileges: "SELECT, INSERT",
            policies: [
                // Every member finds every other by name (mates, walk requests); a member adds
                // only themselves, on first use. No policy of this table may use `me` or
                // `notHidden`: they read this table through the views `app_me` and
                // `app_hidden`, and PostgreSQL refuses a policy that reaches its own table
                // ("infinite recursion detected in policy") where the owner is no superuser.
                TableAccess.Policy("users_read", "SELECT", using: "true", check: nil),
                TableAccess.Policy(
                    "users_insert_self", "INSERT", using: nil,
                    check: "name = session_user AND name_key = lower(session_user)"),
                TableAccess.Policy("users_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("the document's `user` names whose it is; an import adds to the importing user"),
            summary:
                "read: everyone (mates and walk requests find people by name); insert: only "
                + "`name = session_user`; `definer`: the owner"),
        TableAccess(
            "event_users", privileges: "SELECT, INSERT", policies: [TableAccess.ownerOnly("event_users", "user_id")],
            export: events, summary: "the user's own rows"),
        TableAccess.readWrite(
            "events",
            policies: [
                // An event's id is one its sequence has given out already (the restrictive
                // policies setup adds to every identity column), so no one can take an id
                // ahead of it and make another member's commit collide.
                TableAccess.Policy(
                    "events_owner", "ALL", using: "user_number IN (SELECT number FROM event_users)",
                    check: "user_number IN (SELECT number FROM event_users)"),
                // `event_backlog_size()` counts everyone's events with the owner's rights.
                TableAccess.Policy("events_definer", "SELECT", using: "true", check: nil, ownerOnly: true),
            ], export: events,
            summary:
                "rows whose `user_number` is one's own (`event_users`' policy applies inside); `definer`: the "
                + "owner reads them all, for `event_backlog_size()`, which members may call (a count)"),
        // The backlog's count of removed events: every member reads it; it holds no one's
        // data, and only `event_backlog_set_removed()` writes it, with the owner's rights.
        TableAccess(
            "event_backlog", privileges: "SELECT",
            policies: [TableAccess.Policy("event_backlog_shared", "ALL", using: "true", check: "true")],
            export: events,
            summary:
                "shared: it holds no one's data; only `event_backlog_set_removed()` writes it. The trigger "
                + "`event_backlog_guard` (a policy sees only the new row) keeps `removed` between 0 and the last "
                + "event id given"),
        TableAccess.readWrite(
            "event_drops", policies: [TableAccess.ownerOnly("event_drops", "user_id")], export: events,
            summary: "the user's own rows"),
        // The inbox, which is also the notification list: the recipient reads, marks
        // delivered and read, and deletes; nothing from someone either of them blocked;
        // the triggers write as the owner.
        TableAccess(
            "inbox", privileges: "SELECT", updates: ["delivered_at", "read_at", "claim"], deletes: true,
            policies: [
                TableAccess.Policy(
                    "inbox_recipient_read", "SELECT",
                    using: "recipient_id = \(me) AND \(inboxShown)",
                    check: nil),
                TableAccess.Policy(
                    "inbox_recipient_delivered", "UPDATE",
                    using: "recipient_id = \(me) AND \(inboxShown)",
                    check: "recipient_id = \(me)"),
                TableAccess.Policy("inbox_recipient_delete", "DELETE", using: "recipient_id = \(me)", check: nil),
                TableAccess.Policy("inbox_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("what others did, handed to the recipient's app.loop hooks once"),
            summary:
                "read (less what comes from someone either side blocked), mark delivered or read, and delete: the "
                + "recipient's own rows; written only by the trigger functions `walk_requests_inbox()`, "
                + "`mates_inbox()` and `book_comments_inbox()` (`definer`; docs/loop.md)"),
        // The daily counts: a member reads their own (the app says how many are left);
        // only the tables' quota triggers write them, with the owner's rights.
        TableAccess(
            "daily_counts", privileges: "SELECT",
            policies: [
                TableAccess.Policy("daily_counts_own", "SELECT", using: "user_id = \(me)", check: nil),
                TableAccess.Policy("daily_counts_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .notExported("the server's count of what each person added today, for the daily limits"),
            summary:
                "read: one's own counts; written only by the quota triggers of the tables with a daily limit "
                + "(`DailyQuota`, `definer`)"),
        // Blocks: a member reads, adds and ends their own; whom they hide and who hides them
        // reach the policies through the view `app_hidden`, never as rows: the view reads this
        // table as its owner, through `user_blocks_definer` (or past every policy, for a
        // superuser). No policy here may use `notHidden` (a policy reaching its own table).
        TableAccess(
            "user_blocks", privileges: "SELECT, INSERT", deletes: true,
            policies: [
                TableAccess.Policy("user_blocks_own", "ALL", using: "blocker_id = \(me)", check: "blocker_id = \(me)"),
                TableAccess.Policy("user_blocks_definer", "SELECT", using: "true", check: nil, ownerOnly: true),
            ],
            export: .section("people"),
            summary:
                "one's own blocks only as rows; the policies hide both sides of a block through the view `app_hidden`, "
                + "which reads them as the owner (`definer`) and answers a member with both sides of their own blocks"),
        // Reports: a member reads and makes their own, pending; only the moderator (the
        // server's administrator, the owner) reads the others and changes their status.
        TableAccess(
            "reports", privileges: "SELECT, INSERT",
            policies: [
                TableAccess.Policy("reports_own", "SELECT", using: "reporter_id = \(me)", check: nil),
                TableAccess.Policy(
                    "reports_insert", "INSERT", using: nil, check: "reporter_id = \(me) AND status = 'pending'"),
                TableAccess.Policy("reports_definer", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .section("reports"),
            summary:
                "read: one's own; make: as oneself, `pending`, once a thing, at most \(Report.maximumPerDay) a day "
                + "(`reports_quota`); never change or delete; `definer`: the moderator (the owner)"),
        // Resolutions: the moderator's (the owner's) alone.
        TableAccess(
            "report_resolutions", privileges: nil,
            policies: [
                TableAccess.Policy("report_resolutions_definer", "ALL", using: "true", check: "true", ownerOnly: true)
            ],
            export: .notExported("the moderator's record of what was done about each report"),
            summary: "`definer`: the moderator (the owner) records and reads them; no member"),
    ]
}
