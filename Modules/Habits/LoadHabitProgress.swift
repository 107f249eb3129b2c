import Core
import Time

/// A habit's statistics under its frequency, skips and pauses, with its score, as they
/// stood on a day (today when none is given).
public struct LoadHabitProgress: Sendable {
    let store: HabitDetailsStore

    /// Reads through `store`; "today" is its clock's.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The progress on the reference day.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `habits.future_day` (field `as_of`).
    public func callAsFunction(_ reference: String, asOf day: LocalDay?, ownerID: String) throws -> HabitProgress {
        let today = store.base.clock.today()
        let referenceDay = day ?? today
        if referenceDay > today { throw HabitError.futureDay(referenceDay, today: today, field: "as_of") }
        let habit = try store.base.habit(reference, ownedBy: ownerID)
        let details = try store.details.details(habitID: habit.id)
        let sorted = try store.base.completions.completedDays(habitID: habit.id)
        if details.isPlainDaily {
            // StackDay's calculator, unchanged, and the score in one more walk.
            return HabitProgress(
                statistics: HabitStatisticsCalculator().statistics(
                    of: habit, sortedCompletedDays: sorted, reference: referenceDay),
                streakUnit: "day",
                score: HabitScoreCalculator().dailyScore(
                    of: habit, sortedCompletedDays: sorted, reference: referenceDay),
                frequency: .daily)
        }
        let done = details.doneDays(of: habit, completed: Set(sorted), through: referenceDay)
        let (statistics, unit) = HabitProgressCalculator().statistics(
            of: habit, details: details, done: done, reference: referenceDay)
        let score =
            HabitScoreCalculator().scores(of: habit, details: details, done: done, through: referenceDay).last ?? 0
        return HabitProgress(
            statistics: statistics, streakUnit: unit, score: score, frequency: details.frequency(on: referenceDay))
    }
}
