import Core
import Storage
import Testing

/// `admin.reports` and `admin.resolve` through the whole app, on both backends: the
/// moderator (the SQLite file's first user, "me"; the server's administrator) sees every
/// report and resolves each once; a hidden story or comment is its author's alone, marked
/// hidden; removing a member on SQLite hides all they wrote; no one else moderates.
@Suite struct ModerationTests {
    @Test(arguments: DatabaseBackend.available)
    func theModeratorHidesAReportedStoryAndDismissesAReportOnce(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let mine = try suite.story("내 문장", as: suite.app.user)
        let joons = try suite.story("광고 문장", as: suite.joon)
        let comment = try suite.id(
            try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "광고 댓글"], as: suite.joon))
        let storyReport = try suite.id(
            try suite.call("reports.create", ["story": .string(joons), "reason": "spam"], as: suite.sol))
        let commentReport = try suite.id(
            try suite.call("reports.create", ["comment": .string(comment), "reason": "spam"], as: suite.app.user))
        #expect(try suite.call("admin.reports", ["status": "pending"]).items.count == 2)

        let hidden = try suite.call("admin.resolve", ["id": .string(storyReport), "action": "hide"])
        #expect(hidden["status"] == "resolved")
        #expect(hidden["action"] == "hide")
        #expect(hidden["reporter_name"] == "sol")
        #expect(hidden["resolved_at"] == .string(suite.app.clock.format(suite.app.clock.now())))
        #expect(hidden["resolved_by"].stringValue?.isEmpty == false)
        // Hidden from everyone but its author, who sees that it was.
        let other = try suite.app.addUser(named: "other")
        #expect(!suite.quotes(try suite.call("bookstories.public", as: other)).contains("광고 문장"))
        #expect(!suite.quotes(try suite.call("bookstories.public", ["keyword": "성장"], as: other)).contains("광고 문장"))
        #expect(try suite.error("bookstories.get", ["id": .string(joons)], as: other).code == "bookstories.not_found")
        #expect(try suite.call("bookstories.of", ["user": "joon"], as: other).items.isEmpty)
        let own = try suite.call("bookstories.get", ["id": .string(joons)], as: suite.joon)
        #expect(own["hidden"] == true)
        #expect(try suite.call("bookstories.get", ["id": .string(mine)])["hidden"] == .null)

        let dismissed = try suite.call("admin.resolve", ["id": .string(commentReport), "action": "dismiss"])
        #expect(dismissed["status"] == "reviewed")
        #expect(
            try suite.error("admin.resolve", ["id": .string(commentReport), "action": "hide"]).code
                == "reports.not_pending")
        #expect(try suite.call("reports.mine", as: suite.sol).items.first?["status"] == "resolved")
        #expect(try suite.call("admin.reports", ["status": "pending"]).items.isEmpty)
        #expect(try suite.call("admin.reports").items.count == 2)
        #expect(try suite.error("admin.resolve", ["id": "nope", "action": "hide"]).code == "reports.not_found")
    }

    @Test(arguments: DatabaseBackend.available)
    func aHiddenCommentIsItsAuthorsAloneAndNoOneElseModerates(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let mine = try suite.story("내 문장", as: suite.app.user)
        let comment = try suite.id(
            try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "나쁜 댓글"], as: suite.joon))
        let report = try suite.id(
            try suite.call("reports.create", ["comment": .string(comment), "reason": "harassment"], as: suite.sol))
        if backend == .sqlite {
            // On SQLite the moderator is the file's first user: "me", not joon or sol.
            #expect(try suite.error("admin.reports", as: suite.joon).code == "admin.not_allowed")
            #expect(
                try suite.error("admin.resolve", ["id": .string(report), "action": "hide"], as: suite.sol).code
                    == "admin.not_allowed")
        }
        try suite.call("admin.resolve", ["id": .string(report), "action": "hide"])
        #expect(try suite.call("bookstories.comments", ["story_id": .string(mine)]).items.isEmpty)
        let own = try suite.call("bookstories.comments", ["story_id": .string(mine)], as: suite.joon)
        #expect(own.items.map { $0["hidden"] } == [true])
        #expect(
            try suite.error("bookstories.reply", ["comment_id": .string(comment), "text": "답"]).code
                == "bookstories.not_found")
    }

    @Test func removingAMemberOnSQLiteHidesAllTheyWrote() throws {
        let suite = try Community(.sqlite)
        let mine = try suite.story("내 문장", as: suite.app.user)
        _ = try suite.story("준의 문장 하나", as: suite.joon)
        _ = try suite.story("준의 문장 둘", as: suite.joon)
        try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "준의 댓글"], as: suite.joon)
        let report = try suite.id(try suite.call("reports.create", ["user": "joon", "reason": "spam"], as: suite.sol))
        let resolved = try suite.call("admin.resolve", ["id": .string(report), "action": "remove_member"])
        #expect(resolved["action"] == "remove_member")
        #expect(suite.quotes(try suite.call("bookstories.public")) == ["내 문장"])
        #expect(try suite.call("bookstories.comments", ["story_id": .string(mine)]).items.isEmpty)
        #expect(try suite.call("bookstories.mine", as: suite.joon).items.allSatisfy { $0["hidden"] == true })
    }
}
