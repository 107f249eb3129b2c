import Core
import Storage

/// The habit, completion and details repositories over a SQL database, for the composition root.
public struct HabitsSQLRepositories: SQLRepositories {
    /// The SQL repositories; stateless, the database comes with `register(over:in:)`.
    public init() {}

    /// Registers `any HabitRepository`, `any CompletionRepository` and `any HabitDetailsRepository`.
    public func register(over database: any Database, in container: Container) {
        container.register((any HabitRepository).self, instance: SQLHabitRepository(database: database))
        container.register((any CompletionRepository).self, instance: SQLCompletionRepository(database: database))
        container.register((any HabitDetailsRepository).self, instance: SQLHabitDetailsRepository(database: database))
    }

    /// The `habits` section of the export document.
    public func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLHabitsSection(database: database)]
    }

    /// Loop Habit Tracker's backup and CSV export, and HabitBull's CSV.
    public func foreignFormats(over database: any Database) -> [any ForeignFormat] {
        [LoopFormat(database: database), HabitBullFormat(database: database)]
    }
}
