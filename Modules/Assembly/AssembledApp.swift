import Core
import Storage

/// The wired app, before anyone signs in: what a front end (the Lua shell, the benchmarks,
/// a test) binds to.
public struct AssembledApp: Sendable {
    /// The open, migrated database (`SQLiteDatabase`, or `PostgresDatabase` for a
    /// `postgres://` location).
    public let database: any Database
    /// Every implementation, registered.
    public let container: Container
    /// Every route behind the middleware.
    public let router: Router
    /// The app clock.
    public let clock: any Clock
    /// The records the routes return.
    public let shapes: [RecordShape]

    /// The session of the user named `name`, created on first use.
    /// - Throws: `invalid_argument` for a name that is not a valid user name.
    public func session(for name: String) throws -> Session {
        let user = try container.resolve(UserAccounts.self).signIn(name: name)
        return Session(user: user, clock: clock, container: container)
    }
}
