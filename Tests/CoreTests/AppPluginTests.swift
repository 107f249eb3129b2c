import Core
import Synchronization
import Testing
import Time

@Suite struct AppPluginTests {
    /// Users in memory.
    final class MemoryUsers: UserRepository {
        private let users = Mutex<[User]>([])
        func user(named name: String) throws -> User? { users.withLock { $0.first { $0.name == name } } }
        func user(id: String) throws -> User? { users.withLock { $0.first { $0.id == id } } }
        func users(ids: some Collection<String>) throws -> [String: User] {
            let wanted = Set(ids)
            return users.withLock { Dictionary($0.filter { wanted.contains($0.id) }.map { ($0.id, $0) }) { a, _ in a } }
        }
        func insert(_ user: User) throws { users.withLock { $0.append(user) } }
    }

    /// 2026-11-28T23:30:00Z.
    static let now = Instant(secondsSince1970: 1_795_908_600)

    /// A router over the `app` routes and a session acting as `mina`, in Seoul.
    static func app() throws -> (Router, Session) {
        let plugin = AppPlugin()
        let clock = FixedClock(now, timeZone: try TimeZoneRules.named("Asia/Seoul"))
        let container = Container()
        container.register((any UserRepository).self, instance: MemoryUsers())
        container.register((any Time.Clock).self, instance: clock)
        plugin.register(in: container)
        let user = User(id: "00000000-0000-0000-0000-000000000001", name: "mina", createdAt: now)
        return (try Router(routes: plugin.routes()), Session(user: user, clock: clock, container: container))
    }

    @Test func pluginIsNamedAppAndHasNoMigrations() {
        #expect(AppPlugin().name == "app")
        #expect(AppPlugin().migrations.isEmpty)
        #expect(AppPlugin().routes().allSatisfy { $0.module == "app" })
    }

    @Test func todayIsTheDayInTheClocksZone() throws {
        let (router, session) = try Self.app()
        #expect(try router.call("app.today", session: session) == "2026-11-29")
    }

    @Test func nowCarriesTheZonesOffset() throws {
        let (router, session) = try Self.app()
        #expect(try router.call("app.now", session: session) == "2026-11-29T08:30:00+09:00")
    }

    @Test func userIsTheActingUser() throws {
        let (router, session) = try Self.app()
        let result = try router.call("app.user", session: session)
        #expect(result == ["id": "00000000-0000-0000-0000-000000000001", "name": "mina"])
    }

    @Test func loginCreatesAndSwitchesToTheUser() throws {
        let (router, session) = try Self.app()
        let result = try router.call("app.login", Arguments(["name": "jun"]), session: session)
        #expect(result["name"] == "jun")
        #expect(session.user.name == "jun")
        #expect(session.user.createdAt == Self.now)
        #expect(try router.call("app.user", session: session)["name"] == "jun")
    }

    @Test func loginTwiceGivesTheSameUser() throws {
        let (router, session) = try Self.app()
        let first = try router.call("app.login", Arguments(["name": "jun"]), session: session)
        let second = try router.call("app.login", Arguments(["name": "jun"]), session: session)
        #expect(first["id"] == second["id"])
    }

    @Test func loginWithABadNameFailsNamingTheRouteAndKeepsTheUser() throws {
        let (router, session) = try Self.app()
        let error = try #require(throws: AppError.self) {
            try router.call("app.login", Arguments(["name": "with space"]), session: session)
        }
        #expect(error.code == "invalid_argument")
        #expect(error.route == "app.login")
        #expect(error.field == "name")
        #expect(session.user.name == "mina")
    }

    @Test func loginWithoutANameIsBadArgumentOne() throws {
        let (router, session) = try Self.app()
        let error = try #require(throws: AppError.self) { try router.call("app.login", session: session) }
        #expect(error.message.contains("bad argument #1 to 'app.login'"))
    }

    @Test func routesListsEveryRouteSortedByName() throws {
        let (router, session) = try Self.app()
        let result = try router.call("app.routes", session: session)
        let names = try #require(result.arrayValue).map { $0["name"] }
        #expect(
            names == [
                "app.export", "app.import", "app.inbox", "app.login", "app.notify", "app.now", "app.routes",
                "app.today",
                "app.user",
            ])
    }

    @Test func loginWithoutARepositoryFailsAsNotRegistered() throws {
        let plugin = AppPlugin()
        let container = Container()
        plugin.register(in: container)
        let session = Session(
            user: User(id: "00000000-0000-0000-0000-000000000001", name: "mina", createdAt: Self.now),
            clock: FixedClock(Self.now), container: container)
        let router = try Router(routes: plugin.routes())
        let error = try #require(throws: AppError.self) {
            try router.call("app.login", Arguments(["name": "jun"]), session: session)
        }
        #expect(error.code == "container.not_registered")
        #expect(error.message.contains("UserRepository"))
        #expect(error.route == "app.login")
    }
}
