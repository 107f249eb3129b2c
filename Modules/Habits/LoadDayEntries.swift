import Core
import Time

/// Every habit tracked on a day with its state that day (today when none is given).
public struct LoadDayEntries: Sendable {
    let dependencies: HabitDependencies
    let calculator = HabitCalendarCalculator()

    /// Reads the habits and that day's completions from `dependencies`; "today" is its clock's.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The entries, oldest habit first.
    public func callAsFunction(on day: LocalDay?, ownerID: String) throws -> [HabitDayEntry] {
        let today = dependencies.clock.today()
        let target = day ?? today
        let completed = try dependencies.completions.completedHabitIDs(ownedBy: ownerID, on: target)
        return try dependencies.habits.habits(ownedBy: ownerID).compactMap { habit in
            calculator.state(of: habit, on: target, completed: completed.contains(habit.id), today: today)
                .map { HabitDayEntry(habit: habit, state: $0) }
        }
    }
}
