import Time

/// Blocking and unblocking people by name: the block and what features end because of it
/// (`BlockHandler`: a mate link and the walk requests it carried) in one transaction. The
/// blocked person is told nothing.
public struct BlockPeople: Sendable {
    let blocks: any BlockList
    let users: any UserRepository
    let transactions: any TransactionRunner
    let clock: any Clock
    let handler: (any BlockHandler)?

    /// Blocks through `blocks`; `handler` (when a feature registered one) is called inside
    /// the same transaction.
    public init(
        blocks: any BlockList, users: any UserRepository, transactions: any TransactionRunner, clock: any Clock,
        handler: (any BlockHandler)?
    ) {
        self.blocks = blocks
        self.users = users
        self.transactions = transactions
        self.clock = clock
        self.handler = handler
    }

    /// `userID` blocks the user named `name`; blocking someone already blocked changes nothing.
    /// - Throws: `people.not_found`, `invalid_argument` (yourself).
    @discardableResult
    public func block(_ name: String, userID: String) throws -> User {
        let other = try person(name)
        guard other.id != userID else {
            throw AppError.invalidArgument("you cannot block yourself", field: "name")
        }
        let now = clock.now()
        try transactions.transaction { try record(other.id, userID: userID, at: now) }
        return other
    }

    /// Records that `userID` blocks `otherID` and tells the feature that ends what the
    /// block ends, inside the caller's transaction (a report blocks too).
    func record(_ otherID: String, userID: String, at now: Instant) throws {
        if try blocks.block(otherID, by: userID, at: now) {
            try handler?.blockStarted(by: userID, blocking: otherID, at: now)
        }
    }

    /// Ends `userID`'s block of the user named `name`; a mate link it ended stays ended.
    /// - Throws: `people.not_found` (no such user, or not blocked).
    public func unblock(_ name: String, userID: String) throws {
        let other = try person(name)
        guard try blocks.unblock(other.id, by: userID) else {
            throw AppError(code: "people.not_found", message: "you have not blocked '\(name)'", field: "name")
        }
    }

    /// The people `userID` blocked, most recent first.
    public func blocked(userID: String) throws -> [BlockedPerson] { try blocks.blocked(by: userID) }

    private func person(_ name: String) throws -> User {
        guard let user = try users.user(named: name) ?? users.user(id: name.lowercased()) else {
            throw AppError(code: "people.not_found", message: "no user '\(name)'", field: "name")
        }
        return user
    }
}
