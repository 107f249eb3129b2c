import Core
import Time

/// Creates a habit tracked from its start day (today when none is given).
public struct CreateHabit: Sendable {
    let dependencies: HabitDependencies

    /// Writes through `dependencies.habits`; the start day defaults to its clock's today.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The new habit, stored.
    /// - Throws: `invalid_argument` for a bad name; `habits.name_taken` when an active
    ///   habit of the user has the name (ignoring case and Unicode form).
    public func callAsFunction(name: String, start: LocalDay?, ownerID: String) throws -> Habit {
        let now = dependencies.clock.now()
        let habit = try Habit.new(
            id: Identifier.random(), ownerID: ownerID, name: name,
            startDay: start ?? now.localDay(in: dependencies.clock.timeZone), at: now)
        // Checked and stored in one (immediate) transaction, so two processes cannot both pass.
        try dependencies.transactions.transaction {
            try dependencies.checkNameFree(habit.name, ownerID: ownerID)
            try dependencies.habits.insert(habit)
        }
        return habit
    }
}
