import Core
import Time

/// A habit's year, day by day, for `habits.year` (this year when none is given).
public struct LoadHabitYear: Sendable {
    let store: HabitDetailsStore

    /// Reads through `store`; "this year" is its clock's.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The habit and the states of every day of the year.
    /// - Throws: the lookup errors; `invalid_argument` (field `year`) outside 1…9999.
    public func callAsFunction(_ reference: String, year: Int?, ownerID: String) throws
        -> (habit: Habit, frequency: HabitFrequency, days: [(date: LocalDay, state: HabitYearState)])
    {
        let today = store.base.clock.today()
        let chosen = year ?? today.year
        guard (LocalDay.minimumYear...LocalDay.maximumYear).contains(chosen) else {
            throw AppError.invalidArgument("year must be 1 to 9999, got \(chosen)", field: "year")
        }
        let habit = try store.base.habit(reference, ownedBy: ownerID)
        let details = try store.details.details(habitID: habit.id)
        let days = HabitYearCalculator().days(
            of: habit, details: details, done: try store.doneDays(of: habit, details: details), year: chosen,
            today: today)
        return (
            habit, details.frequency(on: Swift.min(today, LocalDay(year: chosen, month: 12, day: 31) ?? today)), days
        )
    }
}
