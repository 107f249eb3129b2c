import Core
import Storage
import Testing

/// A row's `seq` is its place in insertion order, which breaks ties in a list. A member's
/// insert numbered its row one past the largest `seq` it could see: under row security only
/// the member's own, so their new habit, log or request came before other people's older
/// rows, and finding that largest read back through everyone else's rows since the
/// member's last. On a server `seq` counts on by itself (`SeqIdentity`).
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct SeqIdentityTests {
    /// A server set up before the identities: `admin.setup()` runs the steps, and members
    /// go on writing. Their `_issued` policies read each sequence's last value, which needs
    /// a privilege on the new sequences and a sequence that has given out the rows' numbers
    /// already (an answer updates a request from before).
    @Test func aServerUpgradedToTheIdentitiesKeepsItsMembersWriting() throws {
        let pair = try InboxRowSecurityTests.Pair()
        let (mina, joon) = (pair.mina, pair.joon)
        let before = try joon.call(
            "walks.request",
            ["mate": .string(mina.session.user.name), "message": "전에 보낸 산책", "place": ["lat": 37.52, "lng": 126.93]])[
                "id"]
        // The tables as walks 10 left them, and the server as set up then.
        var undo = ["UPDATE schema_versions SET version = 10 WHERE module = 'walks'"]
        for column in ["message", "place_name", "id"] {
            undo.append("ALTER TABLE walk_requests DROP CONSTRAINT walk_requests_\(column)_bytes_limit")
        }
        for table in ["walk_requests", "walk_logs"] {
            undo += [
                "DROP POLICY \(table)_seq_issued_insert ON \(table)",
                "DROP POLICY \(table)_seq_issued_update ON \(table)",
                "ALTER TABLE \(table) ALTER COLUMN seq DROP IDENTITY",
                "ALTER TABLE \(table) ALTER COLUMN seq SET DEFAULT 0",
            ]
        }
        try pair.server.admin.database.executeScript(undo.joined(separator: ";\n"))
        _ = try pair.server.admin.router.call("admin.setup", Arguments([:]), session: pair.server.adminSession)
        #expect(try mina.call("walks.accept", ["id": before])["status"] == "accepted")
        try joon.call(
            "walks.log",
            ["steps": 3000, "distance": 2400, "started_at": "2026-11-29T07:00:00Z", "ended_at": "2026-11-29T07:40:00Z"])
        let after = try mina.call(
            "walks.request",
            ["mate": .string(joon.session.user.name), "message": "또 갈래?", "place": ["lat": 37.52, "lng": 126.93]])["id"]
        #expect(try joon.call("walks.decline", ["id": after])["status"] == "declined")
    }

    @Test func aMembersNewRowsComeAfterEveryoneElsesInInsertionOrder() throws {
        let pair = try InboxRowSecurityTests.Pair()
        let (mina, joon) = (pair.mina, pair.joon)
        let admin = pair.server.admin.database
        // 500 other people's rows, written by the tables' owner past the policies.
        try admin.execute(
            """
            INSERT INTO users (id, name, created_at, name_key)
            SELECT 'seq-' || n, 'seq_' || n, 0, 'seq_' || n FROM generate_series(1, 500) n
            """)
        try admin.execute(
            """
            INSERT INTO habits (id, owner_id, name, start_day, created_at, updated_at, name_folded)
            SELECT 'habit-' || n, 'seq-' || n, '물 마시기 💧', '2026-01-01', 0, 0, '물 마시기 💧'
            FROM generate_series(1, 500) n
            """)
        try admin.execute(
            """
            INSERT INTO walk_logs (id, user_id, steps, distance, started_at, ended_at)
            SELECT 'log-' || n, 'seq-' || n, 100, 80, 0, 60000 FROM generate_series(1, 500) n
            """)
        try admin.execute(
            """
            INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status,
                created_at, expires_at)
            SELECT 'request-' || n, 'seq-' || n, 'seq-' || (n % 500 + 1), '산책?', 0, 0, 'declined', 0, 60000
            FROM generate_series(1, 500) n
            """)
        // Joon writes his through the app first: numbered past what he could see, his came
        // before the owner's rows, and Mina's before his.
        let walk = ["steps": Value.int(3000), "distance": 2400, "started_at": "2026-11-29T07:00:00Z"]
        for (name, ended) in [("물 마시기", "2026-11-29T07:30:00Z"), ("책 읽기 📚", "2026-11-29T07:35:00Z")] {
            try joon.call("habits.create", ["name": .string(name)])
            var log = walk
            log["ended_at"] = .string(ended)
            try joon.call("walks.log", log)
        }
        try mina.call("habits.create", ["name": "산책 🐕"])
        try mina.call(
            "walks.log",
            ["steps": 3000, "distance": 2400, "started_at": "2026-11-29T07:00:00Z", "ended_at": "2026-11-29T07:40:00Z"])
        try mina.call(
            "walks.request",
            ["mate": .string(joon.session.user.name), "message": "한강 갈래?", "place": ["lat": 37.52, "lng": 126.93]])
        let minaID = mina.session.user.id
        for (table, owner) in [("habits", "owner_id"), ("walk_logs", "user_id"), ("walk_requests", "sender_id")] {
            let hers = try admin.queryOne("SELECT seq FROM \(table) WHERE \(owner) = ?", [.text(minaID)]) {
                try $0.int(0)
            }
            let others = try admin.queryOne(
                "SELECT max(seq), count(DISTINCT seq), count(*) FROM \(table) WHERE \(owner) <> ?", [.text(minaID)]
            ) { (try $0.int(0), try $0.int(1), try $0.int(2)) }
            #expect(others?.1 == others?.2, "\(table): every row is numbered once")
            #expect((hers ?? 0) > (others?.0 ?? .max), "\(table): Mina's row comes after those written before it")
        }
    }
}
