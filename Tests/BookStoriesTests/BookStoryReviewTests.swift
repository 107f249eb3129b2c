import AppTestSupport
import BookStories
import Core
import Testing
import Time

/// `bookstories.review{count=}`: up to `count` (default 3, 1 to 100) of the acting user's own
/// stories, private ones too; the same choice all day, a new one another day; weighted
/// towards stories shown less often and less recently (docs/lua-api.md "bookstories").
@Suite struct BookStoryReviewTests {
    let fixture: BookStoriesFixture
    let other: User

    init() throws {
        fixture = try BookStoriesFixture()
        other = try fixture.addUser(named: "mina")
    }

    /// Makes `count` stories of `author` ("me" by default), half of them private.
    @discardableResult
    private func stories(_ count: Int, as author: User? = nil) throws -> [String] {
        try (0..<count).map { index in
            try fixture.storyID(
                title: "책 \(index)", visibility: index.isMultiple(of: 2) ? "private" : "public", as: author)
        }
    }

    private func review(_ count: Int? = nil, as actor: User? = nil) throws -> [String] {
        try fixture.ids("bookstories.review", count.map { ["count": .int($0)] } ?? [:], as: actor)
    }

    @Test func theSameDayGivesTheSameStoriesInTheSameOrder() throws {
        try stories(30)
        let first = try review(5)
        #expect(first.count == 5)
        #expect(Set(first).count == 5)
        #expect(try review(5) == first)
        fixture.clock.advance(seconds: 11 * 3600)
        #expect(try review(5) == first)
    }

    @Test func theSameDayGivesTheSameFirstStoriesWhateverTheCount() throws {
        try stories(30)
        let two = try review(2)
        let five = try review(5)
        #expect(Array(five.prefix(2)) == two)
        #expect(Set(five).count == 5)
        #expect(try review(2) == two)
        #expect(try review(5) == five)
    }

    @Test func anotherDayBringsAnotherChoice() throws {
        try stories(30)
        var picks: [[String]] = []
        for _ in 0..<7 {
            picks.append(try review(3))
            fixture.nextDay()
        }
        #expect(picks.allSatisfy { $0.count == 3 })
        #expect(Set(picks).count > 1)
        #expect(picks[1] != picks[0])
    }

    @Test func theCountIsThreeByDefault() throws {
        try stories(5)
        #expect(try review().count == 3)
    }

    @Test func aCountLargerThanTheStoriesReturnsThemAll() throws {
        let made = try stories(4)
        let picked = try review(10)
        #expect(picked.count == 4)
        #expect(Set(picked) == Set(made))
        #expect(try review(100).count == 4)
    }

    @Test func aUserWithoutStoriesGetsNone() throws {
        try stories(3, as: other)
        #expect(try review(3) == [])
    }

    @Test func onlyTheUsersOwnStoriesArePickedPrivateOnesIncluded() throws {
        let mine = try stories(6)
        let theirs = try stories(6, as: other)
        for _ in 0..<5 {
            let picked = try review(100)
            #expect(Set(picked) == Set(mine))
            #expect(Set(try review(100, as: other)) == Set(theirs))
            fixture.nextDay()
        }
    }

    static let badCounts: [Int] = [0, -1, 101]

