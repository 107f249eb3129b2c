import Core
import Storage

/// The habit, completion and details repositories over a SQL database, for the composition root.
public struct HabitsSQLRepositories: SQLRepositories {
    /// The SQL repositories; stateless, the database comes with `register(over:in:)`.
    public init() {}

    /// Registers `any HabitRepository`, `any CompletionRepository`, `any HabitDetailsRepository`
    /// and `any ReminderRepository`.
    public func register(over database: any Database, in container: Container) {
        container.register((any HabitRepository).self, instance: SQLHabitRepository(database: database))
        container.register((any CompletionRepository).self, instance: SQLCompletionRepository(database: database))
        container.register((any HabitDetailsRepository).self, instance: SQLHabitDetailsRepository(database: database))
        container.register((any ReminderRepository).self, instance: SQLReminderRepository(database: database))
    }

    /// The `habits` and `reminders` sections of the export document (reminders after the
    /// habits they name).
    public func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLHabitsSection(database: database), SQLRemindersSection(database: database)]
    }

    /// Loop Habit Tracker's backup and CSV export, and HabitBull's CSV.
    public func foreignFormats(over database: any Database) -> [any ForeignFormat] {
        [LoopFormat(database: database), HabitBullFormat(database: database)]
    }
}
