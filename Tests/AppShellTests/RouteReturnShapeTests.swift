import AppTestSupport
import Assembly
import Core
import FoundationEssentials
import Storage
import Testing
import Time

@testable import AppShell

/// Every route of every plugin in the composition root, called with valid arguments on a
/// fresh database, returns what its declaration says: the declared record shape (each
/// required field present, no undeclared key, each value of its field's type), list, or
/// basic type. A route added without a call here fails the test, as does a returned record
/// that drifted from the shape the stubs and the reference are generated from.
@Suite struct RouteReturnShapeTests {
    /// A fresh app: a `:memory:` database (or a new schema on the PostgreSQL test server)
    /// wired by `AppAssembly` exactly as `app-shell` wires it, a fixed clock in Seoul, and
    /// "me" signed in.
    final class App {
        let router: Router
        let session: Session
        let accounts: UserAccounts
        let checker: RecordShapeChecker
        let folder: String
        /// The PostgreSQL test server and schema, dropped with the app.
        let scratch: (server: String, schema: String)?
        private(set) var called: Set<String> = []
        private(set) var problems: [String] = []

        init(_ backend: DatabaseBackend = .sqlite) throws {
            let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
            let clock = FixedClock(instant, timeZone: try TimeZoneRules.named("Asia/Seoul"))
            folder = try Self.temporaryFolder()
            scratch = backend == .postgres ? try PostgresDatabase.makeScratchSchema() : nil
            let app = try AppAssembly.assemble(
                AppOptions(
                    databasePath: scratch.map(PostgresDatabase.scratchURL) ?? ":memory:", clock: clock,
                    eventSink: CompositionRoot.eventSink("\(folder)/events.jsonl"), superuserActsAsAnyone: true))
            router = app.router
            accounts = try app.container.resolve(UserAccounts.self)
            session = try app.session(for: "me")
            checker = RecordShapeChecker(app.shapes)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: folder)
            if let scratch { PostgresDatabase.dropScratchSchema(server: scratch.server, schema: scratch.schema) }
        }

        /// Calls `name` as the acting user and checks the result against the route's
        /// declared return type; returns the result for the calls that follow.
        @discardableResult
        func call(_ name: String, _ arguments: [String: Value] = [:]) throws -> Value {
            let route = try #require(router.route(named: name), "no route \(name)")
            let value = try router.call(name, Arguments(arguments), session: session)
            called.insert(name)
            problems += checker.problems(value, as: route.returns, at: name)
            return value
        }

