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
        let start: Int64
    }

    /// The most intervals kept; later ones are counted but not stored.
    public let capacity: Int
    private let origin = Signposter.nanoseconds()
    private let records: Mutex<(intervals: [Record], dropped: Int)>

    /// An interval as recorded: the monotonic clock's readings in nanoseconds (`end` -1 for
    /// a point event). Turning them into microseconds is left to the readers, so the route
    /// call that closes an interval pays only for the append; plain integers, because
    /// `ContinuousClock.Instant` is a resilient type whose every copy went through the
    /// runtime (a third of the trace middleware's cost).
    private enum Record: Sendable {
        case measured(name: String, category: String, start: Int64, end: Int64)
        case given(Interval)
    }

    /// A signposter keeping at most `capacity` intervals.
    public init(capacity: Int = 100_000) {
        self.capacity = capacity
        records = Mutex(([], 0))
    }

    /// Opens an interval.
    public func begin(_ name: String, category: String) -> Token {
        Token(name: name, category: category, start: Self.nanoseconds())
    }

    /// Closes an interval.
    public func end(_ token: Token) {
        append(.measured(name: token.name, category: token.category, start: token.start, end: Self.nanoseconds()))
    }

    /// Records a point event.
    public func event(_ name: String, category: String) {
        append(.measured(name: name, category: category, start: Self.nanoseconds(), end: -1))
    }

    /// Runs `body` inside an interval, closed however `body` ends.
    public func interval<Result>(_ name: String, category: String, _ body: () throws -> Result) rethrows -> Result {
        let token = begin(name, category: category)
        defer { end(token) }
        return try body()
    }

    /// Every recorded interval, in the order they closed.
    public var intervals: [Interval] {
        records.withLock { $0.intervals }.map { record in
            switch record {
            case .given(let interval): return interval
            case .measured(let name, let category, let start, let end):
                return Interval(
                    name: name, category: category, start: Double(start - origin) / 1000,
                    duration: end < 0 ? nil : Double(end - start) / 1000)
            }
        }
    }

    /// How many intervals were not kept because `capacity` was reached.
    public var dropped: Int { records.withLock { $0.dropped } }

    /// Records a finished interval as it is (tests build reports from known durations).
    func appendForTest(_ interval: Interval) { append(.given(interval)) }

    private func append(_ record: Record) {
        records.withLock { records in
            if records.intervals.count < capacity {
                records.intervals.append(record)
            } else {
                records.dropped += 1
            }
        }
    }

    /// The monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds: read directly, it is a
    /// plain integer (an interval lies within one run, so time suspended does not matter).
    static func nanoseconds() -> Int64 { Int64(bitPattern: MonotonicClock.nanoseconds()) }

}
