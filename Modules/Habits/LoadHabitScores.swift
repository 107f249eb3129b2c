import Core
import Time

/// A habit's Loop score day by day over a range.
public struct LoadHabitScores: Sendable {
    /// The most days one call returns.
    public static let maximumDays = 3_660

    let store: HabitDetailsStore

    /// Reads through `store`; "today" is its clock's.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The scores from `from` (the habit's start when nil) to `to` (today when nil), each day once.
    /// - Throws: the lookup errors; `habits.future_day` (field `to`); `invalid_argument` for
    ///   a range that ends before it starts or is longer than 3,660 days.
    public func callAsFunction(_ reference: String, from: LocalDay?, to: LocalDay?, ownerID: String) throws
        -> [(day: LocalDay, score: Double)]
    {
        let today = store.base.clock.today()
        let last = to ?? today
        if last > today { throw HabitError.futureDay(last, today: today, field: "to") }
        let habit = try store.base.habit(reference, ownedBy: ownerID)
        let first = Swift.max(from ?? habit.startDay, habit.startDay)
        if let from, from > last {
            throw AppError.invalidArgument("from (\(from)) is after to (\(last))", field: "from")
        }
        if first <= last, first.distance(to: last) >= Self.maximumDays {
            throw AppError.invalidArgument(
                "at most \(Self.maximumDays) days of scores at once, asked for \(first.distance(to: last) + 1)",
                field: "from")
        }
        let details = try store.details.details(habitID: habit.id)
        let scores = HabitScoreCalculator().scores(
            of: habit, details: details, done: try store.doneDays(of: habit, details: details), through: last)
        guard first <= last else { return [] }
        let offset = habit.startDay.distance(to: first)
        return scores[offset...].enumerated().map { (first.adding(days: $0.offset), $0.element) }
    }
}
