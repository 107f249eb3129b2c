/// Lists the acting user's habits, oldest first.
public struct ListHabits: Sendable {
    let dependencies: HabitDependencies

    /// Reads through `dependencies.habits`; never writes.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The habits that pass `filter`.
    public func callAsFunction(_ filter: ArchiveFilter, ownerID: String) throws -> [Habit] {
        try dependencies.habits.habits(ownedBy: ownerID).filter { habit in
            switch filter {
            case .active: !habit.isArchived
            case .archived: habit.isArchived
            case .all: true
            }
        }
    }
}
