import Core
import Time

/// Where a habit's frequencies, measure, skips, pauses, amounts and notes are kept. Each
/// insert fails when the row exists, each update and delete when it does not: no upsert.
public protocol HabitDetailsRepository: Sendable {
    /// Everything of one habit (empty details when it has none).
    func details(habitID: String) throws -> HabitDetails
    /// Everything of these habits, by id, read at once (a habit without details has empty ones).
    func details(habitIDs: some Collection<String>) throws -> [String: HabitDetails]
    /// The ids of `ownerID`'s habits that StackDay's daily rules do not cover alone: a
    /// frequency other than daily, a skip, a pause or a measure.
    func detailedHabitIDs(ownedBy ownerID: String) throws -> Set<String>
    /// The measure of a habit, if it is measurable.
    func measure(habitID: String) throws -> HabitMeasure?
    /// Stores a frequency change. - Throws: `storage.duplicate` when one starts that day.
    func insertFrequency(_ change: FrequencyChange, habitID: String) throws
    /// Replaces the change that starts on `change.start`. - Throws: `habits.not_found`.
    func updateFrequency(_ change: FrequencyChange, habitID: String) throws
    /// Removes the changes that start after `day` (none is fine).
    func deleteFrequencies(habitID: String, after day: LocalDay) throws
    /// Stores the measure of a habit that has none.
    func insertMeasure(_ measure: HabitMeasure, habitID: String) throws
    /// Stores a skipped day. - Throws: `habits.already_skipped`.
    func insertSkip(_ day: LocalDay, habitID: String) throws
    /// Removes a skipped day. - Throws: `habits.not_skipped`.
    func deleteSkip(_ day: LocalDay, habitID: String) throws
    /// Stores a pause. - Throws: `storage.duplicate` when one starts that day.
    func insertPause(_ pause: HabitPause, habitID: String) throws
    /// Removes the pause that starts on `from`. - Throws: `habits.not_paused`.
    func deletePause(from: LocalDay, habitID: String) throws
    /// Sets a day's total: inserts, updates, or (nil) deletes the row.
    func setAmount(_ total: Double?, on day: LocalDay, habitID: String, at now: Instant) throws
    /// The notes, skips and pauses of `ownerID`'s habits on `day`.
    func marks(ownedBy ownerID: String, on day: LocalDay) throws -> HabitDayMarks
    /// Sets a day's note: inserts, updates, or (nil) deletes the row.
    func setNote(_ text: String?, on day: LocalDay, habitID: String, at now: Instant) throws
}
