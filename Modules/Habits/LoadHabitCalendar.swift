import Core
import Time

/// A habit's month, day by day (this month when none is given).
public struct LoadHabitCalendar: Sendable {
    let dependencies: HabitDependencies
    let calculator = HabitCalendarCalculator()

    /// Reads the habit and its completions from `dependencies`; "this month" is its clock's.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The calendar of `year`-`month`.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `invalid_argument` for a month
    ///   outside 1...12 or a year outside 1...9999.
    public func callAsFunction(_ reference: String, year: Int?, month: Int?, ownerID: String) throws
        -> HabitMonthlyCalendar
    {
        let today = dependencies.clock.today()
        let chosenYear = year ?? today.year
        let chosenMonth = month ?? today.month
        guard (1...12).contains(chosenMonth) else {
            throw AppError.invalidArgument("month must be 1 to 12, got \(chosenMonth)", field: "month")
        }
        guard let first = LocalDay(year: chosenYear, month: chosenMonth, day: 1) else {
            throw AppError.invalidArgument("year must be 1 to 9999, got \(chosenYear)", field: "year")
        }
        let habit = try dependencies.habit(reference, ownedBy: ownerID)
        let completed = Set(
            try dependencies.completions.completions(
                habitID: habit.id, from: first, to: first.adding(days: first.daysInMonth - 1)
            ).map(\.completedOn))
        return calculator.calendar(of: habit, month: first, completedDays: completed, today: today)
    }
}
