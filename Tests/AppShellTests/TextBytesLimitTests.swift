import Core
import Storage
import Testing

@testable import Assembly

/// Text is held to its bytes too (`String.maximumBytesPerCharacter`,
/// `TextLengthChecks.byteMigration`). `String.databaseLength` leaves zero-width joiners
/// out, so "a" and a hundred thousand joiners was one character long to the app and to
/// the database: a member could send a mate a walk request of megabytes (found by a
/// hostile review), which the mate's `walks.accept` read back whole, and write stories
/// every reader of the public pages loaded.
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct TextBytesLimitTests {
    private static let run = "a" + String(repeating: "\u{200D}", count: 100_000)

    @Test func aRunOfJoinersIsLongerThanItsCharacters() {
        #expect(Self.run.count == 1)
        #expect(Self.run.databaseLength < 0)
        #expect(Self.run.limitLength == (Self.run.utf8.count + 63) / 64)
        #expect("👩🏽‍❤️‍💋‍👨🏻".limitLength == 1)  // a kiss with skin tones: one character, 35 bytes
        // At the edge of a limit of 100: 6,400 bytes are 100 long, one byte more is 101.
        let edge = "aaaa" + String(repeating: "\u{200D}", count: 2_132)
        #expect(edge.utf8.count == 100 * String.maximumBytesPerCharacter)
        #expect(edge.limitLength == 100)
        #expect(("a" + edge).limitLength == 101)
        #expect(String(repeating: "산", count: 100).limitLength == 100)  // Hangul: 3 bytes a character
    }

    @Test func aRunOfJoinersIsRefusedByTheAppAndByAMembersOwnSQL() throws {
        let scenario = try RowSecurityTests.Scenario()
        let (joon, mina) = (scenario.joon, scenario.mina)
        let error = try #require(throws: AppError.self) {
            try joon.call(
                "walks.request",
                ["mate": .string(mina.name), "message": .string(Self.run), "place": ["lat": 37.5, "lng": 126.9]])
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "message")
        let now = "CAST(floor(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT)"
        let send =
            "INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status, "
            + "created_at, expires_at) VALUES (?, (SELECT app_user_id()), ?, ?, 0, 0, 'pending', \(now), \(now) + 60000)"
        let minaID = SQLValue.text(mina.session.user.id)
        #expect(
            joon.failure { try joon.sql.execute(send, [.text(Identifier.random()), minaID, .text(Self.run)]) }
                == "storage.constraint")
        // The id, which the request's trigger copies into Mina's inbox: a UUID's 36 bytes.
        #expect(
            joon.failure { try joon.sql.execute(send, [.text(String(repeating: "x", count: 37)), minaID, "산책?"]) }
                == "storage.constraint")
        #expect(try joon.sql.execute(send, [.text(Identifier.random()), minaID, "산책 갈래? 👩🏽‍❤️‍💋‍👨🏻"]) == 1)
        let story = try #require(throws: AppError.self) {
            try joon.call(
                "bookstories.create",
                [
                    "book": ["title": "데미안", "author": "헤세"], "quotes": ["새는 알에서"], "content": .string(Self.run),
                    "visibility": "public",
                ])
        }
        #expect(story.code == "invalid_argument")
        #expect(
            joon.failure {
                try joon.sql.execute(
                    "UPDATE book_stories SET content = ? WHERE author_id = (SELECT app_user_id())", [.text(Self.run)])
            } == "storage.constraint")
    }
}
