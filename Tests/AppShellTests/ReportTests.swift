import Core
import Storage
import Testing

/// `reports.create` and `reports.mine` through the whole app, on both backends: a report of a
/// person, a story or a comment blocks its author, one report a thing, 20 a day (in the
/// database too), and never of oneself or of what one may not see. "me" reports "joon".
@Suite struct ReportTests {
    @Test(arguments: DatabaseBackend.available)
    func aReportOfACommentIsPendingBlocksItsAuthorAndIsMadeOnce(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let story = try suite.story(as: suite.app.user)
        let joons = try suite.story(as: suite.joon)
        let comment = try #require(
            try suite.call("bookstories.comment", ["story_id": .string(story), "text": "욕설"], as: suite.joon)["id"]
                .stringValue)
        let report = try suite.call(
            "reports.create", ["comment": .string(comment), "reason": "harassment", "message": "  욕을 했어요 😢 "])
        #expect(report["target_kind"] == "comment")
        #expect(report["target_id"] == .string(comment))
        #expect(report["status"] == "pending")
        #expect(report["message"] == "욕을 했어요 😢")
        #expect(try suite.call("people.blocked").items.map { $0["name"] } == ["joon"])
        #expect(try suite.error("bookstories.get", ["id": .string(joons)]).code == "bookstories.not_found")
        #expect(try suite.call("reports.mine").items.map { $0["id"] } == [report["id"]])
        #expect(try suite.call("reports.mine", as: suite.joon).items.isEmpty)
        // The comment is hidden from the reporter now; reporting it again is not found, and
        // the person again is reported once.
        #expect(
            try suite.error("reports.create", ["comment": .string(comment), "reason": "spam"]).code
                == "reports.not_found")
        try suite.call("reports.create", ["user": "joon", "reason": "harassment"])
        #expect(
            try suite.error("reports.create", ["user": "JOON", "reason": "spam"]).code == "reports.already_reported")
        #expect(try suite.call("reports.mine").items.count == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func aReportNamesOneVisibleThingOfAnotherWithAKnownReason(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let mine = try suite.story(as: suite.app.user)
        let secret = try suite.story(visibility: "private", as: suite.joon)
        let cases: [([String: Value], String, String?)] = [
            (["story": .string(mine), "reason": "spam"], "invalid_argument", "story"),
            (["user": "me", "reason": "spam"], "invalid_argument", "user"),
            (["story": .string(secret), "reason": "spam"], "reports.not_found", "story"),
            (["user": "nobody", "reason": "spam"], "reports.not_found", "user"),
            (["user": "joon", "story": .string(secret), "reason": "spam"], "invalid_argument", "user"),
            (["reason": "spam"], "invalid_argument", "user"),
            (["user": "joon", "reason": "rude"], "invalid_argument", "reason"),
            (
                ["user": "joon", "reason": "other", "message": .string(String(repeating: "가", count: 501))],
                "invalid_argument", "message"
            ),
        ]
        for (arguments, code, field) in cases {
            let error = try suite.error("reports.create", arguments)
            #expect(error.code == code, "\(arguments)")
            #expect(error.field == field, "\(arguments)")
        }
        #expect(try suite.call("reports.mine").items.isEmpty)
        #expect(try suite.call("people.blocked").items.isEmpty)
    }

    @Test(arguments: DatabaseBackend.available)
    func twentyReportsADayAndTheDatabaseCountsToo(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        for number in 1...Report.maximumPerDay {
            _ = try suite.app.addUser(named: "u\(number)")
            try suite.call("reports.create", ["user": .string("u\(number)"), "reason": "spam"])
        }
        _ = try suite.app.addUser(named: "one_more")
        let error = try suite.error("reports.create", ["user": "one_more", "reason": "spam"])
        #expect(error.code == "reports.too_many")
        #expect(throws: StorageError.self) {
            try suite.app.database.execute(
                """
                INSERT INTO reports (id, reporter_id, target_kind, target_id, reason, status, created_at)
                VALUES (?1, ?2, 'user', ?3, 'spam', 'pending', ?4)
                """,
                [
                    .text(Identifier.random()), .text(suite.app.user.id), .text(suite.joon.id),
                    .instant(suite.app.clock.now()),
                ])
        }
        #expect(try suite.call("reports.mine").items.count == Report.maximumPerDay)
    }
}
