import Core
import Storage
import Testing

/// `notifications.*` through the whole app, on both backends: every kind the issue names
/// reaches its recipient (not one's own actions), newest first, 20 a page, with read marks
/// kept by `read`, `delete` and `clear`; nothing from a person either side blocked, nor
/// about a comment hidden, deleted or on a story its reader can no longer read, and it comes
/// back when they do. "me" receives; "joon" and "sol" act.
@Suite struct NotificationTests {
    private func kinds(_ list: Value) -> [String] { list.items.compactMap { $0["kind"].stringValue } }

    @Test(arguments: DatabaseBackend.available)
    func everyKindReachesItsRecipientNewestFirstWithReadMarks(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let request = try suite.joonJoinsAndAsksForAWalk()
        try suite.call("walks.accept", ["id": .string(request)])
        let mine = try suite.story("내 문장", as: suite.app.user)
        let comment = try suite.id(
            try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "좋아요 🐶"], as: suite.joon))
        let reply = try suite.id(
            try suite.call("bookstories.reply", ["comment_id": .string(comment), "text": "고마워요"], as: suite.sol))
        // My own comment and my own reply leave me nothing.
        let own = try suite.id(try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "내 댓글"]))
        try suite.call("bookstories.reply", ["comment_id": .string(own), "text": "내 답글"])

        let list = try suite.call("notifications.list")
        #expect(kinds(list) == ["bookstories.comment", "walks.incoming", "mates.joined"])
        #expect(list.items.map { $0["actor"] } == ["joon", "joon", "joon"])
        #expect(list.items.map { $0["subject_id"] } == [.string(comment), .string(request), .string(suite.joon.id)])
        #expect(list.items.allSatisfy { $0["read"] == false })
        #expect(list.items.first?["params"]["story_id"] == .string(mine))
        #expect(list.items.first?["occurred_at"].stringValue?.isEmpty == false)
        let joons = try suite.call("notifications.list", as: suite.joon)
        #expect(kinds(joons) == ["bookstories.reply", "walks.answered"])
        #expect(joons.items.first?["subject_id"] == .string(reply))
        #expect(joons.items.first?["actor"] == "sol")
        #expect(joons.items.last?["params"]["answer"] == "accepted")
        #expect(try suite.call("notifications.list", as: suite.sol).items.isEmpty)

        #expect(try suite.call("notifications.unread") == 3)
        let first = try #require(list.items.first?["id"])
        #expect(try suite.call("notifications.read", ["id": first]) == 1)
        #expect(try suite.call("notifications.read", ["id": first]) == 1)
        #expect(try suite.call("notifications.unread") == 2)
        #expect(try suite.call("notifications.list").items.map { $0["read"] } == [true, false, false])
        // Another's notification is as good as none: not read, not deleted.
        #expect(try suite.error("notifications.read", ["id": first], as: suite.joon).code == "notifications.not_found")
        #expect(
            try suite.error("notifications.delete", ["id": first], as: suite.joon).code == "notifications.not_found")
        #expect(try suite.call("notifications.read", ["id": "all"]) == 2)
        #expect(try suite.call("notifications.unread") == 0)
        try suite.call("notifications.delete", ["id": first])
        #expect(kinds(try suite.call("notifications.list")) == ["walks.incoming", "mates.joined"])
        #expect(try suite.error("notifications.delete", ["id": first]).code == "notifications.not_found")
        #expect(try suite.call("notifications.clear") == 2)
        #expect(try suite.call("notifications.list").items.isEmpty)
        #expect(kinds(try suite.call("notifications.list", as: suite.joon)).count == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func twentyAPageAndAPageThatIsNoPageIsRefused(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let mine = try suite.story("내 문장", as: suite.app.user)
        for number in 1...25 {
            try suite.call(
                "bookstories.comment", ["story_id": .string(mine), "text": .string("댓글 \(number)")], as: suite.joon)
        }
        let first = try suite.call("notifications.list")
        let second = try suite.call("notifications.list", ["page": 2])
        #expect(first.items.count == 20)
        #expect(second.items.count == 5)
        let ids = (first.items + second.items).compactMap { $0["id"].intValue }
        #expect(ids == ids.sorted(by: >))
        #expect(Set(ids).count == 25)
        #expect(try suite.call("notifications.list", ["page": 3]).items.isEmpty)
        #expect(try suite.call("notifications.list", ["page": .int(Int.max)]).items.isEmpty)
        let refused = try suite.error("notifications.list", ["page": 0])
        #expect(refused.code == "invalid_argument")
        #expect(refused.field == "page")
        #expect(try suite.error("notifications.read", ["id": "some"]).code == "invalid_argument")
        #expect(try suite.call("notifications.unread") == 25)
    }

    @Test(arguments: DatabaseBackend.available)
    func nothingFromABlockedPersonNorAboutWhatIsHiddenOrGoneAndItComesBack(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let mine = try suite.story("내 문장", as: suite.app.user)
        let sols = try suite.story("솔의 문장", as: suite.sol)
        try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "준의 댓글"], as: suite.joon)
        let solsComment = try suite.id(
            try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "솔의 댓글"], as: suite.sol))
        let onSols = try suite.id(try suite.call("bookstories.comment", ["story_id": .string(sols), "text": "내 댓글"]))
        let reply = try suite.id(
            try suite.call("bookstories.reply", ["comment_id": .string(onSols), "text": "솔의 답글"], as: suite.sol))
        #expect(try suite.call("notifications.unread") == 3)

        // A block, either way, hides joon's; unblocking shows it again.
        try suite.call("people.block", ["name": "me"], as: suite.joon)
        #expect(try suite.call("notifications.list").items.map { $0["actor"] } == ["sol", "sol"])
        #expect(try suite.call("notifications.unread") == 2)
        #expect(try suite.call("app.inbox").items.count == 2)
        try suite.call("people.unblock", ["name": "me"], as: suite.joon)
        #expect(try suite.call("notifications.list").items.count == 3)

        // A reply on a story I can no longer read is hidden until the story is public again.
        try suite.call("bookstories.update", ["id": .string(sols), "visibility": "private"], as: suite.sol)
        #expect(try suite.call("notifications.list").items.map { $0["subject_id"] }.contains(.string(reply)) == false)
        #expect(try suite.call("notifications.unread") == 2)
        try suite.call("bookstories.update", ["id": .string(sols), "visibility": "public"], as: suite.sol)
        #expect(try suite.call("notifications.list").items.first?["subject_id"] == .string(reply))

        // A comment the moderator hid, or its author deleted, leaves no notification.
        let report = try suite.id(try suite.call("reports.create", ["comment": .string(reply), "reason": "spam"]))
        try suite.call("people.unblock", ["name": "sol"])
        try suite.call("admin.resolve", ["id": .string(report), "action": "hide"])
        try suite.call("bookstories.delete_comment", ["id": .string(solsComment)], as: suite.sol)
        #expect(try suite.call("notifications.list").items.map { $0["actor"] } == ["joon"])
        #expect(try suite.call("notifications.unread") == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aReplyOnAStoryItsRecipientCannotReadLeavesThemNothing(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let sols = try suite.story("솔의 문장", as: suite.sol)
        let mine = try suite.id(try suite.call("bookstories.comment", ["story_id": .string(sols), "text": "내 댓글"]))
        try suite.call("bookstories.update", ["id": .string(sols), "visibility": "private"], as: suite.sol)
        try suite.call("bookstories.reply", ["comment_id": .string(mine), "text": "비공개 답글"], as: suite.sol)
        #expect(try suite.call("app.inbox").items.isEmpty)
        // Nor from a story's author either of them blocked.
        try suite.call("bookstories.update", ["id": .string(sols), "visibility": "public"], as: suite.sol)
        let joons = try suite.story("준의 문장", as: suite.joon)
        let onJoons = try suite.id(
            try suite.call("bookstories.comment", ["story_id": .string(joons), "text": "준에게"]))
        try suite.call("people.block", ["name": "me"], as: suite.joon)
        try suite.call("bookstories.reply", ["comment_id": .string(onJoons), "text": "솔의 답글"], as: suite.sol)
        try suite.call("people.unblock", ["name": "me"], as: suite.joon)
        #expect(try suite.call("app.inbox").items.isEmpty)
        try suite.call("bookstories.reply", ["comment_id": .string(onJoons), "text": "이제"], as: suite.sol)
        #expect(try suite.call("app.inbox").items.map { $0["name"] } == ["bookstories.reply"])
    }
}
