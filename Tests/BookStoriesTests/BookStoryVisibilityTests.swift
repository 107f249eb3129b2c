import BookStories
import Core
import Testing

/// Ownership and visibility from a second user, route by route (docs/lua-api.md "bookstories"):
/// another user's private story or theme does not exist for them (`bookstories.not_found`,
/// never listed, not even as a theme id), a visible one that is not theirs is `forbidden` to
/// change, and a refused change writes nothing.
@Suite struct BookStoryVisibilityTests {
    let fixture: BookStoriesFixture
    /// The second user.
    let other: User
    /// "me"'s private theme.
    let privateTheme: String
    /// "me"'s public theme.
    let publicTheme: String
    /// "me"'s private story, in both themes, keyword "비밀".
    let privateStory: String
    /// "me"'s public story, in both themes, keyword "비밀".
    let publicStory: String

    init() throws {
        fixture = try BookStoriesFixture()
        other = try fixture.addUser(named: "mina")
        privateTheme = try fixture.themeID("나만", visibility: "private")
        publicTheme = try fixture.themeID("모두", visibility: "public")
        privateStory = try fixture.storyID(
            title: "일기", keywords: ["비밀"], themes: [privateTheme, publicTheme], visibility: "private")
        publicStory = try fixture.storyID(
            title: "데미안", keywords: ["비밀"], themes: [privateTheme, publicTheme], visibility: "public")
    }

