import Core
import Storage
import Testing

/// `people.block` through the whole app, on both backends: a block works both ways (stories,
/// comments, replies and their counts, keyword search, `of`, `get`), ends a mate link and
/// the walk requests it carried, refuses a join by code either way, and tells the blocked
/// person nothing; `people.unblock` shows everything again but the mate link. "me" blocks
/// "joon"; "sol" is a third person whose story both comment on.
@Suite struct BlockingTests {
    @Test(arguments: DatabaseBackend.available)
    func neitherSeesTheOthersStoriesCommentsOrRepliesAndUnblockingShowsThemAgain(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let mine = try suite.story("내 문장", as: suite.app.user)
        let joons = try suite.story("준의 문장", as: suite.joon)
        let sols = try suite.story("솔의 문장", as: suite.sol)
        let root = try #require(
            try suite.call("bookstories.comment", ["story_id": .string(sols), "text": "솔에게"], as: suite.sol)["id"]
                .stringValue)
        try suite.call("bookstories.reply", ["comment_id": .string(root), "text": "준의 답글"], as: suite.joon)
        try suite.call("bookstories.reply", ["comment_id": .string(root), "text": "내 답글"])
        try suite.call("bookstories.comment", ["story_id": .string(sols), "text": "준의 댓글"], as: suite.joon)
        try suite.call("bookstories.comment", ["story_id": .string(mine), "text": "준이 내게"], as: suite.joon)

        try suite.call("bookstories.themes.create", ["name": "준의 테마", "visibility": "public"], as: suite.joon)
        let blocked = try suite.call("people.block", ["name": "joon"])
        #expect(try suite.call("bookstories.themes.list", ["user": "joon"]).items.isEmpty)
        #expect(try suite.call("bookstories.themes.list", ["user": "joon"], as: suite.sol).items.count == 1)
        #expect(blocked["name"] == "joon")
        #expect(try suite.call("people.blocked").items.map { $0["name"] } == ["joon"])
        // Both ways, in every scope.
        for (viewer, hidden, other) in [(suite.app.user, joons, "준의 문장"), (suite.joon, mine, "내 문장")] {
            #expect(!suite.quotes(try suite.call("bookstories.public", as: viewer)).contains(other))
            #expect(!suite.quotes(try suite.call("bookstories.public", ["keyword": "성장"], as: viewer)).contains(other))
            #expect(
                try suite.error("bookstories.get", ["id": .string(hidden)], as: viewer).code == "bookstories.not_found")
            #expect(suite.quotes(try suite.call("bookstories.public", as: viewer)).contains("솔의 문장"))
        }
        #expect(try suite.call("bookstories.of", ["user": "joon"]).items.isEmpty)
        #expect(try suite.call("bookstories.of", ["user": "me"], as: suite.joon).items.isEmpty)
        // Comments and replies, and the reply count, on a third person's story.
        let page = try suite.call("bookstories.comments", ["story_id": .string(sols)])
        #expect(suite.texts(page) == ["솔에게"])
        #expect(page.items.first?["reply_count"] == 1)
        #expect(suite.texts(page.items.first?["replies"] ?? .null) == ["내 답글"])
        #expect(suite.texts(try suite.call("bookstories.replies", ["comment_id": .string(root)])) == ["내 답글"])
        #expect(
            suite.texts(try suite.call("bookstories.replies", ["comment_id": .string(root)], as: suite.joon)) == [
                "준의 답글"
            ])
        // Not even on my own story; and joon comments on it no more.
        #expect(try suite.call("bookstories.comments", ["story_id": .string(mine)]).items.isEmpty)
        let refused = try suite.error(
            "bookstories.comment", ["story_id": .string(mine), "text": "또"], as: suite.joon)
        #expect(refused.code == "bookstories.not_found")
        // Sol sees everyone.
        #expect(
            suite.texts(try suite.call("bookstories.comments", ["story_id": .string(sols)], as: suite.sol)).count == 2)

        try suite.call("people.unblock", ["name": "joon"])
        #expect(try suite.call("people.blocked").items.isEmpty)
        #expect(suite.quotes(try suite.call("bookstories.public")).contains("준의 문장"))
        #expect(suite.texts(try suite.call("bookstories.comments", ["story_id": .string(mine)])) == ["준이 내게"])
        let again = try suite.call("bookstories.comments", ["story_id": .string(sols)])
        #expect(suite.texts(again) == ["준의 댓글", "솔에게"])
        #expect(again.items.last?["reply_count"] == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func aBlockEndsTheMateLinkCancelsItsWalkRequestsAndRefusesAJoinEitherWay(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        let request = try suite.joonJoinsAndAsksForAWalk()

        try suite.call("people.block", ["name": "joon"])
        #expect(try suite.call("mates.list").items.isEmpty)
        #expect(try suite.call("mates.list", as: suite.joon).items.isEmpty)
        let sent = try suite.call("walks.outgoing", as: suite.joon).items
        #expect(sent.map { $0["id"] } == [.string(request)])
        #expect(sent.first?["status"] == "cancelled")
        // A code either way is as good as wrong: it says nothing of the block.
        for (inviter, joiner) in [(suite.app.user, suite.joon), (suite.joon, suite.app.user)] {
            let fresh = try #require(try suite.call("mates.invite", as: inviter)["code"].stringValue)
            let error = try suite.error("mates.join", ["code": .string(fresh)], as: joiner)
            #expect(error.code == "mates.bad_code")
        }
        // Unblocking does not bring the link back; a new code does.
        try suite.call("people.unblock", ["name": "joon"])
        #expect(try suite.call("mates.list").items.isEmpty)
        let again = try #require(try suite.call("mates.invite")["code"].stringValue)
        try suite.call("mates.join", ["code": .string(again)], as: suite.joon)
        #expect(try suite.call("mates.list").items.count == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func blockingYourselfOrNoOneIsRefusedAndTwiceIsOnce(backend: DatabaseBackend) throws {
        let suite = try Community(backend)
        #expect(try suite.error("people.block", ["name": "me"]).code == "invalid_argument")
        #expect(try suite.error("people.block", ["name": "nobody"]).code == "people.not_found")
        #expect(try suite.error("people.unblock", ["name": "joon"]).code == "people.not_found")
        try suite.call("people.block", ["name": "joon"])
        try suite.call("people.block", ["name": "JOON"])
        #expect(try suite.call("people.blocked").items.count == 1)
        // The blocked person is told nothing: nothing reaches their inbox, and their own list is empty.
        #expect(try suite.call("app.inbox", as: suite.joon).items.isEmpty)
        #expect(try suite.call("people.blocked", as: suite.joon).items.isEmpty)
    }
}
