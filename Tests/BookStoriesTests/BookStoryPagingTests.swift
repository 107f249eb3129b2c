import BookStories
import Core
import Testing

/// Pages of every scope and filter: 1-based, 10 per page by default, at most 100; walking the
/// pages returns every story exactly once, in order, with no gap and no duplicate.
@Suite struct BookStoryPagingTests {
    let fixture: BookStoriesFixture
    let other: User
    let theme: String
    /// 37 public stories of "me", all with the keyword "책" and in `theme`, some made at the
    /// same instant, newest first.
    let newestFirst: [String]

    init() throws {
        fixture = try BookStoriesFixture()
        other = try fixture.addUser(named: "mina")
        theme = try fixture.themeID("모음", visibility: "public")
        var made: [String] = []
        for index in 0..<37 {
            if index % 3 == 0 { fixture.clock.advance(seconds: 1) }
            made.append(
                try fixture.storyID(title: "책 \(index)", keywords: ["책"], themes: [theme], visibility: "public"))
        }
        newestFirst = made.reversed()
    }

    static let listings: [(String, [String: Value])] = [
        ("bookstories.mine", [:]),
        ("bookstories.public", [:]),
        ("bookstories.of", ["user": "me"]),
        ("bookstories.mine", ["keyword": "책"]),
        ("bookstories.public", ["keyword": "책"]),
        ("bookstories.of", ["user": "me", "keyword": "책"]),
        ("bookstories.mine", ["theme": "<theme>"]),
        ("bookstories.public", ["theme": "<theme>"]),
        ("bookstories.public", ["theme": "<theme>", "keyword": "책"]),
        ("bookstories.of", ["user": "me", "theme": "<theme>", "keyword": "책"]),
    ]

    private func arguments(_ base: [String: Value], _ extra: [String: Value]) -> [String: Value] {
        var all = base.merging(extra) { $1 }
        if all["theme"] != nil { all["theme"] = .string(theme) }
        return all
    }

    @Test(arguments: listings)
    func walkingEveryPageReturnsEveryStoryExactlyOnceInOrder(route: String, filter: [String: Value]) throws {
        let viewer = route == "bookstories.mine" ? fixture.user : other
        var pages: [[String]] = []
        for page in 1...5 {
            pages.append(try fixture.ids(route, arguments(filter, ["page": .int(page), "per_page": 10]), as: viewer))
        }
        #expect(pages.map(\.count) == [10, 10, 10, 7, 0])
        let walked = pages.flatMap { $0 }
        #expect(walked == newestFirst)
        #expect(Set(walked).count == 37)
    }

    @Test(arguments: listings)
    func tenStoriesComeOnAPageByDefaultFromPageOne(route: String, filter: [String: Value]) throws {
        #expect(try fixture.ids(route, arguments(filter, [:])) == Array(newestFirst.prefix(10)))
        #expect(try fixture.ids(route, arguments(filter, ["page": 2])) == Array(newestFirst[10..<20]))
        #expect(try fixture.ids(route, arguments(filter, ["per_page": 100])) == newestFirst)
    }

    static let pageSizes: [Int] = [1, 3, 7, 36, 37, 38, 100]

    @Test(arguments: pageSizes)
    func anyPageSizeWalksTheSameStories(perPage: Int) throws {
        var walked: [String] = []
        var page = 1
        while true {
            let ids = try fixture.ids("bookstories.mine", ["page": .int(page), "per_page": .int(perPage)])
            #expect(ids.count <= perPage)
            if ids.isEmpty { break }
            walked += ids
            page += 1
        }
        #expect(walked == newestFirst)
        #expect(page - 1 == (37 + perPage - 1) / perPage)
    }

    static let badPages: [(String, Int, String)] = [
        ("per_page", 0, "per_page"), ("per_page", 101, "per_page"), ("per_page", -1, "per_page"),
        ("page", 0, "page"), ("page", -1, "page"),
    ]

    @Test(arguments: badPages)
    func aPageOrPageSizeOutOfRangeIsInvalid(key: String, value: Int, field: String) throws {
        for route in ["bookstories.mine", "bookstories.public", "bookstories.of"] {
            var arguments: [String: Value] = [key: .int(value)]
            if route == "bookstories.of" { arguments["user"] = "me" }
            let error = try fixture.error(route, arguments)
            #expect(error.code == "invalid_argument")
            #expect(error.field == field)
        }
    }

    @Test func aPageBeyondTheLastIsEmpty() throws {
        #expect(try fixture.ids("bookstories.mine", ["page": 1000]) == [])
        #expect(try fixture.ids("bookstories.public", ["page": 5, "per_page": 100]) == [])
    }

    /// A page so far out that `(page - 1) * per_page` overflows an `Int` must not bring the
    /// process down: it is either an empty page or `invalid_argument` naming `page`.
    @Test func aHugePageNumberNeitherCrashesNorWraps() async {
        await #expect(processExitsWith: .success) {
            let fixture = try BookStoriesFixture()
            try fixture.storyID()
            do {
                let stories = try fixture.call("bookstories.mine", ["page": .int(Int.max)])
                precondition(stories.items.isEmpty, "a page past the end has stories")
            } catch let error as AppError {
                precondition(error.code == "invalid_argument" && error.field == "page", "\(error)")
            }
        }
    }
}
