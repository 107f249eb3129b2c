import Core
import Storage
import Time

/// Review history in `book_story_reviews`: one row per story shown per day.
public struct SQLReviewRepository: ReviewRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the BookStories plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// The stories picked for `userID` on `day`, in order.
    public func picks(for userID: String, on day: LocalDay) throws -> [String] {
        try database.query(
            """
            SELECT s.id FROM book_story_reviews r JOIN book_stories s ON s.seq = r.story_seq
            WHERE r.user_id = ? AND r.day = ? ORDER BY r.position
            """, [.text(userID), .day(day)]
        ) { try $0.string(0) }
    }

    /// Every story of `userID` not picked on `day`, with its history before `day`.
    public func candidates(for userID: String, excludingPicksOn day: LocalDay) throws -> [ReviewCandidate] {
        try database.query(
            """
            SELECT s.id, count(r.day), max(r.day) FROM book_stories s
            LEFT JOIN book_story_reviews r ON r.story_seq = s.seq AND r.user_id = ? AND r.day < ?
            WHERE s.author_id = ? AND NOT EXISTS (
                SELECT 1 FROM book_story_reviews p WHERE p.story_seq = s.seq AND p.user_id = ? AND p.day = ?)
            GROUP BY s.seq
            """, [.text(userID), .day(day), .text(userID), .text(userID), .day(day)]
        ) { row in
            ReviewCandidate(storyID: try row.string(0), timesShown: try row.int(1), lastShown: try row.optionalDay(2))
        }
    }

    /// Records more picks after the ones already recorded for the day.
    public func record(_ storyIDs: [String], for userID: String, on day: LocalDay) throws {
        try database.transaction {
            let start =
                try database.queryOne(
                    "SELECT coalesce(max(position) + 1, 0) FROM book_story_reviews WHERE user_id = ? AND day = ?",
                    [.text(userID), .day(day)]
                ) { try $0.int(0) } ?? 0
            for (offset, id) in storyIDs.enumerated() {
                try database.execute(
                    """
                    INSERT INTO book_story_reviews (user_id, day, position, story_seq)
                    SELECT CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), seq FROM book_stories WHERE id = ?
                    """, [.text(userID), .day(day), .int(start + offset), .text(id)])
            }
        }
    }
}
