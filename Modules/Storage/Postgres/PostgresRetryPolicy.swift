#if canImport(Glibc)
    import Glibc
#endif

/// How often and how patiently `PostgresConnection.transaction` runs a transaction again
/// after a serialization failure or a deadlock.
///
/// The wait before attempt n+1 is a random time between 0 and min(`maximumDelay`,
/// `baseDelay` x 2^(n-1)) ("full jitter"): transactions that collided do not collide
/// again in step.
public struct PostgresRetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included (1 means never retry).
    public let attempts: Int
    /// The ceiling of the first wait, in milliseconds.
    public let baseDelay: Int
    /// The ceiling of every wait, in milliseconds.
    public let maximumDelay: Int

    /// A policy; `attempts` at least 1, delays at least 0.
    public init(attempts: Int, baseDelay: Int, maximumDelay: Int) {
        self.attempts = max(1, attempts)
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
    }

    /// Five attempts, waits up to 10, 20, 40 and 80 ms: a conflict between two people's
    /// routes resolves in well under a second.
    public static let standard = PostgresRetryPolicy(attempts: 5, baseDelay: 10, maximumDelay: 200)

    /// One attempt: a conflict reaches the caller.
    public static let never = PostgresRetryPolicy(attempts: 1, baseDelay: 0, maximumDelay: 0)

    /// The wait, in milliseconds, after failed attempt `attempt` (from 1).
    public func delay(after attempt: Int) -> Int {
        let shift = min(max(attempt - 1, 0), 20)
        let ceiling = min(maximumDelay, baseDelay << shift)
        return ceiling > 0 ? Int.random(in: 0...ceiling) : 0
    }

    /// Sleeps the wait after failed attempt `attempt`.
    func wait(after attempt: Int) {
        let milliseconds = delay(after: attempt)
        guard milliseconds > 0 else { return }
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
