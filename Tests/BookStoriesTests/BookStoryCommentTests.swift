import AppTestSupport
import BookStories
import Core
import Storage
import Testing

/// Comments and replies on stories (문장모아 v2's rules), through the routes, on both
/// backends: who may comment and read, one level of replies, the pages, who edits and
/// deletes, a private story hiding its comments, and the daily limit in Swift and in the
/// database. "me" writes the stories; "joon" and "sol" comment.
@Suite struct BookStoryCommentTests {
    let fixture: BookStoriesFixture
    let joon: User
    let sol: User

    init(_ backend: DatabaseBackend = .sqlite) throws {
        fixture = try BookStoriesFixture(backend: backend)
        joon = try fixture.addUser(named: "joon")
        sol = try fixture.addUser(named: "sol")
    }

    /// A comment by `actor` on `story`; its record.
    @discardableResult
    func comment(_ story: String, _ text: String, as actor: User) throws -> Value {
        try fixture.call("bookstories.comment", ["story_id": .string(story), "text": .string(text)], as: actor)
    }

    /// A reply by `actor` to `comment`; its record.
    @discardableResult
    func reply(_ comment: String, _ text: String, as actor: User) throws -> Value {
        try fixture.call("bookstories.reply", ["comment_id": .string(comment), "text": .string(text)], as: actor)
    }

