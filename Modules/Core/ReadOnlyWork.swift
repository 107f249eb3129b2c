/// Whether the work running on this thread only reads: a route declared `readsOnly`
/// runs its handler inside `during`, and a database with a reader (a hot standby,
/// `--read-db`) sends that work's statements outside a transaction there. Anything in a
/// transaction, and everything else, goes to the primary.
public enum ReadOnlyWork {
    /// True inside `during` on this thread (or task).
    @TaskLocal public static var isActive = false

    /// Runs `body` as read-only work.
    public static func during<Result>(_ body: () throws -> Result) rethrows -> Result {
        try $isActive.withValue(true, operation: body)
    }

    /// Runs `body` as work that may write, inside read-only work (a route that writes,
    /// called by one that reads).
    public static func outside<Result>(_ body: () throws -> Result) rethrows -> Result {
        try $isActive.withValue(false, operation: body)
    }
}
