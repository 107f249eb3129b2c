import Core
import Time

/// Pauses a habit over a range of days (a vacation), or removes a pause: paused days are
/// neither eligible nor missed and never break a streak.
public struct PauseHabit: Sendable {
    /// The longest pause, in days.
    public static let maximumDays = 366

    let store: HabitDetailsStore

    /// Writes through `store` in one transaction.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// Pauses from `from` (today when nil) to `to`, both included.
    /// - Throws: the lookup errors; `habits.before_start` (field `from`); `invalid_argument`
    ///   for a range ending before it starts or longer than 366 days;
    ///   `habits.overlapping_pause` when it overlaps another pause.
    public func callAsFunction(_ reference: String, from: LocalDay?, to: LocalDay, ownerID: String) throws
        -> HabitPause
    {
        let first = from ?? store.base.clock.today()
        guard let pause = HabitPause(from: first, to: to) else {
            throw AppError.invalidArgument("a pause ends (\(to)) before it starts (\(first))", field: "to")
        }
        guard first.distance(to: to) < Self.maximumDays else {
            throw AppError.invalidArgument(
                "a pause is at most \(Self.maximumDays) days, got \(first.distance(to: to) + 1)", field: "to")
        }
        return try store.base.transactions.transaction {
            let habit = try store.base.habit(reference, ownedBy: ownerID)
            if first < habit.startDay { throw HabitError.beforeStart(first, start: habit.startDay, field: "from") }
            if let other = try store.details.details(habitID: habit.id).pauses.first(where: {
                $0.from <= pause.to && pause.from <= $0.to
            }) {
                throw AppError(
                    code: "habits.overlapping_pause",
                    message: "'\(habit.name)' is already paused from \(other.from) to \(other.to)", field: "from")
            }
            try store.details.insertPause(pause, habitID: habit.id)
            return pause
        }
    }

    /// Removes the pause that starts on `from`.
    /// - Throws: the lookup errors; `habits.not_paused`.
    public func remove(_ reference: String, from: LocalDay, ownerID: String) throws {
        try store.base.transactions.transaction {
            let habit = try store.base.habit(reference, ownedBy: ownerID)
            try store.details.deletePause(from: from, habitID: habit.id)
        }
    }
}
