/// Where users are kept. Core declares it; Storage implements it.
public protocol UserRepository: Sendable {
    /// The user with this name, if any: exactly, else ignoring case (names are ASCII).
    func user(named name: String) throws -> User?
    /// The user with this id, if any.
    func user(id: String) throws -> User?
    /// The users with these ids, by id (an id without a user is left out), read at once
    /// rather than one by one: a list naming the people in it asks once.
    func users(ids: some Collection<String>) throws -> [String: User]
    /// Stores a new user.
    /// - Throws: `AppError` `users.exists` when the id or the name (ignoring case) is taken.
    func insert(_ user: User) throws
}
