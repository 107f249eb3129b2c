import Assembly
import Core
import Storage
import Testing

/// The steps that made the inbox the notification list (core 14, walks 8, mates 8,
/// bookstories 12), on both backends: the entries the earlier triggers wrote, in their own
/// JSON (`json_object` on SQLite, `json_build_object` on PostgreSQL), get their actor and
/// subject; the new triggers write both.
@Suite struct InboxStepTests {
    /// Every module's migrations up to the step before the notification list.
    private static let before: [String: Int] = ["core": 13, "walks": 7, "mates": 7, "bookstories": 11]

    private struct Entry: Equatable {
        let recipient: String
        let name: String
        let actor: String?
        let subject: String?
    }

    private func entries(_ database: any Database) throws -> [Entry] {
        try database.query("SELECT recipient_id, name, actor_id, subject_id FROM inbox ORDER BY id", []) {
            Entry(
                recipient: try $0.string(0), name: try $0.string(1), actor: $0.optionalString(2),
                subject: $0.optionalString(3))
        }
    }

    @Test(arguments: DatabaseBackend.available)
    func entriesWrittenBeforeGetTheirActorAndSubject(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        defer { database.close() }
        let modules = StorageAssembly.modules(AppAssembly.plugins).map { module in
            Migrator.Module(
                name: module.name,
                migrations: Self.before[module.name].map { Array(module.migrations.prefix($0)) } ?? module.migrations)
        }
        try Migrator(database: database).migrate(modules)
        for (id, name) in [("u-me", "me"), ("u-joon", "joon")] {
            try database.execute(
                "INSERT INTO users (id, name, name_key, created_at) VALUES (?, ?, ?, 1000)",
                [.text(id), .text(name), .text(name)])
        }
        // Joon joins by my code; he asks me for a walk, and I accept.
        try database.execute(
            "INSERT INTO mate_invites (code, inviter_id, created_at, expires_at, used_by) VALUES ('ABC234', 'u-me', 1000, 9000, 'u-joon')",
            [])
        try database.execute(
            "INSERT INTO mates (user_id, mate_id, since) VALUES ('u-me', 'u-joon', 2000), ('u-joon', 'u-me', 2000)", [])
        try database.execute(
            """
            INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status, created_at, expires_at)
            VALUES ('r-1', 'u-joon', 'u-me', '산책 🐕', 37.5, 127.0, 'pending', 3000, 63000)
            """, [])
        try database.execute("UPDATE walk_requests SET status = 'accepted', answered_at = 4000 WHERE id = 'r-1'", [])
        #expect(try database.queryOne("SELECT count(*) FROM inbox", []) { try $0.int(0) } == 3)

        try StorageAssembly.migrate(database, plugins: AppAssembly.plugins)
        let filled = [
            Entry(recipient: "u-me", name: "mates.joined", actor: "u-joon", subject: "u-joon"),
            Entry(recipient: "u-me", name: "walks.incoming", actor: "u-joon", subject: "r-1"),
            Entry(recipient: "u-joon", name: "walks.answered", actor: "u-me", subject: "r-1"),
        ]
        #expect(try entries(database) == filled)
        // The new triggers name both at once.
        try database.execute(
            """
            INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status, created_at, expires_at)
            VALUES ('r-2', 'u-me', 'u-joon', '또?', 37.5, 127.0, 'pending', 5000, 65000)
            """, [])
        try database.execute("UPDATE walk_requests SET status = 'declined', answered_at = 6000 WHERE id = 'r-2'", [])
        #expect(
            try entries(database).suffix(2) == [
                Entry(recipient: "u-joon", name: "walks.incoming", actor: "u-me", subject: "r-2"),
                Entry(recipient: "u-me", name: "walks.answered", actor: "u-joon", subject: "r-2"),
            ])
    }
}
