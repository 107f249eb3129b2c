import Time

/// The timers of a script's loop and when each is due next, on the app's clock.
///
/// Pure: it is told the time and never reads a clock, so tests can walk a day (or a
/// daylight-saving change) instant by instant. A timer that fell behind (the machine slept,
/// a callback ran long, a fast test clock outran the loop) fires once for what it missed
/// and then keeps its grid: an `every` timer's next firing is the first point of its grid
/// after now, a daily timer's the next occurrence of its time.
public struct TimerSchedule: Sendable {
    /// A timer and its next firing.
    public struct Entry: Sendable, Equatable {
        /// Its number, unique in the schedule's life (never reused).
        public let id: Int
        /// When it fires.
        public let rule: TimerRule
        /// Its next firing.
        public var due: Instant
    }

    /// The most timers at once.
    public static let maximumTimers = 1_000
    /// The shortest `every` interval, in seconds of app time.
    public static let minimumInterval = 0.1
    /// The longest interval or delay: 366 days, in seconds.
    public static let maximumInterval = 31_622_400.0

    /// The timers by id.
    public private(set) var entries: [Int: Entry] = [:]
    private var lastID = 0

    /// An empty schedule.
    public init() {}

    /// Whether no timer is set.
    public var isEmpty: Bool { entries.isEmpty }

    /// The earliest due instant, nil when no timer is set.
    public var nextDue: Instant? { entries.values.map(\.due).min() }

    /// The milliseconds `seconds` names for `every` (`repeating`) or `after`.
    /// - Throws: `invalid_argument` (field `seconds`) outside the limits, or for NaN.
    public static func interval(seconds: Double, repeating: Bool) throws -> Int {
        let minimum = repeating ? minimumInterval : 0
        guard seconds >= minimum, seconds <= maximumInterval else {
            let name = repeating ? "app.every" : "app.after"
            throw AppError.invalidArgument(
                "\(name) takes \(repeating ? "0.1" : "0") to \(Int(maximumInterval)) seconds (366 days), got \(seconds)",
                field: "seconds")
        }
        return Int((seconds * 1000).rounded())
    }

    /// Adds a timer set at `now`; returns its id.
    /// - Throws: `app.too_many_timers` when `maximumTimers` are set already.
    public mutating func add(_ rule: TimerRule, now: Instant, zone: TimeZoneRules) throws -> Int {
        guard entries.count < Self.maximumTimers else {
            throw AppError(
                code: "app.too_many_timers",
                message: "at most \(Self.maximumTimers) timers may be set at once; turn one off with :off() first")
        }
        lastID += 1
        let due: Instant
        switch rule {
        case .every(let milliseconds), .once(let milliseconds): due = now.adding(milliseconds: milliseconds)
        case .daily(let time): due = time.nextOccurrence(after: now, in: zone)
        }
        entries[lastID] = Entry(id: lastID, rule: rule, due: due)
        return lastID
    }

    /// Removes timer `id`; returns whether it was set.
    @discardableResult
    public mutating func remove(_ id: Int) -> Bool { entries.removeValue(forKey: id) != nil }

    /// The timers due at `now`, earliest first (ties in the order they were set), each
    /// once; moves each to its next firing (a `once` timer is removed).
    public mutating func takeDue(at now: Instant, zone: TimeZoneRules) -> [Entry] {
        let due = entries.values.filter { $0.due <= now }.sorted {
            ($0.due, $0.id) < ($1.due, $1.id)
        }
        for entry in due {
            switch entry.rule {
            case .once:
                entries[entry.id] = nil
            case .every(let milliseconds):
                // The first point of the grid after now: missed points fire no more.
                let behind = now.millisecondsSince1970 - entry.due.millisecondsSince1970
                let steps = behind / milliseconds + 1
                entries[entry.id]?.due = entry.due.adding(milliseconds: steps * milliseconds)
            case .daily(let time):
                entries[entry.id]?.due = time.nextOccurrence(after: max(now, entry.due), in: zone)
            }
        }
        return due
    }
}
