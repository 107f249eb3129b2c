import Core
import Storage
import Time

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
    /// Who may act: any name on SQLite, the database login on PostgreSQL.
    public let identity: IdentitySource
    /// The login's users row as start-up read it with the schema's versions (PostgreSQL,
    /// when the login is the user and the row exists), so that signing in costs no round
    /// trip of its own.
    let loginUser: User?

    /// The session of the user named `name`, created on first use.
    /// - Throws: `invalid_argument` for a name that is not a valid user name;
    ///   `app.login_not_available` for a name other than the login when the database login
    ///   is the user (PostgreSQL).
    public func session(for name: String) throws -> Session { try enter(name).session }

    /// The session of the user named `name`, created on first use, and whether this call
    /// created the user (`UserAccounts.enter`).
    /// - Throws: as `session(for:)`.
    public func enter(_ name: String) throws -> (session: Session, created: Bool) {
        if case .databaseLogin(let login) = identity, name != login {
            throw IdentitySource.loginNotAvailable(login: login, field: nil)
        }
        if let loginUser, case .databaseLogin(let login) = identity, name == login {
            // What `enter` would return: the row it reads, after the check it makes.
            try User.validate(name: name)
            return (Session(user: loginUser, clock: clock, container: container), false)
        }
        let (user, created) = try container.resolve(UserAccounts.self).enter(name: name)
        return (Session(user: user, clock: clock, container: container), created)
    }

    /// The session of the database login (PostgreSQL), created in the users table on first
    /// use; nil when any name may be chosen (SQLite), and the caller picks one.
    /// - Throws: `invalid_argument` when the login is no valid user name (1 to 32 letters,
    ///   digits, `_`, `-`, `.`).
    public func loginSession() throws -> Session? {
        guard case .databaseLogin(let login) = identity else { return nil }
        return try session(for: login)
    }
}
