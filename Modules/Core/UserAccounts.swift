import Time

/// The use case behind `--user NAME` and `app.login(name)`: find a user, or create them on
/// first use.
public struct UserAccounts: Sendable {
    private let repository: any UserRepository
    private let clock: any Clock

    /// The use case over `repository`, stamping new users with `clock`.
    public init(repository: any UserRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    /// The user named `name`, created now if new.
    ///
    /// Two processes may sign the same new name in at once; the one whose insert loses
    /// reads the winner's row instead of failing.
    /// - Throws: `invalid_argument` for a bad name.
    public func signIn(name: String) throws -> User { try enter(name: name).user }

    /// The user named `name`, created now if new, and whether this call created them (so
    /// that the shell can say a new user was made: a mistyped `--user` should not start an
    /// empty life in silence).
    ///
    /// Of two processes signing the same new name in at once, only the one whose insert
    /// wins says `created`; the other reads the winner's row.
    /// - Throws: `invalid_argument` for a bad name.
    public func enter(name: String) throws -> (user: User, created: Bool) {
        try User.validate(name: name)
        if let existing = try repository.user(named: name) { return (existing, false) }
        let user = User(id: Identifier.random(), name: name, createdAt: clock.now())
        do {
            try repository.insert(user)
            return (user, true)
        } catch {
            if let winner = try repository.user(named: name) { return (winner, false) }
            throw error
        }
    }
}
