import Core
import Dispatch
import Storage
import Synchronization
import Testing
import Time

@testable import Assembly

/// Row-level security on a set-up PostgreSQL server says what the Swift code says: one
/// scenario runs through the app as two members, then each member reads and writes every
/// table straight in SQL, and sees exactly what the app shows them and touches nothing of
/// the other's.
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct RowSecurityTests {
    /// A member's app, session and plain SQL connection.
    struct Member {
        let name: String
        let app: AssembledApp
        let session: Session
        let sql: PostgresDatabase

        @discardableResult
        func call(_ route: String, _ arguments: [String: Value] = [:]) throws -> Value {
            try app.router.call(route, Arguments(arguments), session: session)
        }

        func ids(_ route: String, _ arguments: [String: Value] = [:]) throws -> Set<String> {
            Set(try call(route, arguments).arrayValue?.compactMap { $0["id"].stringValue } ?? [])
        }

        func column(_ query: String) throws -> Set<String> {
            Set(try sql.query(query) { try $0.string(0) })
        }

        /// The code of the error `body` throws, or nil.
        func failure(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch {
                // Storage's failures (StorageError) too, with the code users see.
                return AppError.wrapping(error).code
            }
        }
    }

    /// Mina and Joon, with habits, stories, themes, profiles, walk logs; Joon joins Mina
    /// with her code and asks her for a walk; Mina keeps a second, unused code.
    final class Scenario: @unchecked Sendable {
        let server: PostgresMembers
        let mina: Member
        let joon: Member
        var minaCodes: [String] = []

        init() throws {
            let server = try PostgresMembers(["mina", "joon"])
            func member(_ prefix: String) throws -> Member {
                let name = server.name(prefix)
                let (app, session) = try server.app(of: name)
                return Member(name: name, app: app, session: session, sql: try server.sql(of: name))
            }
            self.server = server
            mina = try member("mina")
            joon = try member("joon")
            for (person, nickname) in [(mina, "미나"), (joon, "준호")] {
                try person.call("habits.create", ["name": .string("Run \(nickname)")])
                try person.call("habits.complete", ["ref": .string("Run \(nickname)")])
                try person.call("habits.remind", ["ref": .string("Run \(nickname)"), "time": "21:00"])
                try person.call(
                    "bookstories.create",
                    [
                        "book": ["title": "데미안", "author": "헤세"], "quotes": [.string("새는 알에서 \(nickname)")],
                        "keywords": ["비밀"], "visibility": "private",
                    ])
                try person.call(
                    "bookstories.create",
                    [
                        "book": ["title": "Open", "author": "X"], "quotes": [.string("공개 \(nickname)")],
                        "keywords": ["공개"],
                        "visibility": "public",
                    ])
                try person.call("bookstories.themes.create", ["name": "숨김", "visibility": "private"])
                try person.call("bookstories.themes.create", ["name": "열림", "visibility": "public"])
                try person.call(
                    "profiles.save",
                    [
                        "nickname": .string(nickname),
                        "dog": ["name": "콩", "age": 3, "sex": "female", "size": "small", "keywords": ["shy"]],
                    ])
                try person.call(
                    "walks.log",
                    [
                        "steps": 1200, "distance": 900.0, "started_at": "2026-11-30T08:00:00Z",
                        "ended_at": "2026-11-30T08:30:00Z",
                    ])
            }
            minaCodes.append(try mina.call("mates.invite")["code"].stringValue ?? "")
            try joon.call("mates.join", ["code": .string(minaCodes[0])])
            minaCodes.append(try mina.call("mates.invite")["code"].stringValue ?? "")
            try joon.call(
                "walks.request", ["mate": .string(mina.name), "message": "한강?", "place": ["lat": 37.5, "lng": 126.9]])
        }
    }

    @Test func eachMemberReadsInSQLExactlyWhatTheAppShowsThem() throws {
        let scenario = try Scenario()
        for (me, other) in [(scenario.mina, scenario.joon), (scenario.joon, scenario.mina)] {
            // Habits and their rows: one's own only.
            #expect(try me.column("SELECT id FROM habits") == me.ids("habits.list"))
            #expect(try me.column("SELECT count(*)::text FROM habit_completions") == ["1"])
            #expect(
                try me.column("SELECT habit_id FROM habit_reminders")
                    == Set((me.call("habits.reminders").arrayValue ?? []).compactMap { $0["habit_id"].stringValue }))
            #expect(try me.column("SELECT count(*)::text FROM habit_reminders") == ["1"])
            // Stories: one's own and everyone's public ones; quotes and keywords follow.
            let stories = try me.ids("bookstories.mine").union(try me.ids("bookstories.public"))
            #expect(stories.count == 3)
            #expect(try me.column("SELECT id FROM book_stories") == stories)
            #expect(
                try me.column(
                    "SELECT DISTINCT s.id FROM book_story_quotes q JOIN book_stories s ON s.seq = q.story_seq")
                    == stories)
            #expect(try me.column("SELECT DISTINCT story_seq::text FROM book_story_keywords").count == 3)
            // The other's private quote never comes back.
            let mine = me.name == scenario.mina.name ? "미나" : "준호"
            #expect(
                try me.column("SELECT text FROM book_story_quotes").filter { $0.hasPrefix("새는") } == ["새는 알에서 \(mine)"])
            // Themes: one's own and the other's public one.
            let themes = try me.ids("bookstories.themes.list").union(
                try me.ids("bookstories.themes.list", ["user": .string(other.name)]))
            #expect(themes.count == 3)
            #expect(try me.column("SELECT id FROM book_themes") == themes)
            // Profiles: everyone's.
            #expect(try me.column("SELECT nickname FROM profiles") == ["미나", "준호"])
            // Mates: both rows of the pair.
            #expect(try me.column("SELECT mate_id FROM mates").count == 2)
            #expect(try me.call("mates.list").arrayValue?.count == 1)
            // Walk requests: sender and receiver; walk logs: one's own.
            #expect(
                try me.column("SELECT id FROM walk_requests")
                    == me.ids("walks.incoming").union(try me.ids("walks.outgoing")))
            #expect(try me.column("SELECT id FROM walk_logs") == me.ids("walks.logs"))
            // Events: one's own only.
            #expect(try me.column("SELECT user_id FROM event_users") == [me.session.user.id])
            let everyone = try scenario.server.admin.database.queryOne(
                """
                SELECT count(*) FILTER (WHERE u.user_id = ?)::text, count(*) FILTER (WHERE u.user_id <> ?)
                FROM events e JOIN event_users u ON u.number = e.user_number
                """, [.text(me.session.user.id), .text(me.session.user.id)]
            ) { (try $0.string(0), try $0.int(1)) }
            #expect(try me.column("SELECT count(*)::text FROM events") == [everyone?.0 ?? ""])
            #expect((everyone?.1 ?? 0) > 0)  // the other's events exist, unseen
        }
        // Invite codes: only the inviter's, and never the other's.
        #expect(try scenario.mina.column("SELECT code FROM mate_invites") == Set(scenario.minaCodes))
        #expect(try scenario.joon.column("SELECT code FROM mate_invites") == [])
        #expect(try scenario.joon.column("SELECT count(*)::text FROM mate_attempts") == ["0"])
    }

    /// What the app deletes, a member deletes without holding `DELETE` on any table: through
    /// `app_delete`, their own rows only.
    @Test func aMemberDeletesThroughTheAppWithoutTheDeletePrivilege() throws {
        let scenario = try Scenario()
        let joon = scenario.joon
        let habit = try #require(try joon.ids("habits.list").first)
        try joon.call("habits.unremind", ["ref": .string(habit), "time": "21:00"])
        try joon.call("habits.uncomplete", ["ref": .string(habit)])
        try joon.call("habits.skip", ["ref": .string(habit)])
        try joon.call("habits.unskip", ["ref": .string(habit)])
        try joon.call("habits.delete", ["ref": .string(habit)])
        #expect(try joon.ids("habits.list").isEmpty)
        let stories = try joon.ids("bookstories.mine")
        for story in stories { try joon.call("bookstories.delete", ["id": .string(story)]) }
        #expect(stories.count == 2)
        #expect(try joon.ids("bookstories.mine").isEmpty)
        for theme in try joon.ids("bookstories.themes.list") {
            try joon.call("bookstories.themes.delete", ["id": .string(theme)])
        }
        #expect(try joon.ids("bookstories.themes.list").isEmpty)
        try joon.call("mates.remove", ["user": .string(scenario.mina.name)])
        #expect(try scenario.mina.call("mates.list").arrayValue?.isEmpty == true)
        // Mina's rows stand.
        #expect(try scenario.mina.ids("habits.list").count == 1)
        #expect(try scenario.mina.ids("bookstories.mine").count == 2)
        #expect(try scenario.mina.column("SELECT count(*)::text FROM habit_completions") == ["1"])
        #expect(try scenario.mina.column("SELECT count(*)::text FROM book_themes") == ["2"])
    }

    @Test func noMemberChangesAnotherPersonsRowOrTheSchema() throws {
        let scenario = try Scenario()
        let joon = scenario.joon
        let mina = scenario.mina.session.user.id
        // Updates aimed at the other's rows touch nothing.
        for statement in [
            "UPDATE habits SET name = 'x' WHERE owner_id = ?",
            "UPDATE book_stories SET content = 'x' WHERE author_id = ?",
            "UPDATE book_themes SET name = 'x' WHERE owner_id = ?",
            "UPDATE profiles SET nickname = 'x' WHERE user_id = ?",
            "UPDATE event_drops SET count = 0 WHERE user_id = ?",
        ] {
            #expect(try joon.sql.execute(statement, [.text(mina)]) == 0, "\(statement)")
        }
        // A member deletes only through app_delete, and only their own rows.
        func delete(_ table: String, _ column: String, _ comparison: String, _ value: String) throws -> Set<String> {
            try joon.column(
                "SELECT app_delete('\(table)', '{\(column)}', '{\"\(comparison)\"}', '{\"\(value)\"}')::text")
        }
        for (table, column) in [
            ("habits", "owner_id"), ("book_stories", "author_id"), ("book_themes", "owner_id"), ("profiles", "user_id"),
            ("walk_logs", "user_id"), ("event_drops", "user_id"),
        ] {
            #expect(try delete(table, column, "=", mina) == ["0"], "\(table)")
        }
        #expect(try delete("habit_completions", "id", ">=", "") == ["1"])  // his own, not Mina's
        #expect(try delete("habit_reminders", "habit_id", ">=", "") == ["1"])  // his own, not Mina's
        #expect(try scenario.mina.column("SELECT count(*)::text FROM habit_reminders") == ["1"])
        #expect(try scenario.mina.column("SELECT count(*)::text FROM habit_completions") == ["1"])
        // Not from a table the app never deletes from, nor past its columns and comparisons.
        for (table, column, comparison) in [
            ("mate_invites", "inviter_id", "="), ("users", "id", "="), ("event_backlog", "id", "="),
            ("habits", "owner_id", "<> ''; --"), ("habits", "nothing", "="), ("pg_catalog.pg_class", "oid", "="),
        ] {
            #expect(joon.failure { _ = try delete(table, column, comparison, mina) } != nil, "\(table) \(column)")
        }
        #expect(joon.failure { _ = try joon.column("SELECT app_delete('habits', '{}', '{}', '{}')::text") } != nil)
        // At most 16 conditions: 16 are taken, 17 are refused before any statement is built.
        func conditions(_ count: Int) -> String {
            let many = Array(repeating: "id", count: count).joined(separator: ",")
            let equal = Array(repeating: "=", count: count).joined(separator: ",")
            let values = Array(repeating: "x", count: count).joined(separator: ",")
            return "SELECT app_delete('habits', '{\(many)}', '{\(equal)}', '{\(values)}')::text"
        }
        #expect(try joon.column(conditions(16)) == ["0"])
        #expect(joon.failure { _ = try joon.column(conditions(17)) } != nil)
        // No DELETE and no table-wide UPDATE of their own: either would let a member lock a
        // table everyone uses (LOCK TABLE ... ACCESS EXCLUSIVE) until their transaction ends.
        for table in AppAssembly.tableAccess().filter({ $0.privileges != nil }).map(\.table) {
            #expect(
                joon.failure { try joon.sql.execute("DELETE FROM \(table) WHERE false") } == "forbidden", "\(table)")
            for mode in ["ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE ROW EXCLUSIVE", "SHARE", "SHARE UPDATE EXCLUSIVE"] {
                #expect(
                    joon.failure {
                        try joon.sql.transaction { _ = try joon.sql.execute("LOCK TABLE \(table) IN \(mode) MODE") }
                    }
                        == "forbidden", "\(table) \(mode)")
            }
        }
        // Writing rows as someone else, or what only the database may write, is refused.
        let refused: [(String, [SQLValue])] = [
            (
                "INSERT INTO habits (id, owner_id, name, start_day, created_at, updated_at) VALUES ('h', ?, 'x', '2026-12-01', 0, 0)",
                [.text(mina)]
            ),
            (
                "INSERT INTO mates (user_id, mate_id, since) VALUES (?, ?, 0)",
                [.text(mina), .text(joon.session.user.id)]
            ),
            ("INSERT INTO mate_attempts (user_id, at) VALUES (?, 0)", [.text(mina)]),
            // A reminder on someone else's habit.
            (
                "INSERT INTO habit_reminders (habit_id, remind_at, created_at) VALUES (?, '06:00', 0)",
                [.text(try scenario.mina.ids("habits.list").first ?? "")]
            ),
            ("UPDATE mate_invites SET used_by = ?", [.text(mina)]),
            // Inserting a code someone has would answer "duplicate": a probe past the
            // wrong-code limit. Codes are drawn only by mate_invite(), in the database.
            (
                "INSERT INTO mate_invites (code, inviter_id, created_at, expires_at) "
                    + "VALUES (?, (SELECT app_user_id()), 0, 600000)", [.text(scenario.minaCodes[1])]
            ),
            ("DELETE FROM event_users WHERE user_id = ?", [.text(mina)]),
            ("DELETE FROM habits WHERE owner_id = ?", [.text(mina)]),
            ("DELETE FROM mate_invites WHERE inviter_id = ?", [.text(mina)]),
            ("INSERT INTO users (id, name, name_key, created_at) VALUES ('u', 'someone', 'someone', 0)", []),
            ("UPDATE walk_requests SET status = 'accepted'", []),  // the sender may only cancel
            ("UPDATE walk_requests SET message = 'x'", []),  // only the status changes
            // The shared count of removed events stays between 0 and the last event id, and
            // no event takes an id ahead of the events' sequence.
            ("UPDATE event_backlog SET removed = -1", []),
            ("UPDATE event_backlog SET removed = 9000000000000000000", []),
            (
                "INSERT INTO events (id, user_number, name, occurred_at) VALUES "
                    + "((SELECT last_value + 1000 FROM events_id_seq), (SELECT min(number) FROM event_users), 'x', 0)",
                []
            ),
            // A number ahead of its identity sequence would collide with someone's later row.
            ("UPDATE book_themes SET seq = seq + 1000000 WHERE owner_id = (SELECT app_user_id())", []),
            (
                "INSERT INTO mate_reports (id, reporter_id, reported_id, reason, created_at) "
                    + "VALUES (1000000, (SELECT app_user_id()), ?, 'other', 0)", [.text(mina)]
            ),
            ("CREATE TABLE mine (id TEXT)", []),
            ("ALTER TABLE habits DISABLE ROW LEVEL SECURITY", []),
            ("DROP POLICY habits_owner ON habits", []),
        ]
        for (statement, arguments) in refused {
            #expect(joon.failure { try joon.sql.execute(statement, arguments) } == "forbidden", "\(statement)")
        }
        // A request is sent to a mate with the 60-second window, never a longer one.
        let now = "CAST(floor(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT)"
        let send =
            "INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status, "
            + "created_at, expires_at) VALUES (?, (SELECT app_user_id()), ?, 'x', 0, 0, 'pending', \(now), \(now) + ?)"
        #expect(
            joon.failure { try joon.sql.execute(send, [.text("w1"), .text(mina), .int(3_600_000)]) } == "forbidden")
        #expect(try joon.sql.execute(send, [.text("w2"), .text(mina), .int(60_000)]) == 1)
        #expect(
            joon.failure { try joon.sql.execute(send, [.text("w3"), .text(joon.session.user.id), .int(60_000)]) }
                == "forbidden")  // not a mate of oneself
        // The receiver accepts; the sender then cannot cancel an answered request.
        let request = try #require(
            try scenario.mina.call("walks.incoming", ["status": "pending"]).arrayValue?.first?["id"].stringValue)
        #expect(try scenario.mina.call("walks.accept", ["id": .string(request)])["status"] == "accepted")
        #expect(
            try joon.sql.execute("UPDATE walk_requests SET status = 'cancelled' WHERE id = ?", [.text(request)]) == 0)
    }

    /// The 60-second window is the server's, in SQL as in the app: a member with `psql` can
    /// neither make a request that starts at another time than now by the server's clock
    /// (one made to start next year would stay pending all year) nor answer one whose window
    /// has passed by that clock.
    @Test func walkRequestsKeepTheServersSixtySecondsInSQL() throws {
        let scenario = try Scenario()
        let joon = scenario.joon
        let mina = scenario.mina
        let serverNow = "CAST(floor(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT)"
        func sending(_ id: String, at created: String) -> String {
            "INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status, "
                + "created_at, expires_at) VALUES (?, (SELECT app_user_id()), ?, 'x', 0, 0, 'pending', \(created), "
                + "\(created) + 60000)"
        }
        let request = try #require(
            try mina.call("walks.incoming", ["status": "pending"]).arrayValue?.first?["id"].stringValue)
        let minaID = SQLValue.text(mina.session.user.id)
        for (id, created) in [
            ("past", "0"), ("next_year", "\(serverNow) + 31536000000"), ("later", "\(serverNow) + 5000"),
        ] {
            let failure = joon.failure { try joon.sql.execute(sending(id, at: created), [.text(id), minaID]) }
            #expect(failure == "forbidden", "\(id)")
        }
        #expect(try joon.sql.execute(sending("now", at: serverNow), [.text("now"), minaID]) == 1)
        // The app's request and the one just sent, 61 seconds old by the server's clock (moved
        // back as the owner).
        for id in [request, "now"] {
            try scenario.server.admin.database.execute(
                "UPDATE walk_requests SET created_at = created_at - 61000, expires_at = expires_at - 61000 WHERE id = ?",
                [.text(id)])
        }
        #expect(
            try mina.sql.execute("UPDATE walk_requests SET status = 'accepted' WHERE id = ?", [.text(request)]) == 0)
        #expect(try joon.sql.execute("UPDATE walk_requests SET status = 'cancelled' WHERE id = 'now'") == 0)
        #expect(mina.failure { try mina.call("walks.accept", ["id": .string(request)]) } == "walks.not_pending")
        #expect(try mina.column("SELECT status FROM walk_requests WHERE id = 'now'") == ["pending"])
    }

    /// A server set up by an older app-shell gets the policies as they are now when its
    /// administrator runs `admin.setup()` again: a policy that changed is replaced, not kept
    /// beside the new one (permissive policies add up).
    @Test func setupAgainAfterAnUpgradeReplacesChangedPolicies() throws {
        let server = try PostgresMembers([])
        try server.admin.database.executeScript(
            """
            DROP POLICY walk_requests_send ON walk_requests;
            CREATE POLICY walk_requests_send ON walk_requests FOR INSERT WITH CHECK (true);
            DROP POLICY events_id_issued_insert ON events;
            CREATE POLICY events_id_issued_insert ON events AS RESTRICTIVE FOR INSERT
                WITH CHECK (id <= (SELECT last_value FROM events_id_seq));
            UPDATE schema_versions SET version = 1 WHERE module = 'server_setup'
            """)
        _ = try server.admin.router.call("admin.setup", Arguments([:]), session: server.adminSession)
        // The identity columns' policies too: the version 3 text read the sequence once per
        // statement and refused the later rows of a multi-row insert of events.
        let issued = try server.admin.database.queryOne(
            "SELECT with_check FROM pg_policies WHERE schemaname = ? AND policyname = 'events_id_issued_insert'",
            [.text(server.schema)]
        ) { try $0.string(0) }
        #expect(issued?.contains("pg_sequence_last_value") == true, "\(issued ?? "no policy")")
        let check = try server.admin.database.queryOne(
            "SELECT with_check FROM pg_policies WHERE schemaname = ? AND policyname = 'walk_requests_send'",
            [.text(server.schema)]
        ) { try $0.string(0) }
        #expect(check?.contains("statement_timestamp()") == true, "\(check ?? "no policy")")
        #expect(
            try server.admin.database.queryOne(
                "SELECT version FROM schema_versions WHERE module = 'server_setup'", { try $0.int(0) })
                == ServerSetup.version)
    }

    /// A module's changed declarations reach the server at the next setup without the setup
    /// version being raised: setup records a digest of the grants and policies it applied,
    /// replaces every policy when it differs (a policy no longer declared goes too), and
    /// then, run again, changes nothing.
    @Test func changedDeclarationsAreAppliedWithoutAVersionBump() throws {
        let server = try PostgresMembers([])
        let database = server.admin.database
        let modules = StorageAssembly.modules(AppAssembly.plugins)
        let today = AppAssembly.tableAccess()
        func policy(_ name: String) throws -> String? {
            try database.queryOne(
                "SELECT coalesce(qual, '') || ' ' || coalesce(with_check, '') FROM pg_policies "
                    + "WHERE schemaname = ? AND policyname = ?", [.text(server.schema), .text(name)]
            ) { try $0.string(0) }
        }
        // Declarations where walk_logs' one policy is renamed and narrowed to nothing.
        let changed = today.map { table -> TableAccess in
            guard table.table == "walk_logs" else { return table }
            return TableAccess(
                table.table, privileges: table.privileges, updates: table.updates, deletes: table.deletes,
                policies: [TableAccess.Policy("walk_logs_none", "ALL", using: "false", check: "false")],
                export: table.export, summary: table.summary)
        }
        let applied = try ServerSetup(database: database, modules: modules, access: changed).setup().applied
        #expect(applied.contains("policies replaced"))
        #expect(try policy("walk_logs_owner") == nil)
        #expect(try policy("walk_logs_none") == "false false")
        #expect(try ServerSetup(database: database, modules: modules, access: changed).setup().applied == [])
        // Today's declarations again: back as they were.
        _ = try ServerSetup(database: database, modules: modules, access: today).setup()
        #expect(try policy("walk_logs_none") == nil)
        #expect(try policy("walk_logs_owner") != nil)
        #expect(
            try database.queryOne(
                "SELECT version FROM schema_versions WHERE module = 'server_setup'", { try $0.int(0) })
                == ServerSetup.version)
    }

    /// The event backlog's cap is one for the server, though a member reads only their own
    /// events: a member's drop counts everyone's (`event_backlog_size()`, with the owner's
    /// rights) and drops that member's oldest. Counted from their own rows, the cap was one
    /// per member. Members may take the backlog's row lock that makes drops take turns.
    @Test func aMembersDropKeepsTheServersOneCapAndTouchesOnlyTheirOwnEvents() throws {
        let server = try PostgresMembers(["mina", "joon"])
        let stores = try ["mina", "joon"].map { prefix in
            let (app, session) = try server.app(of: server.name(prefix))
            app.database.close()
            let database = try server.sql(of: server.name(prefix))
            return (database, SQLEventStore(database: database, capacity: 6), session.user.id)
        }
        defer { stores.forEach { $0.0.close() } }
        let event = { (name: String, user: String) in
            PendingEvent(
                name: name, view: "v", params: [("n", name)], occurredAt: Instant(secondsSince1970: 0), userID: user)
        }
        let (mina, joon) = (stores[0], stores[1])
        for index in 1...4 { try mina.1.insert([event("m\(index)", mina.2)]) }
        for index in 1...4 { try joon.1.insert([event("j\(index)", joon.2)]) }
        // Setup and the two add_member calls stored 3 events of the administrator's, which
        // no member can drop: the server holds at most 6, and every event of each member is
        // kept or counted in their own marker. Joon never had more than 4 of his own, yet
        // his drops made room: they counted everyone's.
        #expect(try joon.1.storedCount() <= 6)
        for (_, store, user) in stores {
            let read = try store.events(of: user, named: nil, since: nil, limit: 10)
            let dropped =
                read.first { $0.event.name == StoredEvent.droppedName }
                .flatMap { $0.event.params.first { $0.key == "count" } }.flatMap { Int($0.value) } ?? 0
            #expect(read.filter { $0.event.name != StoredEvent.droppedName }.count + dropped == 4)
        }
        let joons = try joon.1.events(of: joon.2, named: nil, since: nil, limit: 10)
        #expect(joons.first?.event.name == StoredEvent.droppedName)
        // Each still reads only their own.
        #expect(try joon.1.events(of: mina.2, named: nil, since: nil, limit: 10).isEmpty)
    }

    @Test func joiningGivesOneAnswerForEveryFailureAndStopsAfterFiveWrongCodes() throws {
        let scenario = try Scenario()
        let joon = scenario.joon
        let used = scenario.minaCodes[0]
        let ownCode = try joon.call("mates.invite")["code"].stringValue ?? ""
        var messages: Set<String> = []
        for code in [used, ownCode, "ZZZZZZ", scenario.minaCodes[1], "YYYYYY"] {
            do {
                try joon.call("mates.join", ["code": .string(code)])
                Issue.record("\(code) joined")
            } catch let error as AppError {
                #expect(error.code == "mates.bad_code")
                messages.insert(error.message)
            }
        }
        #expect(messages.count == 1)  // used, own, unknown, and mates already: one answer
        #expect(
            joon.failure { try joon.call("mates.join", ["code": .string(scenario.minaCodes[1])]) }
                == "mates.too_many_attempts")
        #expect(try joon.column("SELECT count(*)::text FROM mate_attempts") == ["5"])
    }

    @Test func setupSecuresEveryTableAndIsOwnedByNoMember() throws {
        let server = try PostgresMembers(["sol"])
        let admin = server.admin.database
        let tables = try admin.query(
            """
            SELECT c.relname, c.relrowsecurity AND c.relforcerowsecurity,
                EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = n.nspname AND p.tablename = c.relname),
                pg_has_role(?, c.relowner, 'MEMBER')
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'm')
            """, [.text(server.name("sol")), .text(server.schema)]
        ) { row in (try row.string(0), try row.bool(1), try row.bool(2), try row.bool(3)) }
        #expect(tables.count >= 30)
        for (table, forced, hasPolicy, ownedByMember) in tables {
            #expect(forced && hasPolicy && !ownedByMember, "\(table)")
        }
        // A view reads its tables as its owner (the owner's policies, or none for a
        // superuser): the schema holds only the two the policies read, each a security
        // barrier owned by no member.
        let views = try admin.query(
            """
            SELECT c.relname, coalesce('security_barrier=true' = ANY (c.reloptions), false),
                pg_has_role(?, c.relowner, 'MEMBER')
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = ? AND c.relkind = 'v' ORDER BY 1
            """, [.text(server.name("sol")), .text(server.schema)]
        ) { row in (try row.string(0), try row.bool(1), try row.bool(2)) }
        #expect(views.map(\.0) == ["app_hidden", "app_me"])
        for (view, barrier, ownedByMember) in views {
            #expect(barrier && !ownedByMember, "\(view)")
        }
        // Run again, setup finds nothing missing.
        let again = try server.admin.router.call("admin.setup", Arguments([:]), session: server.adminSession)
        #expect(again["applied"].arrayValue == [])
        // A member may not administer.
        let (app, session) = try server.app(of: server.name("sol"))
        #expect(throws: AppError.self) { try app.router.call("admin.setup", Arguments([:]), session: session) }
        do {
            _ = try app.router.call("admin.members", Arguments([:]), session: session)
        } catch let error as AppError {
            #expect(error.code == "admin.not_allowed")
        }
    }

    /// admin.setup() reports its steps in the order it took them: the tables' row-level
    /// security in the order of their names (they came from a dictionary, in no order).
    @Test func setupReportsItsStepsInTheOrderItTookThem() throws {
        let (server, schema) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
        let location = PostgresDatabase.scratchURL(server: server, schema: schema)
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        let app = try AppAssembly.assemble(
            AppOptions(databasePath: location, clock: FixedClock(instant, timeZone: .utc)))
        defer { app.database.close() }
        let session = try #require(try app.loginSession())
        let result = try app.router.call("admin.setup", Arguments([:]), session: session)
        let steps = (result["applied"].arrayValue ?? []).compactMap(\.stringValue)
        let secured = steps.filter { $0.hasPrefix("row-level security on ") }
        #expect(secured.count > 10)
        #expect(secured == secured.sorted())
    }

    @Test func twoAdministratorsSettingUpAtOnceTakeTurns() throws {
        let (server, schema) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
        let location = PostgresDatabase.scratchURL(server: server, schema: schema)
        let applied = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let app = try AppAssembly.assemble(
                    AppOptions(databasePath: location, clock: SystemClock(timeZone: .utc)))
                defer { app.database.close() }
                guard let session = try app.loginSession() else { return }
                let result = try app.router.call("admin.setup", Arguments([:]), session: session)
                applied.withLock { $0.append(result["applied"].arrayValue?.count ?? -1) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        // One of them did everything; the others, after it, found nothing missing.
        #expect(applied.withLock { $0.sorted() }.dropLast() == [0, 0, 0])
        #expect((applied.withLock { $0.max() } ?? 0) > 30)
    }

    /// Four schemas of one database set up at once: each grants on the database's one
    /// catalog row, which PostgreSQL refuses to a second writer ("tuple concurrently
    /// updated") rather than making it wait; setup runs its transaction again.
    @Test func fourSchemasOfOneDatabaseSetUpAtOnce() throws {
        let failures = Mutex<[String]>([])
        for _ in 0..<3 {
            let schemas = try (0..<4).map { _ in try PostgresDatabase.makeScratchSchema() }
            defer {
                for (server, schema) in schemas { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
            }
            DispatchQueue.concurrentPerform(iterations: schemas.count) { index in
                do {
                    let (server, schema) = schemas[index]
                    let app = try AppAssembly.assemble(
                        AppOptions(
                            databasePath: PostgresDatabase.scratchURL(server: server, schema: schema),
                            clock: SystemClock(timeZone: .utc)))
                    defer { app.database.close() }
                    guard let session = try app.loginSession() else { return }
                    _ = try app.router.call("admin.setup", Arguments([:]), session: session)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    /// A module this app-shell knows and the server has not been set up for.
    struct NewerModule: ModulePlugin {
        var name: String { "newer" }
        var migrations: [Migration] { [Migration(version: 1, summary: "new", sql: "CREATE TABLE newer (id TEXT)")] }
        func register(in container: Container) {}
        func routes() -> [Route] { [] }
    }

    @Test func aMemberWithANewerAppShellIsToldToAskForSetup() throws {
        let server = try PostgresMembers(["sol"])
        var options = AppOptions(databasePath: server.url(of: server.name("sol")), clock: SystemClock(timeZone: .utc))
        options.plugins.append(NewerModule())
        do {
            _ = try AppAssembly.assemble(options)
            Issue.record("a newer app-shell started")
        } catch let error as AppError {
            #expect(error.code == "storage.schema_outdated")
            #expect(error.message.contains("admin.setup()"))
            #expect(error.message.contains("newer"))
        }
    }

    @Test func theLoginIsTheUserAndCannotBeSwitched() throws {
        let server = try PostgresMembers(["sol"])
        let (app, session) = try server.app(of: server.name("sol"))
        #expect(session.user.name == server.name("sol"))
        #expect(app.identity == .databaseLogin(server.name("sol")))
        #expect(throws: AppError.self) { try app.session(for: "someone") }
        do {
            _ = try app.router.call("app.login", Arguments(["name": "someone"]), session: session)
            Issue.record("app.login switched user")
        } catch let error as AppError {
            #expect(error.code == "app.login_not_available")
        }
        // A wrong password is refused and never echoed.
        do {
            _ = try PostgresDatabase(server.url(of: server.name("sol"), password: "wrong-pass-42"))
            Issue.record("a wrong password logged in")
        } catch {
            let error = AppError.wrapping(error)
            #expect(error.code == "storage.unavailable")
            #expect(!error.message.contains("wrong-pass-42"))
        }
    }

    @Test func passwordsStayOutOfEventsAndErrors() throws {
        let server = try PostgresMembers([])
        let secret = "s3cret-그림-🐶"
        _ = try server.admin.router.call(
            "admin.add_member", Arguments(["name": .string("x_\(server.schema)"), "password": .string(secret)]),
            session: server.adminSession)
        do {
            _ = try server.admin.router.call(
                "admin.add_member", Arguments(["name": .string("x_\(server.schema)"), "password": .string(secret)]),
                session: server.adminSession)
            Issue.record("a member was added twice")
        } catch let error as AppError {
            #expect(error.code == "admin.member_exists")
            #expect(!error.message.contains(secret))
        }
        do {
            _ = try server.admin.router.call(
                "admin.add_member", Arguments(["name": .string("y_\(server.schema)"), "password": "short"]),
                session: server.adminSession)
        } catch let error as AppError {
            #expect(error.code == "invalid_argument" && error.field == "password" && !error.message.contains("short"))
        }
        let events = try server.admin.router.call(
            "events.list", Arguments(["limit": 100]), session: server.adminSession)
        #expect(!"\(events)".contains(secret))
        #expect("\(events)".contains("admin.add_member"))
        // The member logs in with it: the verifier matches the server's SCRAM.
        let connection = try PostgresDatabase(server.url(of: "x_\(server.schema)", password: secret))
        #expect(try connection.queryOne("SELECT session_user::text") { try $0.string(0) } == "x_\(server.schema)")
    }
}
