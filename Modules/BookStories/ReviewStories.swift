import Core

/// Resurfaces some of the acting user's stories: the same choice all day, a new one
/// tomorrow, favouring stories shown less often and less recently. What was shown is
/// recorded, so tomorrow's choice knows.
public struct ReviewStories: Sendable {
    let dependencies: BookStoryDependencies
    let selector = ReviewSelector()

    /// Picks from `dependencies.reviews` and records the picks there, in one transaction; the
    /// day is its clock's.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// Up to `count` stories (1 to 100).
    /// - Throws: `invalid_argument` (field `count`).
    public func callAsFunction(count: Int, userID: String) throws -> [StoryView] {
        guard (1...100).contains(count) else {
            throw AppError.invalidArgument("count is 1 to 100, got \(count)", field: "count")
        }
        let today = dependencies.clock.today()
        return try dependencies.transactions.transaction {
            var picks = try dependencies.reviews.picks(for: userID, on: today)
            if picks.count < count {
                let candidates = try dependencies.reviews.candidates(for: userID, excludingPicksOn: today)
                let more = selector.choose(count - picks.count, from: candidates, userID: userID, day: today)
                try dependencies.reviews.record(more, for: userID, on: today)
                picks += more
            }
            return try picks.prefix(count).compactMap { id in
                try dependencies.stories.story(id: id).map { try dependencies.stories.view(of: $0, viewerID: userID) }
            }
        }
    }
}
