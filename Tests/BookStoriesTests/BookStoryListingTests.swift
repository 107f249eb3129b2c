import BookStories
import Core
import Testing

/// The three read scopes (mine, public, of a user), their order (newest first, insertion
/// order breaking ties) and their filters: an exact keyword ignoring case with `#` dropped,
/// a theme, or both (docs/lua-api.md "bookstories", docs/domain.md §8 "Keyword search").
@Suite struct BookStoryListingTests {
    let fixture: BookStoriesFixture
    let other: User

    init() throws {
        fixture = try BookStoriesFixture()
        other = try fixture.addUser(named: "mina")
    }

    // MARK: Scopes

    @Test func mineHasTheUsersOwnStoriesPrivateOnesIncluded() throws {
        let hidden = try fixture.storyID(title: "비공개", visibility: "private")
        let shown = try fixture.storyID(title: "공개", visibility: "public")
        try fixture.storyID(title: "남의 것", visibility: "public", as: other)
        #expect(try fixture.ids("bookstories.mine") == [shown, hidden])
    }

    @Test func publicHasEveryUsersPublicStoriesAndNoPrivateOneNotEvenTheViewersOwn() throws {
        try fixture.storyID(title: "내 비공개", visibility: "private")
        let mine = try fixture.storyID(title: "내 공개", visibility: "public")
        try fixture.storyID(title: "남의 비공개", visibility: "private", as: other)
        let theirs = try fixture.storyID(title: "남의 공개", visibility: "public", as: other)
        #expect(try fixture.ids("bookstories.public") == [theirs, mine])
        #expect(try fixture.ids("bookstories.public", as: other) == [theirs, mine])
    }

    @Test func ofYourselfHasAllYourStoriesAndOfAnotherOnlyWhatYouMaySee() throws {
        let hidden = try fixture.storyID(title: "비공개", visibility: "private")
        let shown = try fixture.storyID(title: "공개", visibility: "public")
        #expect(try fixture.ids("bookstories.of", ["user": "me"]) == [shown, hidden])
        #expect(try fixture.ids("bookstories.of", ["user": "me"], as: other) == [shown])
        #expect(try fixture.ids("bookstories.of", ["user": "mina"]) == [])
    }

    @Test func aStoryIsPrivateUnlessAskedOtherwise() throws {
        let story = try fixture.story()
        #expect(story["visibility"] == "private")
        #expect(try fixture.ids("bookstories.public") == [])
    }

    // MARK: Order

    @Test func storiesMadeAtTheSameInstantListNewestInsertedFirst() throws {
        let first = try fixture.storyID(title: "1", keywords: ["같은"], visibility: "public")
        let second = try fixture.storyID(title: "2", keywords: ["같은"], visibility: "public")
        let third = try fixture.storyID(title: "3", keywords: ["같은"], visibility: "public")
        let expected = [third, second, first]
        #expect(try fixture.ids("bookstories.mine") == expected)
        #expect(try fixture.ids("bookstories.public") == expected)
        #expect(try fixture.ids("bookstories.of", ["user": "me"], as: other) == expected)
        #expect(try fixture.ids("bookstories.public", ["keyword": "같은"]) == expected)
        #expect(try fixture.ids("bookstories.mine", ["keyword": "같은"]) == expected)

        fixture.clock.advance(seconds: 1)
        let newer = try fixture.storyID(title: "4", keywords: ["같은"], visibility: "public")
        #expect(try fixture.ids("bookstories.mine") == [newer] + expected)
        #expect(try fixture.ids("bookstories.public", ["keyword": "같은"]) == [newer] + expected)
    }

    @Test func aStoryCreatedAtAnEarlierInstantListsAfterOneInsertedBefore() throws {
        let later = try fixture.storyID(title: "later", keywords: ["시간"], visibility: "public")
        try fixture.setNow("2026-01-05T12:00:00+09:00")
        let earlier = try fixture.storyID(title: "earlier", keywords: ["시간"], visibility: "public")
        #expect(try fixture.ids("bookstories.mine") == [later, earlier])
        #expect(try fixture.ids("bookstories.public") == [later, earlier])
        #expect(try fixture.ids("bookstories.mine", ["keyword": "시간"]) == [later, earlier])
    }

    @Test func anUpdateDoesNotMoveAStoryInTheOrder() throws {
        let first = try fixture.storyID(title: "1", keywords: ["k"])
        let second = try fixture.storyID(title: "2", keywords: ["k"])
        fixture.clock.advance(seconds: 60)
        try fixture.call("bookstories.update", ["id": .string(first), "content": "고침"])
        #expect(try fixture.ids("bookstories.mine") == [second, first])
        #expect(try fixture.ids("bookstories.mine", ["keyword": "k"]) == [second, first])
    }