    func id(_ record: Value) throws -> String { try #require(record["id"].stringValue) }

    func texts(_ records: Value) throws -> [String] { try records.items.map { try #require($0["text"].stringValue) } }

    @Test(arguments: DatabaseBackend.available)
    func aCommentOnAPublicStoryIsItsAuthorsWordsTrimmed(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let record = try suite.comment(story, "  저도 이 문장에서 멈췄어요 🌱\n", as: suite.joon)
        #expect(record["story_id"] == .string(story))
        #expect(record["parent_id"] == .null)
        #expect(record["author_id"] == .string(suite.joon.id))
        #expect(record["author_name"] == "joon")
        #expect(record["text"] == "저도 이 문장에서 멈췄어요 🌱")
        #expect(record["created_at"] == "2026-01-06T12:00:00+09:00")
        #expect(record["replies"] == .null)
        let page = try suite.fixture.call("bookstories.comments", ["story_id": .string(story)], as: suite.sol)
        #expect(try suite.texts(page) == ["저도 이 문장에서 멈췄어요 🌱"])
        #expect(page.items.first?["reply_count"] == 0)
        #expect(page.items.first?["replies"] == [])
    }

    @Test(arguments: DatabaseBackend.available)
    func aThousandHangulOrEmojiAreTakenAndOneMoreIsNot(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let hangul = String(repeating: "가", count: 999) + "🐕"
        #expect(try suite.comment(story, hangul, as: suite.joon)["text"] == .string(hangul))
        for text in [hangul + "가", "   ", ""] {
            let error = try suite.fixture.error(
                "bookstories.comment", ["story_id": .string(story), "text": .string(text)], as: suite.joon)
            #expect(error.code == "invalid_argument")
            #expect(error.field == "text")
        }
        #expect(try suite.fixture.count("book_comments") == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func nobodyCommentsOnOrReadsAStoryTheyMayNotRead(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "private")
        let error = try suite.fixture.error(
            "bookstories.comment", ["story_id": .string(story), "text": "몰래"], as: suite.joon)
        #expect(error.code == "bookstories.not_found")
        #expect(error.field == "story_id")
        let read = try suite.fixture.error("bookstories.comments", ["story_id": .string(story)], as: suite.joon)
        #expect(read.code == "bookstories.not_found")
        #expect(try suite.comment(story, "내 메모", as: suite.fixture.user)["author_name"] == "me")
        #expect(try suite.fixture.count("book_comments") == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aStoryMadePrivateHidesItsCommentsFromAllButItsAuthorUntilItIsPublicAgain(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let comment = try suite.id(try suite.comment(story, "좋아요", as: suite.joon))
        try suite.fixture.call("bookstories.update", ["id": .string(story), "visibility": "private"])
        #expect(
            try suite.texts(try suite.fixture.call("bookstories.comments", ["story_id": .string(story)])) == ["좋아요"])
        for call in [
            ("bookstories.comments", ["story_id": Value.string(story)]),
            ("bookstories.replies", ["comment_id": .string(comment)]),
            ("bookstories.edit_comment", ["id": .string(comment), "text": "고침"]),
        ] {
            #expect(try suite.fixture.error(call.0, call.1, as: suite.joon).code == "bookstories.not_found")
        }
        try suite.fixture.call("bookstories.update", ["id": .string(story), "visibility": "public"])
        let page = try suite.fixture.call("bookstories.comments", ["story_id": .string(story)], as: suite.sol)
        #expect(try suite.texts(page) == ["좋아요"])
    }

    @Test(arguments: DatabaseBackend.available)
    func aReplyToAReplyIsRefusedAndChangesNothing(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let root = try suite.id(try suite.comment(story, "첫 댓글", as: suite.joon))
        let answer = try suite.reply(root, "답글", as: suite.fixture.user)
        #expect(answer["parent_id"] == .string(root))
        #expect(answer["story_id"] == .string(story))
        let error = try suite.fixture.error(
            "bookstories.reply", ["comment_id": answer["id"], "text": "답글의 답글"], as: suite.sol)
        #expect(error.code == "bookstories.reply_to_reply")
        #expect(error.message == "replies to replies are not allowed")
        #expect(try suite.fixture.count("book_comments") == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func theDatabaseRefusesAReplyToAReplyOrToAnotherStorysComment(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let other = try suite.fixture.storyID(title: "싯다르타", visibility: "public")
        let root = try suite.id(try suite.comment(story, "첫 댓글", as: suite.joon))
        let answer = try suite.id(try suite.reply(root, "답글", as: suite.sol))
        let database = suite.fixture.database
        for (parent, onStory) in [(answer, story), (root, other)] {
            #expect(throws: StorageError.self) {
                try database.execute(
                    """
                    INSERT INTO book_comments (id, story_seq, parent_seq, author_id, text, created_at, updated_at)
                    VALUES (?1, (SELECT seq FROM book_stories WHERE id = ?2), (SELECT seq FROM book_comments WHERE id = ?3),
                        ?4, 'psql', 0, 0)
                    """, [.text(Identifier.random()), .text(onStory), .text(parent), .text(suite.joon.id)])
            }
        }
        #expect(try suite.fixture.count("book_comments") == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func pagesOfCommentsAreNewestFirstEachWithItsFirstThreeRepliesOldestFirst(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        var roots: [String] = []
        for number in 1...12 {
            try suite.fixture.setNow("2026-01-06T12:\(number < 10 ? "0" : "")\(number):00+09:00")
            roots.append(try suite.id(try suite.comment(story, "댓글 \(number)", as: suite.joon)))
        }
        for number in 1...5 {
            try suite.fixture.setNow("2026-01-06T13:0\(number):00+09:00")
            try suite.reply(roots[11], "답글 \(number)", as: number.isMultiple(of: 2) ? suite.sol : suite.fixture.user)
        }
        let first = try suite.fixture.call("bookstories.comments", ["story_id": .string(story)], as: suite.sol)
        #expect(try suite.texts(first) == (3...12).reversed().map { "댓글 \($0)" })
        #expect(first.items.first?["reply_count"] == 5)
        #expect(try suite.texts(try #require(first.items.first)["replies"]) == ["답글 1", "답글 2", "답글 3"])
        #expect(first.items.dropFirst().allSatisfy { $0["reply_count"] == 0 && $0["replies"] == [] })
        let second = try suite.fixture.call(
            "bookstories.comments", ["story_id": .string(story), "page": 2], as: suite.sol)
        #expect(try suite.texts(second) == ["댓글 2", "댓글 1"])
        let third = try suite.fixture.call(
            "bookstories.comments", ["story_id": .string(story), "page": 3], as: suite.sol)
        #expect(third.items.isEmpty)
        let replies = try suite.fixture.call("bookstories.replies", ["comment_id": .string(roots[11])])
        #expect(try suite.texts(replies) == (1...5).map { "답글 \($0)" })
        #expect(replies.items.allSatisfy { $0["parent_id"] == .string(roots[11]) && $0["replies"] == .null })
        let page = try suite.fixture.error("bookstories.comments", ["story_id": .string(story), "page": 0])
        #expect(page.field == "page")
    }

    @Test(arguments: DatabaseBackend.available)
    func onlyItsAuthorEditsACommentAndItsAuthorOrTheStorysDeletesIt(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let joons = try suite.id(try suite.comment(story, "joon의 댓글", as: suite.joon))
        let sols = try suite.id(try suite.comment(story, "sol의 댓글", as: suite.sol))
        try suite.reply(joons, "답글", as: suite.sol)
        try suite.fixture.setNow("2026-01-07T09:00:00+09:00")
        let edited = try suite.fixture.call(
            "bookstories.edit_comment", ["id": .string(joons), "text": " 고쳐 쓴 댓글 "], as: suite.joon)
        #expect(edited["text"] == "고쳐 쓴 댓글")
        #expect(edited["created_at"] == "2026-01-06T12:00:00+09:00")
        #expect(edited["updated_at"] == "2026-01-07T09:00:00+09:00")
        for actor in [suite.sol, suite.fixture.user] {
            let error = try suite.fixture.error(
                "bookstories.edit_comment", ["id": .string(joons), "text": "남의 댓글"], as: actor)
            #expect(error.code == "forbidden")
        }
        #expect(
            try suite.fixture.error("bookstories.delete_comment", ["id": .string(sols)], as: suite.joon).code
                == "forbidden")
        try suite.fixture.call("bookstories.delete_comment", ["id": .string(sols)], as: suite.sol)
        try suite.fixture.call("bookstories.delete_comment", ["id": .string(joons)])
        #expect(try suite.fixture.count("book_comments") == 0)
        let gone = try suite.fixture.error("bookstories.delete_comment", ["id": .string(joons)])
        #expect(gone.code == "bookstories.not_found")
    }

