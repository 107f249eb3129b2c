import Synchronization

/// Named intervals and point events over the run (SniffMeet's SNMLogger signposts), cheap
/// enough to leave on: a begin reads the monotonic clock, an end appends one record under
/// a lock. The router opens an interval per route call, the database one per transaction,
/// scripts their own with `trace.span`. `--trace FILE` writes them as Chrome trace JSON.
public final class Signposter: Sendable {
    /// A closed interval (or, with no duration, a point event).
    public struct Interval: Sendable, Equatable {
        /// What it measured (`habits.complete`, `transaction`).
        public let name: String
        /// Its kind (`route`, `storage`, `script`).
        public let category: String
        /// Microseconds from the signposter's creation to the start.
        public let start: Double
        /// Microseconds it lasted; nil for a point event.
        public let duration: Double?
    }

    /// An open interval, returned by `begin` and closed by `end`.
    public struct Token: Sendable {
        let name: String
        let category: String
        let start: ContinuousClock.Instant
    }

    /// The most intervals kept; later ones are counted but not stored.
    public let capacity: Int
    private let origin = ContinuousClock.now
    private let records: Mutex<(intervals: [Interval], dropped: Int)>

    /// A signposter keeping at most `capacity` intervals.
    public init(capacity: Int = 100_000) {
        self.capacity = capacity
        records = Mutex(([], 0))
    }

    /// Opens an interval.
    public func begin(_ name: String, category: String) -> Token {
        Token(name: name, category: category, start: ContinuousClock.now)
    }

    /// Closes an interval.
    public func end(_ token: Token) {
        let now = ContinuousClock.now
        append(
            Interval(
                name: token.name, category: token.category, start: Self.microseconds(origin.duration(to: token.start)),
                duration: Self.microseconds(token.start.duration(to: now))))
    }

    /// Records a point event.
    public func event(_ name: String, category: String) {
        append(
            Interval(
                name: name, category: category, start: Self.microseconds(origin.duration(to: .now)), duration: nil))
    }

    /// Runs `body` inside an interval, closed however `body` ends.
    public func interval<Result>(_ name: String, category: String, _ body: () throws -> Result) rethrows -> Result {
        let token = begin(name, category: category)
        defer { end(token) }
        return try body()
    }

    /// Every recorded interval, in the order they closed.
    public var intervals: [Interval] { records.withLock { $0.intervals } }

    /// How many intervals were not kept because `capacity` was reached.
    public var dropped: Int { records.withLock { $0.dropped } }

    /// Records a finished interval as it is (tests build reports from known durations).
    func appendForTest(_ interval: Interval) { append(interval) }

    private func append(_ interval: Interval) {
        records.withLock { records in
            if records.intervals.count < capacity {
                records.intervals.append(interval)
            } else {
                records.dropped += 1
            }
        }
    }

    static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }
}
