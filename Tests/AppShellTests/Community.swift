import AppTestSupport
import Assembly
import Core
import Storage
import Testing

/// The whole app on one backend with three people, "me", "joon" and "sol", for the tests of
/// people together (blocking, reports, moderation), and what those tests ask of it.
struct Community {
    let app: TestApp
    let joon: User
    let sol: User

    init(_ backend: DatabaseBackend = .sqlite) throws {
        app = try TestApp(plugins: AppAssembly.plugins, repositories: AppAssembly.sqlRepositories, backend: backend)
        joon = try app.addUser(named: "joon")
        sol = try app.addUser(named: "sol")
    }

    @discardableResult
    func call(_ route: String, _ arguments: [String: Value] = [:], as user: User? = nil) throws -> Value {
        try app.call(route, arguments, as: user)
    }

    func error(_ route: String, _ arguments: [String: Value] = [:], as user: User? = nil) throws -> AppError {
        try #require(throws: AppError.self) { try call(route, arguments, as: user) }
    }

    func id(_ value: Value) throws -> String { try #require(value["id"].stringValue) }

    /// A story of `user`'s with one quote and one keyword; its id.
    func story(
        _ quote: String = "새는 알에서 나오려고 투쟁한다.", keyword: String = "성장", visibility: String = "public",
        as user: User
    ) throws -> String {
        try id(
            try call(
                "bookstories.create",
                [
                    "book": ["title": "데미안", "author": "헤르만 헤세"], "quotes": [.string(quote)],
                    "keywords": [.string(keyword)], "visibility": .string(visibility),
                ], as: user))
    }

    /// The first quote of each story of a list.
    func quotes(_ list: Value) -> [String] { list.items.compactMap { $0["quotes"].items.first?["text"].stringValue } }

    /// The text of each comment of a list.
    func texts(_ list: Value) -> [String] { list.items.compactMap { $0["text"].stringValue } }

    /// Joon joins "me" by my code (both with profiles) and asks me for a walk; the
    /// request's id.
    func joonJoinsAndAsksForAWalk() throws -> String {
        try profile(app.user)
        try profile(joon)
        let code = try #require(try call("mates.invite")["code"].stringValue)
        try call("mates.join", ["code": .string(code)], as: joon)
        let place: Value = ["lat": 37.52, "lng": 126.93]
        return try id(try call("walks.request", ["mate": "me", "message": "산책?", "place": place], as: joon))
    }

    /// A profile for `user`, so they can be a mate.
    func profile(_ user: User) throws {
        try call(
            "profiles.save",
            [
                "nickname": .string(user.name),
                "dog": ["name": "보리", "age": 3, "sex": "female", "size": "small", "keywords": ["friendly"]],
            ], as: user)
    }
}