    /// Asserts that `route` called by `other` fails with `code` (and `field` when given) and writes nothing.
    private func expectRefused(
        _ route: String, _ arguments: [String: Value], code: String, field: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try fixture.snapshot()
        let error = try fixture.error(route, arguments, as: other, sourceLocation: sourceLocation)
        #expect(error.code == code, sourceLocation: sourceLocation)
        if let field { #expect(error.field == field, sourceLocation: sourceLocation) }
        #expect(try fixture.snapshot() == before, sourceLocation: sourceLocation)
    }

    // MARK: get

    @Test func getOfAnotherUsersPrivateStoryIsNotFound() throws {
        try expectRefused("bookstories.get", ["id": .string(privateStory)], code: "bookstories.not_found")
        #expect(try fixture.call("bookstories.get", ["id": .string(privateStory)])["id"] == .string(privateStory))
    }

    @Test func getOfAnotherUsersPublicStoryShowsOnlyThemesTheViewerMaySee() throws {
        let seen = try fixture.call("bookstories.get", ["id": .string(publicStory)], as: other)
        #expect(seen["id"] == .string(publicStory))
        #expect(seen["author_name"] == "me")
        #expect(seen["themes"] == [.string(publicTheme)])
        let own = try fixture.call("bookstories.get", ["id": .string(publicStory)])
        #expect(own["themes"] == [.string(privateTheme), .string(publicTheme)])
    }

    @Test func getOfAMissingStoryIsNotFound() throws {
        try expectRefused("bookstories.get", ["id": .string(Identifier.random())], code: "bookstories.not_found")
    }

    // MARK: update and delete

    @Test func updateOfAnotherUsersPrivateStoryIsNotFound() throws {
        try expectRefused(
            "bookstories.update", ["id": .string(privateStory), "content": "바꿈"], code: "bookstories.not_found")
        try expectRefused(
            "bookstories.update", ["id": .string(privateStory), "visibility": "public"], code: "bookstories.not_found")
    }

    @Test func updateOfAnotherUsersPublicStoryIsForbidden() throws {
        try expectRefused("bookstories.update", ["id": .string(publicStory), "content": "바꿈"], code: "forbidden")
        try expectRefused(
            "bookstories.update", ["id": .string(publicStory), "visibility": "private"], code: "forbidden")
        #expect(try fixture.call("bookstories.get", ["id": .string(publicStory)])["content"] == .null)
    }

    @Test func deleteOfAnotherUsersPrivateStoryIsNotFound() throws {
        try expectRefused("bookstories.delete", ["id": .string(privateStory)], code: "bookstories.not_found")
    }

    @Test func deleteOfAnotherUsersPublicStoryIsForbidden() throws {
        try expectRefused("bookstories.delete", ["id": .string(publicStory)], code: "forbidden")
        #expect(try fixture.count("book_stories") == 2)
    }

    @Test func theAuthorMayUpdateAndDeleteTheirOwnStories() throws {
        let updated = try fixture.call("bookstories.update", ["id": .string(privateStory), "content": "내 생각"])
        #expect(updated["content"] == "내 생각")
        #expect(try fixture.call("bookstories.delete", ["id": .string(publicStory)]) == .null)
        #expect(try fixture.ids("bookstories.mine") == [privateStory])
    }

    // MARK: Lists

    @Test func publicListsEveryUsersPublicStoriesAndNoPrivateOne() throws {
        let theirs = try fixture.storyID(title: "그들의 공개", visibility: "public", as: other)
        try fixture.storyID(title: "그들의 비공개", visibility: "private", as: other)
        #expect(try fixture.ids("bookstories.public", as: other) == [theirs, publicStory])
        #expect(try fixture.ids("bookstories.public") == [theirs, publicStory])
        let listed = try fixture.call("bookstories.public", as: other).items
        #expect(listed.last?["themes"] == [.string(publicTheme)])
    }

    @Test func mineNeverListsAnotherUsersStories() throws {
        let theirs = try fixture.storyID(title: "그들의", visibility: "private", as: other)
        #expect(try fixture.ids("bookstories.mine", as: other) == [theirs])
        #expect(try fixture.ids("bookstories.mine") == [publicStory, privateStory])
    }

    @Test func ofAnotherUserListsOnlyTheirPublicStoriesWithOnlyVisibleThemes() throws {
        let listed = try fixture.call("bookstories.of", ["user": "me"], as: other).items
        #expect(listed.map { $0["id"] } == [.string(publicStory)])
        #expect(listed.first?["themes"] == [.string(publicTheme)])
        #expect(try fixture.ids("bookstories.of", ["user": .string(fixture.user.id)], as: other) == [publicStory])
    }

    @Test func ofAnUnknownUserIsUserNotFound() throws {
        try expectRefused("bookstories.of", ["user": "nobody"], code: "bookstories.user_not_found", field: "user")
        try expectRefused(
            "bookstories.of", ["user": .string(Identifier.random())], code: "bookstories.user_not_found",
            field: "user")
    }

    @Test func keywordSearchNeverFindsAnotherUsersPrivateStory() throws {
        #expect(try fixture.ids("bookstories.public", ["keyword": "비밀"], as: other) == [publicStory])
        #expect(try fixture.ids("bookstories.of", ["user": "me", "keyword": "비밀"], as: other) == [publicStory])
        #expect(try fixture.ids("bookstories.mine", ["keyword": "비밀"], as: other) == [])
        let listed = try fixture.call("bookstories.public", ["keyword": "비밀"], as: other).items
        #expect(listed.first?["themes"] == [.string(publicTheme)])
    }

    @Test func aThemeFilterOnAnotherUsersPrivateThemeIsNotFound() throws {
        for route in ["bookstories.public", "bookstories.mine"] {
            try expectRefused(route, ["theme": .string(privateTheme)], code: "bookstories.not_found", field: "theme")
            try expectRefused(
                route, ["theme": .string(privateTheme), "keyword": "비밀"], code: "bookstories.not_found",
                field: "theme")
        }
        try expectRefused(
            "bookstories.of", ["user": "me", "theme": .string(privateTheme)], code: "bookstories.not_found",
            field: "theme")
    }

    @Test func insideAnotherUsersPublicThemeOnlyItsPublicStoriesShow() throws {
        #expect(try fixture.ids("bookstories.public", ["theme": .string(publicTheme)], as: other) == [publicStory])
        #expect(
            try fixture.ids("bookstories.of", ["user": "me", "theme": .string(publicTheme)], as: other) == [
                publicStory
            ])
        #expect(
            try fixture.ids(
                "bookstories.of", ["user": "me", "theme": .string(publicTheme), "keyword": "비밀"], as: other)
                == [publicStory])
        #expect(try fixture.ids("bookstories.mine", ["theme": .string(publicTheme)], as: other) == [])
        #expect(
            try fixture.ids("bookstories.mine", ["theme": .string(publicTheme)]) == [publicStory, privateStory])
    }

    @Test func makingAStoryPrivateHidesItEverywhereAtOnce() throws {
        try fixture.call("bookstories.update", ["id": .string(publicStory), "visibility": "private"])
        try expectRefused("bookstories.get", ["id": .string(publicStory)], code: "bookstories.not_found")
        #expect(try fixture.ids("bookstories.public", as: other) == [])
        #expect(try fixture.ids("bookstories.public", ["keyword": "비밀"], as: other) == [])
        #expect(try fixture.ids("bookstories.of", ["user": "me", "keyword": "비밀"], as: other) == [])
        #expect(try fixture.ids("bookstories.public", ["theme": .string(publicTheme)], as: other) == [])
        try expectRefused(
            "bookstories.update", ["id": .string(publicStory), "content": "x"], code: "bookstories.not_found")
        try expectRefused("bookstories.delete", ["id": .string(publicStory)], code: "bookstories.not_found")
    }

    @Test func makingAStoryPublicShowsItInKeywordSearch() throws {
        try fixture.call("bookstories.update", ["id": .string(privateStory), "visibility": "public"])
        #expect(try fixture.ids("bookstories.public", ["keyword": "비밀"], as: other) == [publicStory, privateStory])
    }

    // MARK: Themes

    @Test func themesListOfAnotherUserShowsOnlyTheirPublicThemes() throws {
        #expect(try fixture.ids("bookstories.themes.list", ["user": "me"], as: other) == [publicTheme])
        #expect(
            try fixture.ids("bookstories.themes.list", ["user": .string(fixture.user.id)], as: other) == [publicTheme])
        #expect(try fixture.ids("bookstories.themes.list", as: other) == [])
        #expect(try fixture.ids("bookstories.themes.list") == [privateTheme, publicTheme])
        #expect(try fixture.ids("bookstories.themes.list", ["user": "me"]) == [privateTheme, publicTheme])
    }

    @Test func themesListOfAnUnknownUserIsUserNotFound() throws {
        try expectRefused(
            "bookstories.themes.list", ["user": "nobody"], code: "bookstories.user_not_found", field: "user")
    }

    @Test func themesUpdateOfAnotherUsersPrivateThemeIsNotFound() throws {
        try expectRefused(
            "bookstories.themes.update", ["id": .string(privateTheme), "name": "남의 것"], code: "bookstories.not_found")
    }

    @Test func themesUpdateOfAnotherUsersPublicThemeIsForbidden() throws {
        try expectRefused(
            "bookstories.themes.update", ["id": .string(publicTheme), "name": "남의 것"], code: "forbidden")
        try expectRefused(
            "bookstories.themes.update", ["id": .string(publicTheme), "visibility": "private"], code: "forbidden")
    }

    @Test func themesDeleteOfAnotherUsersPrivateThemeIsNotFound() throws {
        try expectRefused("bookstories.themes.delete", ["id": .string(privateTheme)], code: "bookstories.not_found")
    }

    @Test func themesDeleteOfAnotherUsersPublicThemeIsForbidden() throws {
        try expectRefused("bookstories.themes.delete", ["id": .string(publicTheme)], code: "forbidden")
        #expect(try fixture.count("book_themes") == 2)
    }

    @Test func makingAThemePublicShowsItsIdOnTheStory() throws {
        try fixture.call("bookstories.themes.update", ["id": .string(privateTheme), "visibility": "public"])
        let seen = try fixture.call("bookstories.get", ["id": .string(publicStory)], as: other)
        #expect(seen["themes"] == [.string(privateTheme), .string(publicTheme)])
        #expect(try fixture.ids("bookstories.themes.list", ["user": "me"], as: other) == [privateTheme, publicTheme])
    }

    @Test func aStoryMayNotJoinAnotherUsersThemeEvenAPublicOne() throws {
        for theme in [publicTheme, privateTheme] {
            let before = try fixture.snapshot()
            let created = try fixture.error(
                "bookstories.create",
                ["book": ["title": "t", "author": "a"], "quotes": ["q"], "themes": [.string(theme)]], as: other)
            #expect(created.code == "invalid_argument")
            #expect(created.field == "themes")
            #expect(try fixture.snapshot() == before)
        }
    }

    // MARK: review

    @Test func reviewNeverPicksAnotherUsersStories() throws {
        #expect(try fixture.ids("bookstories.review", ["count": 100], as: other) == [])
        let theirs = try fixture.storyID(title: "그들의", visibility: "private", as: other)
        #expect(try fixture.ids("bookstories.review", ["count": 100], as: other) == [theirs])
        #expect(Set(try fixture.ids("bookstories.review", ["count": 100])) == [privateStory, publicStory])
    }
}