    @Test(arguments: badCounts)
    func aCountOutside1To100IsInvalid(count: Int) throws {
        try stories(3)
        let before = try fixture.snapshot()
        let error = try fixture.error("bookstories.review", ["count": .int(count)])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "count")
        #expect(try fixture.snapshot() == before)
    }

    @Test func aDeletedStoryIsNotPickedAgain() throws {
        let made = try stories(3)
        let picked = try review(3)
        try fixture.call("bookstories.delete", ["id": .string(picked[0])])
        #expect(try review(3) == Array(picked.dropFirst()))
        fixture.nextDay()
        #expect(Set(try review(3)) == Set(made).subtracting([picked[0]]))
    }

    @Test func reviewReturnsWholeStoryRecords() throws {
        let created = try fixture.story(keywords: ["k"], visibility: "private")
        #expect(try fixture.call("bookstories.review").items == [created])
    }

    /// Eight readers with six stories each ask for two a day for twenty days. Ids are fixed,
    /// so the run is reproducible. Weighting by past shows keeps every story coming back and the
    /// counts close: the mean spread (most shown minus least shown) stays under 5, where an
    /// unweighted uniform choice averages about 6.
    @Test func overTwentyDaysEveryStoryIsShownAndTheShowsAreBalanced() throws {
        let repository = SQLStoryRepository(database: fixture.database)
        var spreads: [Int] = []
        for reader in 0..<8 {
            let user = try fixture.addUser(
                named: "reader\(reader)", id: "00000000-0000-4000-8000-0000000000\(10 + reader)")
            var made: [String] = []
            for index in 0..<6 {
                let now = fixture.clock.now()
                let story = try Story(
                    id: "00000000-0000-4000-9000-0000000\(100 + reader)\(10 + index)", authorID: user.id,
                    book: try Book(title: "책", author: "작가"), quotes: [try Quote(text: "문장 \(index)")],
                    content: nil, keywords: [], themeIDs: [], visibility: index < 3 ? .private : .public,
                    createdAt: now, updatedAt: now)
                try repository.insert(story)
                made.append(story.id)
            }
            var shown: [String: Int] = [:]
            for day in 0..<20 {
                fixture.clock.set(try TestTime.instant(TestApp.defaultNow))
                fixture.clock.advance(seconds: day * 86_400)
                let picked = try review(2, as: user)
                #expect(picked.count == 2)
                #expect(Set(picked).count == 2)
                #expect(Set(picked).isSubset(of: Set(made)))
                for id in picked { shown[id, default: 0] += 1 }
            }
            let counts = made.map { shown[$0] ?? 0 }
            #expect(counts.reduce(0, +) == 40)
            #expect(counts.allSatisfy { $0 > 0 }, "reader\(reader) shows per story: \(counts)")
            spreads.append((counts.max() ?? 0) - (counts.min() ?? 0))
        }
        let meanSpread = Double(spreads.reduce(0, +)) / Double(spreads.count)
        #expect(meanSpread < 5, "spreads: \(spreads)")
    }

    @Test func reviewingTwiceOnADayRecordsTheChoiceOnce() throws {
        let made = try stories(2)
        #expect(Set(try review(2)) == Set(made))
        #expect(Set(try review(2)) == Set(made))
        let rows = try fixture.count("book_story_reviews")
        #expect(rows == 2)
    }

    // MARK: The selector

    static let day = LocalDay(year: 2026, month: 1, day: 6)!

    @Test func aStoryNeverShownWeighsMoreThanOneShownOnceMoreThanOneShownTwice() {
        let longAgo = Self.day.adding(days: -60)
        let never = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "a", timesShown: 0, lastShown: nil), on: Self.day)
        let once = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "b", timesShown: 1, lastShown: longAgo), on: Self.day)
        let twice = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "c", timesShown: 2, lastShown: longAgo), on: Self.day)
        #expect(never > once)
        #expect(once > twice)
        #expect(twice > 0)
        let onceYesterday = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "b", timesShown: 1, lastShown: Self.day.previous), on: Self.day)
        let twiceYesterday = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "c", timesShown: 2, lastShown: Self.day.previous), on: Self.day)
        #expect(onceYesterday > twiceYesterday)
    }

    static let gaps: [Int] = [1, 2, 7, 14, 27, 28]

    @Test(arguments: gaps)
    func aStoryShownLongerAgoWeighsMore(days: Int) {
        let sooner = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "a", timesShown: 1, lastShown: Self.day.adding(days: -days)), on: Self.day)
        let later = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "a", timesShown: 1, lastShown: Self.day.adding(days: -days - 1)),
            on: Self.day)
        if days < 28 {
            #expect(later > sooner)
        } else {
            #expect(later >= sooner)
        }
        let yesterday = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "a", timesShown: 1, lastShown: Self.day.previous), on: Self.day)
        let longAgo = ReviewSelector.weight(
            of: ReviewCandidate(storyID: "a", timesShown: 1, lastShown: Self.day.adding(days: -60)), on: Self.day)
        #expect(longAgo > yesterday)
    }

    @Test func theSelectorIsDeterministicForAUserAndADay() {
        let candidates = (0..<30).map { ReviewCandidate(storyID: "story-\($0)", timesShown: $0 % 3, lastShown: nil) }
        let selector = ReviewSelector()
        let picked = selector.choose(4, from: candidates, userID: "u", day: Self.day)
        #expect(picked.count == 4)
        #expect(Set(picked).count == 4)
        #expect(Set(picked).isSubset(of: Set(candidates.map(\.storyID))))
        #expect(selector.choose(4, from: candidates.reversed(), userID: "u", day: Self.day) == picked)
        let days = (1...7).map { selector.choose(4, from: candidates, userID: "u", day: Self.day.adding(days: $0)) }
        #expect(days.contains { $0 != picked })
        let users = ["v", "w", "x"].map { selector.choose(4, from: candidates, userID: $0, day: Self.day) }
        #expect(users.contains { $0 != picked })
        #expect(Set(selector.choose(100, from: candidates, userID: "u", day: Self.day)).count == 30)
        #expect(selector.choose(3, from: [], userID: "u", day: Self.day) == [])
    }

    @Test func theSelectorFavoursLightlyShownStories() {
        let fresh = (0..<5).map { ReviewCandidate(storyID: "fresh-\($0)", timesShown: 0, lastShown: nil) }
        let worn = (0..<5).map {
            ReviewCandidate(storyID: "worn-\($0)", timesShown: 9, lastShown: Self.day.previous)
        }
        var freshPicks = 0
        for offset in 0..<100 {
            let picked = ReviewSelector().choose(
                1, from: fresh + worn, userID: "u", day: Self.day.adding(days: offset))
            freshPicks += picked.filter { $0.hasPrefix("fresh") }.count
        }
        #expect(freshPicks >= 90)
    }
}