    @Test(arguments: DatabaseBackend.available)
    func deletingAStoryDeletesItsComments(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let kept = try suite.fixture.storyID(title: "싯다르타", visibility: "public")
        let root = try suite.id(try suite.comment(story, "댓글", as: suite.joon))
        try suite.reply(root, "답글", as: suite.sol)
        try suite.comment(kept, "남는 댓글", as: suite.joon)
        try suite.fixture.call("bookstories.delete", ["id": .string(story)])
        #expect(try suite.fixture.count("book_comments") == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aHundredCommentsADayAndNoMoreWhatever(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.storyID(visibility: "public")
        let root = try suite.id(try suite.comment(story, "댓글 1", as: suite.joon))
        for number in 2...Comment.maximumPerDay {
            if number.isMultiple(of: 2) {
                try suite.reply(root, "답글 \(number)", as: suite.joon)
            } else {
                try suite.comment(story, "댓글 \(number)", as: suite.joon)
            }
        }
        for call in [
            ("bookstories.comment", ["story_id": Value.string(story), "text": "하나 더"]),
            ("bookstories.reply", ["comment_id": .string(root), "text": "하나 더"]),
        ] {
            let error = try suite.fixture.error(call.0, call.1, as: suite.joon)
            #expect(error.code == "bookstories.too_many_comments")
        }
        // Deleting gives no place back; someone else still comments.
        try suite.fixture.call("bookstories.delete_comment", ["id": .string(root)], as: suite.joon)
        #expect(
            try suite.fixture.error("bookstories.comment", ["story_id": .string(story), "text": "또"], as: suite.joon)
                .code
                == "bookstories.too_many_comments")
        try suite.comment(story, "sol은 아직", as: suite.sol)
        // The database counts too: a row written around the app is refused.
        #expect(throws: StorageError.self) {
            try suite.fixture.database.execute(
                """
                INSERT INTO book_comments (id, story_seq, author_id, text, created_at, updated_at)
                VALUES (?1, (SELECT seq FROM book_stories WHERE id = ?2), ?3, 'psql', ?4, ?4)
                """,
                [.text(Identifier.random()), .text(story), .text(suite.joon.id), .instant(suite.fixture.clock.now())])
        }
        if backend == .sqlite {
            // A new day (UTC, by the app's clock on SQLite) starts a new count.
            try suite.fixture.setNow("2026-01-07T09:00:00+09:00")
            try suite.comment(story, "새 날", as: suite.joon)
        }
    }
}
