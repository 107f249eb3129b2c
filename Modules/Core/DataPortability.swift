import Time

/// What `app.export` and `app.import` go through: one person's data as one versioned
/// document, and the files of this app and of others taken back in. Implemented in
/// `Formats` (`PortableSections`), which reads the files; wired in the composition root.
public protocol DataPortability: Sendable {
    /// The export document of `user`: `format`, `version`, `exported_at`, `user` and one
    /// section per feature, each with its own `version`.
    func export(for user: User, clock: any Clock) throws -> Value

    /// Imports the file or folder at `path` (of the format `from`, or the one recognised)
    /// for `user`, in one transaction of `transactions`.
    func importPath(
        _ path: String, from: String?, for user: User, clock: any Clock, transactions: any TransactionRunner
    ) throws -> ImportReport
}