        /// Calls `name`, which must fail with `code` (a route this backend does not offer).
        func callFailing(_ name: String, _ arguments: [String: Value] = [:], code: String) {
            #expect(router.route(named: name) != nil, "no route \(name)")
            #expect(throws: AppError.self) {
                do {
                    _ = try router.call(name, Arguments(arguments), session: session)
                } catch let error as AppError {
                    #expect(error.code == code, "\(name)")
                    throw error
                }
            }
            called.insert(name)
        }

        /// Acts as `name` from now on.
        func actAs(_ name: String) throws { try call("app.login", ["name": .string(name)]) }

        /// The field `key` of a returned record (an id or a code for the calls that follow).
        func field(_ value: Value, _ key: String) throws -> Value {
            guard case .table(let record) = value, let found = record[key] else {
                Issue.record("no field \(key) in \(value)")
                throw AppError(code: "test", message: "no field \(key)")
            }
            return found
        }

        static func temporaryFolder() throws -> String {
            let path = "\(FileManager.default.temporaryDirectory.path)/route-shapes-\(Identifier.random())"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }
    }

    @Test(arguments: DatabaseBackend.available)
    func everyRouteReturnsItsDeclaredShape(backend: DatabaseBackend) throws {
        let app = try App(backend)

        try app.call("app.today")
        try app.call("app.now")
        try app.call("app.user")
        try app.call("app.routes")

        // Habits: one habit through its whole life, with a completion and an archived period.
        try app.call("habits.create", ["name": "Run", "start": "2026-11-01"])
        try app.call("habits.get", ["ref": "Run"])
        try app.call("habits.complete", ["ref": "Run", "on": "2026-11-28"])
        try app.call("habits.completions", ["ref": "Run", "from": "2026-11-01"])
        try app.call("habits.day", ["on": "2026-11-28"])
        try app.call("habits.today")
        try app.call("habits.calendar", ["ref": "Run", "year": 2026, "month": 11])
        try app.call("habits.stats", ["ref": "Run"])
        try app.call("habits.overview")
        try app.call(
            "habits.create",
            [
                "name": "Read", "start": "2026-11-01", "unit": "쪽", "target": 20,
                "frequency": ["times": 3, "per": "week"],
            ])
        try app.call("habits.complete", ["ref": "Read", "value": 12, "on": "2026-11-27"])
        try app.call("habits.complete", ["ref": "Read", "value": 8, "on": "2026-11-27"])
        try app.call(
            "habits.set_frequency", ["ref": "Read", "frequency": ["weekdays": ["mon", "fri"]], "from": "2026-11-16"])
        try app.call("habits.skip", ["ref": "Read", "on": "2026-11-26"])
        try app.call("habits.unskip", ["ref": "Read", "on": "2026-11-26"])
        try app.call("habits.skip", ["ref": "Read", "on": "2026-11-24"])
        try app.call("habits.pause", ["ref": "Read", "from": "2026-11-20", "to": "2026-11-22"])
        try app.call("habits.note", ["ref": "Read", "text": "좋은 책 📚", "on": "2026-11-27"])
        try app.call("habits.details", ["ref": "Read"])
        try app.call("habits.remind", ["ref": "Read", "time": "21:00"])
        try app.call("habits.remind", ["ref": "Read", "time": "07:30"])
        try app.call("habits.reminders")
        try app.call("habits.unremind", ["ref": "Read", "time": "07:30"])
        try app.call("habits.stats", ["ref": "Read"])
        try app.call("habits.stats", ["ref": "Run"])
        try app.call("habits.scores", ["ref": "Read", "from": "2026-11-20"])
        try app.call("habits.year", ["ref": "Read"])
        try app.call("habits.calendar", ["ref": "Read", "year": 2026, "month": 11])
        try app.call("habits.day", ["on": "2026-11-27"])
        try app.call("habits.unpause", ["ref": "Read", "from": "2026-11-20"])
        try app.call("habits.uncomplete", ["ref": "Run", "on": "2026-11-28"])
        try app.call("habits.rename", ["ref": "Run", "name": "Morning run"])
        try app.call("habits.archive", ["ref": "Morning run"])
        try app.call("habits.list", ["archived": "all"])
        try app.call("habits.unarchive", ["ref": "Morning run"])
        try app.call("habits.delete", ["ref": "Morning run"])

        // BookStories: a theme, a story in it, every read scope, then both deleted.
        let theme = try app.field(
            try app.call("bookstories.themes.create", ["name": "성장", "visibility": "public"]), "id")
        try app.call("bookstories.themes.update", ["id": theme, "name": "자람"])
        try app.call("bookstories.themes.list")
        let story = try app.field(
            try app.call(
                "bookstories.create",
                [
                    "book": ["title": "데미안", "author": "헤르만 헤세"], "quotes": ["새는 알에서 나오려고 투쟁한다."],
                    "content": "🐣", "keywords": ["성장"], "themes": [theme], "visibility": "public",
                ]), "id")
        try app.call("bookstories.get", ["id": story])
        try app.call("bookstories.update", ["id": story, "content": "다시 읽음"])
        try app.call("bookstories.mine", ["keyword": "성장"])
        try app.call("bookstories.public")
        try app.call("bookstories.of", ["user": "me"])
        try app.call("bookstories.review", ["count": 3])
        let comment = try app.field(try app.call("bookstories.comment", ["story_id": story, "text": "저도요 🌱"]), "id")
        let reply = try app.field(try app.call("bookstories.reply", ["comment_id": comment, "text": "답글"]), "id")
        try app.call("bookstories.comments", ["story_id": story])
        try app.call("bookstories.replies", ["comment_id": comment])
        try app.call("bookstories.edit_comment", ["id": reply, "text": "고친 답글"])
        try app.call("bookstories.delete_comment", ["id": comment])

        // Profiles, with a real photo through libvips.
        try app.call(
            "profiles.save",
            [
                "nickname": "보리맘",
                "dog": ["name": "보리", "age": 3, "sex": "female", "size": "small", "keywords": ["friendly"]],
            ])
        try app.call("profiles.me")
        let photo = "\(app.folder)/bori.png"
        try TestImages.writePNG(to: photo, width: 16, height: 16)
        try app.call("profiles.set_photo", ["path": .string(photo)])
        try app.call("profiles.photo", ["size": "card"])
        try app.call("profiles.get", ["user": "me"])

        // Mates: "mina" joins with my code.
        let code = try app.field(try app.call("mates.invite"), "code")
        try app.actAs("mina")
        try app.call(
            "profiles.save",
            ["nickname": "미나", "dog": ["name": "콩", "age": 1, "sex": "male", "size": "medium", "keywords": ["shy"]]])
        try app.call("mates.join", ["code": code])
        try app.call("mates.list")
        try app.call("profiles.photo", ["user": "me", "size": "thumbnail"])

        // Walks: mina asks three times; she cancels one, I accept one and decline one.
        let place: Value = ["lat": 37.52, "lng": 126.93, "name": "한강"]
        let cancelled = try app.field(
            try app.call("walks.request", ["mate": "me", "message": "한강 갈래?", "place": place]), "id")
        try app.call("walks.outgoing")
        try app.call("walks.cancel", ["id": cancelled])
        let accepted = try app.field(
            try app.call("walks.request", ["mate": "me", "message": "지금?", "place": place]), "id")
        let declined = try app.field(
            try app.call("walks.request", ["mate": "me", "message": "내일?", "place": place]), "id")
        try app.actAs("me")
        try app.call("walks.incoming", ["status": "pending"])
        try app.call("walks.accept", ["id": accepted])
        try app.call("walks.decline", ["id": declined])
        try app.call(
            "walks.log",
            [
                "steps": 1200, "distance": 0.9, "started_at": "2026-11-29T07:00:00+09:00",
                "ended_at": "2026-11-29T07:30:00+09:00",
            ])
        try app.call("walks.logs", ["from": "2026-11-01"])
        let gpx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/gpx/osmand-hangang.gpx").path
        let walk = try app.call("walks.import_gpx", ["path": .string(gpx)])
        let walkID = try #require(walk.recordValue?["walks"]?.arrayValue?.first?.recordValue?["id"])
        try app.call("walks.route", ["id": walkID])
        try app.call("walks.summary")
        try app.call("walks.picture", ["id": walkID])
        try app.call("walks.week_picture", ["day": "2026-11-29"])
        // Mina's requests and her joining left events in my inbox.
        #expect(try app.call("app.inbox", ["limit": 10]).arrayValue?.count == 4)
        try app.call("mates.remove", ["user": "mina"])
        // A report ends the pair too: mina joins again first.
        let again = try app.field(try app.call("mates.invite"), "code")
        try app.actAs("mina")
        try app.call("mates.join", ["code": again])
        try app.actAs("me")
        try app.call("mates.report", ["user": "mina", "reason": "other"])
        // Blocking: mina, then not.
        try app.call("people.block", ["name": "mina"])
        #expect(try app.call("people.blocked").arrayValue?.count == 1)
        try app.call("people.unblock", ["name": "mina"])
        // Mina's requests and joining are my notifications too.
        let notifications = try app.call("notifications.list", ["page": 1])
        let count = notifications.items.count
        let inbox = try app.call("app.inbox", ["limit": 100]).items.count
        #expect(count >= 4 && count == inbox)
        try app.call("notifications.read", ["id": notifications.items[0]["id"]])
        #expect(try app.call("notifications.unread") == .int(count - 1))
        try app.call("notifications.read", ["id": "all"])
        try app.call("notifications.delete", ["id": notifications.items[0]["id"]])
        #expect(try app.call("notifications.clear") == .int(count - 1))
        try app.call("reports.create", ["user": "mina", "reason": "spam", "message": "광고 📢"])
        #expect(try app.call("reports.mine").arrayValue?.count == 1)
        let queued = try app.field(try app.call("admin.reports", ["status": "pending"]).items[0], "id")
        try app.call("admin.resolve", ["id": queued, "action": "dismiss"])

        // A profile drop: sora catches mine, both confirm; a second drop I cancel.
        let drop = try app.field(try app.call("mates.drop"), "id")
        let dropCode = try app.field(try app.call("mates.drop_status", ["id": drop]), "code")
        try app.actAs("sora")
        try app.call(
            "profiles.save",
            ["nickname": "소라", "dog": ["name": "별", "age": 2, "sex": "female", "size": "small", "keywords": ["shy"]]])
        try app.call("mates.catch", ["code": dropCode])
        try app.call("mates.confirm", ["id": drop])
        try app.actAs("me")
        #expect(try app.call("mates.confirm", ["id": drop])["state"] == "finished")
        let second = try app.field(try app.call("mates.drop"), "id")
        try app.call("mates.cancel_drop", ["id": second])

        // Your data out and in: the document, then a Kindle file with one new highlight.
        let document = try app.call("app.export")
        #expect(document["sections"]["bookstories"]["stories"].arrayValue?.count == 1)
        let clippings = "\(app.folder)/My Clippings.txt"
        try Data(
            "데미안 (헤르만 헤세)\r\n- 위치 120-121의 하이라이트 | 추가된 날짜: 2026년 11월 28일 토요일 오후 9:05:00\r\n\r\n내가 가고 싶은 길\r\n==========\r\n"
                .utf8
        ).write(to: URL(fileURLWithPath: clippings))
        let imported = try app.call("app.import", ["path": .string(clippings)])
        #expect(imported["added"]["quotes"] == 1)

        // A notification with no session bus in the test app: the line on standard error.
        #expect(try app.call("app.notify", ["title": "Floss 🦷", "body": "치실"]) == "stderr")

        try app.call("bookstories.delete", ["id": story])
        try app.call("bookstories.themes.delete", ["id": theme])

        // Administration: a server's, on SQLite not available.
        let member: Value = .string("m" + String(Identifier.random().prefix(8)).replacing("-", with: ""))
        let memberArguments: [String: Value] = ["name": member, "password": "correct-horse-1"]
        if backend == .postgres {
            try app.call("admin.setup")
            try app.call("admin.add_member", memberArguments)
            #expect(try app.call("admin.members").arrayValue?.count == 1)
            try app.call("admin.remove_member", ["name": member])
        } else {
            app.callFailing("admin.setup", code: "admin.not_available")
            app.callFailing("admin.add_member", memberArguments, code: "admin.not_available")
            app.callFailing("admin.members", code: "admin.not_available")
            app.callFailing("admin.remove_member", ["name": member], code: "admin.not_available")
        }

        // Events and trace last, so they hold every call above.
        try app.call("events.emit", ["name": "morning.done", "params": ["mood": "good"]])
        try app.call("events.list", ["limit": 10])
        try app.call("events.flush")
        try app.call("trace.summary")

        #expect(app.problems == [])
        let uncalled = Set(app.router.routes.map(\.name)).subtracting(app.called).sorted()
        #expect(uncalled == [], "routes with no call in this test")
    }

    @Test func theCheckerFindsAMissingFieldAnExtraKeyAndAWrongType() throws {
        let checker = RecordShapeChecker([
            RecordShape(
                "pair", doc: "Two values.",
                fields: [.init("day", "day", "A day."), .init("count", "integer", "A count.", optional: true)])
        ])
        #expect(checker.problems(["day": "2026-11-29", "count": 2], as: "pair[]", at: "r") != [])
        #expect(checker.problems([["day": "2026-11-29", "count": 2]], as: "pair[]", at: "r") == [])
        #expect(checker.problems(["count": 2], as: "pair", at: "r") == ["r.day: missing from pair"])
        #expect(checker.problems(["day": "2026-11-29", "x": 1], as: "pair", at: "r") == ["r.x: not a field of pair"])
        #expect(checker.problems(["day": "2026-11-31"], as: "pair", at: "r").count == 1)
        #expect(checker.problems(["day": "2026-11-29", "count": 2.5], as: "pair", at: "r").count == 1)
        #expect(checker.problems("male", as: #""male"|"female""#, at: "r") == [])
        #expect(checker.problems("cat", as: #""male"|"female""#, at: "r").count == 1)
        #expect(checker.problems(["a": "x", "b": "y"], as: "table<string, string>", at: "r") == [])
        #expect(checker.problems(["a": 1], as: "table<string, string>", at: "r").count == 1)
    }
}
