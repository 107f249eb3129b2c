/// A timer of the `Sentinel`.
public struct SentinelTimer: Sendable {
    let id: Int
    let sentinel: Sentinel

    /// Forgets the timer if it has not run.
    public func cancel() { sentinel.cancel(id) }
}
