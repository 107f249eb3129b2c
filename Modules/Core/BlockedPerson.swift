import Time

/// One person someone blocked, and since when (`people.blocked()`).
public struct BlockedPerson: Sendable, Equatable {
    /// The blocked user.
    public let user: User
    /// When the block began.
    public let since: Instant

    /// A blocked person.
    public init(user: User, since: Instant) {
        self.user = user
        self.since = since
    }
}