    @Test func storiesFromSeveralUsersInterleaveByTime() throws {
        let a = try fixture.storyID(title: "a", visibility: "public")
        fixture.clock.advance(seconds: 1)
        let b = try fixture.storyID(title: "b", visibility: "public", as: other)
        fixture.clock.advance(seconds: 1)
        let c = try fixture.storyID(title: "c", visibility: "public")
        #expect(try fixture.ids("bookstories.public") == [c, b, a])
    }

    // MARK: Keyword filter

    static let keywordMatches: [(String, Bool)] = [
        ("Growth", true), ("growth", true), ("GROWTH", true), ("#growth", true), ("#Growth", true),
        ("grow", false), ("rowth", false), ("growths", false), ("성장", false),
    ]

    @Test(arguments: keywordMatches)
    func theKeywordFilterIsExactAndIgnoresCase(filter: String, matches: Bool) throws {
        let story = try fixture.storyID(keywords: ["Growth", "용기"], visibility: "public")
        try fixture.storyID(title: "다른", keywords: ["growing"], visibility: "public")
        let expected = matches ? [story] : []
        #expect(try fixture.ids("bookstories.mine", ["keyword": .string(filter)]) == expected)
        #expect(try fixture.ids("bookstories.public", ["keyword": .string(filter)], as: other) == expected)
        #expect(try fixture.ids("bookstories.of", ["user": "me", "keyword": .string(filter)], as: other) == expected)
    }

    static let hangulMatches: [(String, Bool)] = [
        ("성장", true), ("#성장", true), ("성", false), ("성장기", false), ("🌱", true), ("#🌱", true),
    ]

    @Test(arguments: hangulMatches)
    func hangulAndEmojiKeywordsMatchExactly(filter: String, matches: Bool) throws {
        let story = try fixture.storyID(keywords: ["#성장", "🌱"])
        try fixture.storyID(title: "다른", keywords: ["성장기"])
        let found = try fixture.ids("bookstories.mine", ["keyword": .string(filter)])
        if matches {
            #expect(found == [story])
        } else {
            #expect(!found.contains(story))
        }
    }

    @Test func aKeywordIsShownAsTypedButMatchedIgnoringCase() throws {
        let story = try fixture.story(keywords: ["#SwiftUI"])
        #expect(story["keywords"] == ["SwiftUI"])
        #expect(try fixture.ids("bookstories.mine", ["keyword": "swiftui"]) == [try #require(story["id"].stringValue)])
    }

    /// BUG: a keyword typed with two hashes is stored as "#a" but shown as "a" (Story.init
    /// drops a leading `#` again each time a stored story is read), so no filter built from
    /// what the story shows finds it. "#" followed by a shown keyword must always find it,
    /// since the filter drops that one `#`.
    @Test func aStoryIsFoundByEveryKeywordItShowsEvenOneTypedWithTwoHashes() throws {
        let story = try fixture.story(keywords: ["##a", "#b", "c"])
        let id = try #require(story["id"].stringValue)
        let shown = story["keywords"].items.compactMap(\.stringValue)
        #expect(shown == ["#a", "b", "c"])
        for keyword in shown {
            #expect(try fixture.ids("bookstories.mine", ["keyword": .string("#" + keyword)]) == [id], "\(keyword)")
        }
        #expect(try fixture.call("bookstories.get", ["id": .string(id)])["keywords"] == story["keywords"])
    }

    static let doubledHashKeywords: [[String]] = [["##"], ["##a", "a"], ["##a"]]

    /// BUG: create accepts these keywords ("##" keeps one "#", "##a" and "a" are different),
    /// but reading the story back drops a leading `#` again ("#" becomes empty, "#a" becomes a
    /// duplicate of "a") and throws `invalid_argument`: the story can then not be read, listed,
    /// reviewed or deleted, and every page of `bookstories.public` holding it fails for every user.
    @Test(arguments: doubledHashKeywords)
    func aStoryThatWasAcceptedCanBeReadListedAndDeletedByEveryone(keywords: [String]) throws {
        let created = try fixture.story(keywords: keywords, visibility: "public")
        let id = try #require(created["id"].stringValue)
        expectNoError("public") { try fixture.call("bookstories.public", as: other) }
        expectNoError("of") { try fixture.call("bookstories.of", ["user": "me"], as: other) }
        expectNoError("mine") { try fixture.call("bookstories.mine") }
        expectNoError("review") { try fixture.call("bookstories.review") }
        expectNoError("get") {
            let seen = try fixture.call("bookstories.get", ["id": .string(id)], as: other)
            #expect(seen == created)
        }
        expectNoError("delete") { try fixture.call("bookstories.delete", ["id": .string(id)]) }
    }

