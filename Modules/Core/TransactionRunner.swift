/// Runs a unit of work atomically: all its writes happen, or none do.
///
/// Core declares it so that use cases can span repositories (delete a habit and its
/// completions) without knowing the database; Storage's `Database` implements it.
public protocol TransactionRunner: Sendable {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result

    /// Whether this thread is inside a transaction of this runner (a new one would then be
    /// a savepoint of it, committed only with it).
    var isInTransaction: Bool { get }
}
