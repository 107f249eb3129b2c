import Core

/// Users in the `users` table. Names are unique ignoring case (`name_key`).
public struct SQLUserRepository: UserRepository {
    private let database: any Database

    /// A repository over `database` (migrated with `CoreSchema`).
    public init(database: any Database) { self.database = database }

    /// The user with this name: exactly, else ignoring case (`Alice` is `alice`).
    public func user(named name: String) throws -> User? {
        try database.queryOne(Self.named, [.text(name)], Self.user)
    }

    private static let named =
        "SELECT id, name, created_at FROM users WHERE name = ?1 OR name_key = lower(?1) ORDER BY name = ?1 DESC"

    /// A subquery of one row at most, for a statement that names a user and writes at once
    /// (one round trip): the id of the user `reference` (a placeholder, `?3`) names, as
    /// `user(named:)` finds them, else as `user(id:)` finds the reference in lower case. `IS
    /// TRUE`: a `name_key` an early schema left NULL sorts last on both engines (PostgreSQL
    /// puts NULL first when descending).
    public static func referenced(_ reference: String) -> String {
        "SELECT id FROM users WHERE name = \(reference) OR name_key = lower(\(reference)) OR id = lower(\(reference)) "
            + "ORDER BY (name = \(reference)) IS TRUE DESC, (name_key = lower(\(reference))) IS TRUE DESC LIMIT 1"
    }

    /// The user whose name is exactly `name`, as a query of a batch (`Database.forEach(_:)`):
    /// `found` gets the user `user(named:)` would return when there is one of that exact
    /// name (it comes first there), and is not called otherwise, which says nothing of a
    /// user of that name in another case. Only the name's index is planned: on a new server
    /// process, the lookup by either name cost 0.3 ms more of catalog reads at start-up.
    public static func userNamedExactly(_ name: String, _ found: @escaping (User) -> Void) -> BatchQuery {
        BatchQuery("SELECT id, name, created_at FROM users WHERE name = ?", [.text(name)]) { row in
            found(try user(row))
        }
    }

    /// The user with this id.
    public func user(id: String) throws -> User? {
        try database.queryOne("SELECT id, name, created_at FROM users WHERE id = ?", [.text(id)], Self.user)
    }

    /// The users with these ids, by id: one statement (on SQLite, one per
    /// `SQLDialect.longestSQLiteList` ids).
    public func users(ids: some Collection<String>) throws -> [String: User] {
        var found: [String: User] = [:]
        for chunk in database.dialect.chunks(of: Array(Set(ids))) {
            let (inList, arguments) = database.dialect.inList("id", chunk.map(SQLValue.text))
            try database.forEach("SELECT id, name, created_at FROM users WHERE \(inList)", arguments) { row in
                let user = try Self.user(row)
                found[user.id] = user
            }
        }
        return found
    }

    /// Inserts a new user; an existing id, or a name an existing user has ignoring case,
    /// is `users.exists`.
    /// - Throws: `users.exists`, or the storage error for any other failure.
    public func insert(_ user: User) throws {
        do {
            try database.execute(
                "INSERT INTO users (id, name, name_key, created_at) VALUES (?1, ?2, lower(?2), ?3)",
                [.text(user.id), .text(user.name), .instant(user.createdAt)])
        } catch let error as StorageError where error.failure == .duplicate {
            throw AppError(code: "users.exists", message: "a user named '\(user.name)' or with id \(user.id) exists")
        }
    }

    private static func user(_ row: Row) throws -> User {
        User(id: try row.string(0), name: try row.string(1), createdAt: try row.instant(2))
    }
}
