import Core
import Testing
import Time

/// A route declared `readsOnly` runs its handler as read-only work (which a database with a
/// standby reader sends there); any other route, and the code around the call, does not.
@Suite struct ReadOnlyWorkTests {
    @Test func onlyTheHandlerOfAReadOnlyRouteRunsAsReadOnlyWork() throws {
        let routes = [
            Route("test.read", summary: "Reads.", returns: "boolean", example: "test.read()", readsOnly: true) { _, _ in
                .bool(ReadOnlyWork.isActive)
            },
            Route("test.write", summary: "Writes.", returns: "boolean", example: "test.write()") { _, _ in
                .bool(ReadOnlyWork.isActive)
            },
            // A reading route that calls a writing one: the writing one is not read-only work.
            Route("test.nested", summary: "Reads.", returns: "boolean", example: "test.nested()", readsOnly: true) {
                _, context in
                try context.router.call("test.write", session: context.session)
            },
        ]
        let router = try Router(routes: routes)
        let clock = FixedClock(Instant(secondsSince1970: 1_795_908_600), timeZone: try TimeZoneRules.named("UTC"))
        let session = Session(
            user: User(id: "00000000-0000-0000-0000-000000000001", name: "mina", createdAt: clock.now()), clock: clock,
            container: Container())
        #expect(try router.call("test.read", session: session) == .bool(true))
        #expect(try router.call("test.write", session: session) == .bool(false))
        #expect(try router.call("test.nested", session: session) == .bool(false))
        #expect(!ReadOnlyWork.isActive)
        #expect(routes.map(\.readsOnly) == [true, false, true])
    }
}
