import Core
import Time

/// A daily habit (StackDay): a name, a start day and the periods it is tracked in.
///
/// A `Habit` is always valid: the initializer checks the name (trimmed of white space and
/// newlines, 1 to 100 characters) and the periods (every one but the last closed, at
/// least one untracked day between two, none before the start). Archiving and
/// unarchiving return a new value; the use cases store it.
public struct Habit: Sendable, Equatable {
    /// The longest name, in characters.
    public static let maximumNameLength = 100

    /// A lowercase UUID.
    public let id: String
    /// The user the habit belongs to.
    public let ownerID: String
    /// The trimmed name.
    public let name: String
    /// The day tracking began (past or future).
    public let startDay: LocalDay
    /// The periods of tracking, oldest first; archived when empty or the last is closed.
    public let trackingPeriods: [TrackingPeriod]
    /// When the habit was created.
    public let createdAt: Instant
    /// When it last changed.
    public let updatedAt: Instant

    /// A habit, checked.
    /// - Throws: `invalid_argument` for a bad name or bad periods.
    public init(
        id: String, ownerID: String, name: String, startDay: LocalDay, trackingPeriods: [TrackingPeriod],
        createdAt: Instant, updatedAt: Instant
    ) throws {
        self.id = id
        self.ownerID = ownerID
        self.name = try Self.checkedName(name)
        self.startDay = startDay
        self.trackingPeriods = try Self.checkedPeriods(trackingPeriods, startDay: startDay)
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A new habit tracked from `startDay` in one open period.
    public static func new(id: String, ownerID: String, name: String, startDay: LocalDay, at now: Instant) throws
        -> Habit
    {
        guard let period = TrackingPeriod(start: startDay) else {
            throw AppError.internal("an open period cannot end before it starts")
        }
        return try Habit(
            id: id, ownerID: ownerID, name: name, startDay: startDay, trackingPeriods: [period], createdAt: now,
            updatedAt: now)
    }

    /// Whether the habit is archived: no period, or the last one closed.
    public var isArchived: Bool { trackingPeriods.last?.isOpen != true }

    /// The habit with a new name.
    /// - Throws: `invalid_argument` for a bad name.
    public func renamed(to newName: String, at now: Instant) throws -> Habit {
        try Habit(
            id: id, ownerID: ownerID, name: newName, startDay: startDay, trackingPeriods: trackingPeriods,
            createdAt: createdAt, updatedAt: now)
    }

    /// The habit archived on `today`: the open period ends today when today is completed,
    /// else yesterday; a period that would end before it began is removed.
    /// - Throws: `habits.already_archived`; `habits.before_start` when the open period
    ///   starts after today.
    public func archived(today: LocalDay, completedToday: Bool, at now: Instant) throws -> Habit {
        guard let last = trackingPeriods.last, last.isOpen else { throw HabitError.alreadyArchived(self) }
        guard today >= last.start else { throw HabitError.beforeStart(today, start: last.start, field: nil) }
        let effective = completedToday ? today : today.previous
        var periods = Array(trackingPeriods.dropLast())
        if let closed = TrackingPeriod(start: last.start, end: effective) { periods.append(closed) }
        return try with(periods: periods, at: now)
    }

    /// The habit after today's completion is removed, when it was archived today with today
    /// completed (its last period ends today): the period then ends yesterday, or goes when
    /// it began today, as `archived(today:completedToday: false)` would have left it. Nil
    /// when nothing changes (another day, or a period not ending today).
    public func withoutCompletionOnArchiveDay(_ day: LocalDay, today: LocalDay, at now: Instant) throws -> Habit? {
        guard day == today, let last = trackingPeriods.last, last.end == today else { return nil }
        var periods = Array(trackingPeriods.dropLast())
        if let shortened = TrackingPeriod(start: last.start, end: today.previous) { periods.append(shortened) }
        return try with(periods: periods, at: now)
    }

    /// The habit unarchived on `today`: the last period reopens when it ended yesterday or
    /// today (so a same-day archive and unarchive leave no trace), else a new one starts.
    /// - Throws: `habits.not_archived`.
    public func unarchived(today: LocalDay, at now: Instant) throws -> Habit {
        guard isArchived else { throw HabitError.notArchived(self) }
        var periods = trackingPeriods
        if let last = periods.last, let end = last.end, today <= end.next {
            periods.removeLast()
            periods.append(TrackingPeriod(start: last.start) ?? last)
        } else if let period = TrackingPeriod(start: Swift.max(today, startDay)) {
            periods.append(period)
        }
        return try with(periods: periods, at: now)
    }

    /// Checks that a completion may be recorded (or cancelled) on `day`.
    /// - Throws: `habits.before_start`, `habits.future_day`, `habits.outside_tracking_period`.
    public func checkRecordable(_ day: LocalDay, today: LocalDay) throws {
        if day < startDay { throw HabitError.beforeStart(day, start: startDay) }
        if day > today { throw HabitError.futureDay(day, today: today) }
        if !isTracked(on: day) { throw HabitError.outsideTrackingPeriod(day) }
    }

    /// Whether `day` is on or after the start and inside a tracking period.
    public func isTracked(on day: LocalDay) -> Bool {
        day >= startDay && trackingPeriods.contains { $0.contains(day) }
    }

    /// Every tracked day up to and including `reference`, in order.
    public func trackingDays(through reference: LocalDay) -> [LocalDay] {
        var days: [LocalDay] = []
        for period in trackingPeriods {
            let first = Swift.max(period.start, startDay)
            let last = Swift.min(period.end ?? reference, reference)
            guard first <= last else { continue }
            days.append(contentsOf: first...last)
        }
        return days
    }

    private func with(periods: [TrackingPeriod], at now: Instant) throws -> Habit {
        try Habit(
            id: id, ownerID: ownerID, name: name, startDay: startDay, trackingPeriods: periods, createdAt: createdAt,
            updatedAt: now)
    }

    /// The name trimmed of white space and newlines, 1 to 100 characters.
    /// - Throws: `invalid_argument` (field `name`).
    public static func checkedName(_ raw: String) throws -> String {
        let trimmed = raw.trimmingWhitespace
        guard !trimmed.isEmpty else {
            throw AppError.invalidArgument("a habit's name cannot be empty", field: "name")
        }
        guard trimmed.count <= maximumNameLength else {
            throw AppError.invalidArgument(
                "a habit's name is at most \(maximumNameLength) characters, got \(trimmed.count)", field: "name")
        }
        return trimmed
    }

    private static func checkedPeriods(_ periods: [TrackingPeriod], startDay: LocalDay) throws -> [TrackingPeriod] {
        if let first = periods.first, first.start < startDay {
            throw AppError.invalidArgument(
                "a tracking period starts before the habit (\(startDay))", field: "tracking_periods")
        }
        for (earlier, later) in zip(periods, periods.dropFirst()) {
            guard let end = earlier.end, end.next < later.start else {
                throw AppError.invalidArgument(
                    "tracking periods must be closed and separated by at least one untracked day",
                    field: "tracking_periods")
            }
        }
        return periods
    }
}
