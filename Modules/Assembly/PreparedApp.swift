import Core
import Storage

/// The app wired before its database has answered (`AppAssembly.prepare`): the container
/// and the router are ready, so a front end can set itself up (app-shell builds its Lua
/// engine) while a PostgreSQL connection is opened; `start()` then runs the start-up
/// statements and gives the app.
public struct PreparedApp: Sendable {
    /// The database, being opened (its first statement waits for the connection).
    public let database: any Database
    /// Every implementation, registered (`IdentitySource` once started).
    public let container: Container
    /// Every route behind the middleware.
    public let router: Router
    /// The records the routes return (with the presenters of `show`), made once a start.
    public let shapes: [RecordShape]
    let options: AppOptions
    let modules: [Migrator.Module]

    /// The login (PostgreSQL), the migrations or the schema check, the photo files of an
    /// earlier version; then the app, as `AppAssembly.assemble` gives it.
    /// - Throws: `storage.unavailable` (naming the host and the database, never the
    ///   password) or `invalid_argument` (field `db`) when the server cannot be reached or
    ///   refuses the login; `storage.schema_outdated`; the migrator's errors.
    public func start() throws -> AssembledApp { try AppAssembly.start(self) }
}
