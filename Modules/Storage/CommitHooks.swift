/// Work done inside every outermost transaction just before it commits (storing the
/// buffered events with the route's own writes), and what to do if the commit fails.
public struct CommitHooks: Sendable {
    /// Runs inside the transaction, before COMMIT; throwing rolls it back.
    public let beforeCommit: @Sendable () throws -> Void
    /// Runs after a successful COMMIT.
    public let afterCommit: @Sendable () -> Void
    /// Runs after a rollback of a transaction whose `beforeCommit` ran.
    public let afterRollback: @Sendable () -> Void

    /// Hooks that the database runs around each outermost commit (`Database.setCommitHooks`).
    public init(
        beforeCommit: @escaping @Sendable () throws -> Void, afterCommit: @escaping @Sendable () -> Void,
        afterRollback: @escaping @Sendable () -> Void
    ) {
        self.beforeCommit = beforeCommit
        self.afterCommit = afterCommit
        self.afterRollback = afterRollback
    }
}
