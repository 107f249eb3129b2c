import Core
import Time

/// What the Profiles use cases work with. Registered once by the plugin.
public struct ProfileDependencies: Sendable {
    /// Profiles and their photos.
    public let profiles: any ProfileRepository
    /// Users, to find the one named in `profiles.get`.
    public let users: any UserRepository
    /// Makes check-then-write atomic.
    public let transactions: any TransactionRunner
    /// The app clock.
    public let clock: any Clock

    /// The repositories must write through the database `transactions` runs on, or a use
    /// case's writes are not one transaction.
    public init(
        profiles: any ProfileRepository, users: any UserRepository, transactions: any TransactionRunner,
        clock: any Clock
    ) {
        self.profiles = profiles
        self.users = users
        self.transactions = transactions
        self.clock = clock
    }
}
