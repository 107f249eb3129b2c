import Core

/// What the reminder use cases work with: the habit details store (for the day's state of a
/// habit) and the reminders repository, which must write through the same database.
/// Registered by the plugin beside `HabitDetailsStore`.
public struct ReminderStore: Sendable {
    /// Habits, completions and their details, the transactions and the clock.
    public let details: HabitDetailsStore
    /// The reminders.
    public let reminders: any ReminderRepository

    /// A store over `details` and `reminders`, which must write through the same database.
    public init(details: HabitDetailsStore, reminders: any ReminderRepository) {
        self.details = details
        self.reminders = reminders
    }

    /// The habits, completions, transactions and clock.
    var base: HabitDependencies { details.base }
}