    /// Records an issue naming `route` when `body` throws, and goes on.
    private func expectNoError(
        _ route: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
        } catch {
            Issue.record("bookstories.\(route) failed: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// BUG: Keywords.normalized calls "성장" and its decomposed form the same keyword (Swift
    /// string equality: giving both is "given twice"), but the filter compares UTF-8 bytes in
    /// SQLite, so one form never finds the other.
    @Test func aHangulKeywordMatchesWhetherComposedOrDecomposed() throws {
        let composed = "성장"
        let decomposed = BookStoriesFixture.decomposedHangul(composed)
        #expect(composed == decomposed)
        #expect(composed.utf8.count != decomposed.utf8.count)
        let duplicate = try fixture.error(
            "bookstories.create",
            [
                "book": ["title": "t", "author": "a"], "quotes": ["q"],
                "keywords": [.string(composed), .string(decomposed)],
            ])
        #expect(duplicate.field == "keywords")
        let stored = try fixture.storyID(keywords: [composed])
        let typedApart = try fixture.storyID(title: "다른", keywords: [decomposed])
        #expect(try fixture.ids("bookstories.mine", ["keyword": .string(composed)]) == [typedApart, stored])
        #expect(try fixture.ids("bookstories.mine", ["keyword": .string(decomposed)]) == [typedApart, stored])
    }

    // MARK: Theme filter

    @Test func theThemeFilterListsOnlyStoriesInThatTheme() throws {
        let theme = try fixture.themeID("성장", visibility: "public")
        let otherTheme = try fixture.themeID("사랑", visibility: "public")
        let inTheme = try fixture.storyID(title: "in", themes: [theme], visibility: "public")
        let inBoth = try fixture.storyID(title: "both", themes: [otherTheme, theme], visibility: "public")
        let outside = try fixture.storyID(title: "out", themes: [otherTheme], visibility: "public")
        try fixture.storyID(title: "none", visibility: "public")
        #expect(try fixture.ids("bookstories.mine", ["theme": .string(theme)]) == [inBoth, inTheme])
        #expect(try fixture.ids("bookstories.public", ["theme": .string(theme)]) == [inBoth, inTheme])
        #expect(
            try fixture.ids("bookstories.of", ["user": "me", "theme": .string(theme)], as: other) == [inBoth, inTheme])
        #expect(try fixture.ids("bookstories.mine", ["theme": .string(otherTheme)]) == [outside, inBoth])
    }

    @Test func aThemeFilterOnAnUnknownThemeIsNotFound() throws {
        let error = try fixture.error("bookstories.mine", ["theme": .string(Identifier.random())])
        #expect(error.code == "bookstories.not_found")
        #expect(error.field == "theme")
    }

    @Test func aThemeIdMatchesIgnoringCase() throws {
        let theme = try fixture.themeID()
        let story = try fixture.storyID(themes: [theme.uppercased()])
        #expect(try fixture.ids("bookstories.mine", ["theme": .string(theme.uppercased())]) == [story])
        #expect(try fixture.call("bookstories.get", ["id": .string(story)])["themes"] == [.string(theme)])
    }

    // MARK: Both filters

    @Test func bothFiltersTogetherListOnlyStoriesMatchingBoth() throws {
        let theme = try fixture.themeID("성장", visibility: "public")
        let both = try fixture.storyID(title: "both", keywords: ["Hope"], themes: [theme], visibility: "public")
        let keywordOnly = try fixture.storyID(title: "keyword", keywords: ["hope"], visibility: "public")
        let themeOnly = try fixture.storyID(title: "theme", keywords: ["fear"], themes: [theme], visibility: "public")
        let alsoBoth = try fixture.storyID(title: "both2", keywords: ["#HOPE"], themes: [theme], visibility: "private")
        let filter: [String: Value] = ["keyword": "hope", "theme": .string(theme)]
        #expect(try fixture.ids("bookstories.mine", filter) == [alsoBoth, both])
        #expect(try fixture.ids("bookstories.public", filter) == [both])
        #expect(try fixture.ids("bookstories.of", filter.merging(["user": "me"]) { $1 }, as: other) == [both])
        #expect(try fixture.ids("bookstories.mine", ["keyword": "hope"]) == [alsoBoth, keywordOnly, both])
        #expect(try fixture.ids("bookstories.mine", ["theme": .string(theme)]) == [alsoBoth, themeOnly, both])
    }
}
