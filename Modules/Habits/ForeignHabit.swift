import Core
import Time

/// A habit as another tracker (Loop Habit Tracker, HabitBull) keeps it, read from its file
/// and not yet written: what `ForeignHabitWriter` maps to AppShell's habits.
struct ForeignHabit {
    /// What a day of the other tracker says.
    enum Mark: Equatable {
        /// Done by hand (Loop's `YES_MANUAL`, HabitBull's 1): a completion.
        case done
        /// Skipped (Loop's `SKIP`): a skipped day.
        case skipped
        /// An amount of a measurable habit, in its unit.
        case amount(Double)
        /// Derived by the other app from the frequency (Loop's `YES_AUTO`): not a completion.
        case derived
        /// Not done, or nothing recorded.
        case none
    }

    /// The name as the other app has it (two habits may share one there).
    var name: String
    /// Where it was in the file, for the result's lines ("Loop habit 3").
    var label: String
    /// How often it is due.
    var frequency: HabitFrequency = .daily
    /// The unit and target of a measurable habit (its unit may still need checking).
    var measure: (unit: String, target: Double, atMost: Bool)?
    /// Whether the other app has it archived.
    var archived = false
    /// The marks by day.
    var marks: [LocalDay: Mark] = [:]
    /// The notes by day.
    var notes: [LocalDay: String] = [:]
    /// The time of its reminder, if it has one.
    var reminder: DailyTime?
    /// What the other app has of it that AppShell cannot hold (a description, a reminder,
    /// a colour), one phrase each.
    var unrepresentable: [String] = []

    /// The days it has anything on, oldest first.
    var days: [LocalDay] { Set(marks.keys).union(notes.keys).sorted() }
}
