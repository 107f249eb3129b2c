import AppTestSupport
import Core
import Storage
import Testing

/// A comment or reply the client names (`bookstories.comment(story_id, text, {id=})`) can be
/// written again after an unknown outcome: the second call returns the first's, and nothing
/// is made or counted twice.
@Suite struct CommentIdentityTests {
    private func story(_ fixture: BookStoriesFixture) throws -> String {
        let story = try fixture.call(
            "bookstories.create",
            ["book": ["title": "데미안", "author": "헤세"], "quotes": ["새는 알에서"], "visibility": "public"])
        return try #require(story["id"].stringValue)
    }

    private func count(_ fixture: BookStoriesFixture) throws -> Int {
        try #require(try fixture.app.database.queryOne("SELECT count(*) FROM book_comments") { try $0.int(0) })
    }

    @Test(arguments: DatabaseBackend.available)
    func theSameCommentOrReplyTwiceIsMadeOnce(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let storyID = try story(fixture)
        let id = Identifier.random()
        let arguments: [String: Value] = ["story_id": .string(storyID), "text": "저도요 🌱", "id": .string(id)]
        let first = try fixture.call("bookstories.comment", arguments)
        #expect(first["id"] == .string(id))
        #expect(try fixture.call("bookstories.comment", arguments) == first)
        let replyID = Identifier.random()
        let reply: [String: Value] = ["comment_id": .string(id), "text": "고마워요", "id": .string(replyID)]
        let answer = try fixture.call("bookstories.reply", reply)
        #expect(try fixture.call("bookstories.reply", reply) == answer)
        #expect(try count(fixture) == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func anotherPersonsIdOrAMalformedOneIsRefused(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let storyID = try story(fixture)
        let id = Identifier.random()
        _ = try fixture.call("bookstories.comment", ["story_id": .string(storyID), "text": "첫", "id": .string(id)])
        let mina = try fixture.addUser(named: "mina")
        for chosen in [id, "NOT-A-UUID"] {
            let error = try #require(throws: AppError.self) {
                try fixture.call(
                    "bookstories.comment", ["story_id": .string(storyID), "text": "둘", "id": .string(chosen)], as: mina)
            }
            #expect(error.code == "invalid_argument")
            #expect(error.field == "id")
        }
        #expect(try count(fixture) == 1)
    }
}
