/// Lists the acting user's habits, oldest first.
public struct ListHabits: Sendable {
    let dependencies: HabitDependencies

    /// The use case.
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
