import Core
import Time

/// What the use cases of frequencies, skips, pauses, amounts and notes work with: the
/// Habits dependencies and the details repository, which must write through the same
/// database. Registered by the plugin beside `HabitDependencies`.
public struct HabitDetailsStore: Sendable {
    /// The habits, completions, transactions and clock.
    public let base: HabitDependencies
    /// Frequencies, measures, skips, pauses, amounts and notes.
    public let details: any HabitDetailsRepository

    /// A store over `base` and `details`, which must write through the same database.
    public init(base: HabitDependencies, details: any HabitDetailsRepository) {
        self.base = base
        self.details = details
    }

    /// The days `habit` counts as done up to today: its completions and, for an at-most
    /// habit, the days with nothing recorded (`HabitDetails.doneDays`).
    func doneDays(of habit: Habit, details: HabitDetails) throws -> Set<LocalDay> {
        details.doneDays(
            of: habit, completed: Set(try base.completions.completedDays(habitID: habit.id)),
            through: base.clock.today())
    }

    /// The days each of `habits` counts as done up to today, by habit id, their completions
    /// read at once; `details` are theirs (`HabitDetailsRepository.details(habitIDs:)`).
    func doneDays(of habits: [Habit], details: [String: HabitDetails]) throws -> [String: Set<LocalDay>] {
        let completed = try base.completions.completedDays(habitIDs: habits.map(\.id))
        let today = base.clock.today()
        var done: [String: Set<LocalDay>] = [:]
        for habit in habits {
            done[habit.id] = (details[habit.id] ?? HabitDetails()).doneDays(
                of: habit, completed: Set(completed[habit.id] ?? []), through: today)
        }
        return done
    }
}
