import Core
import Time

/// Where completions are kept: looked up by (habit, day), deleted by id.
public protocol CompletionRepository: Sendable {
    /// The completions of a habit from `from` to `to` (both optional, inclusive), by day.
    func completions(habitID: String, from: LocalDay?, to: LocalDay?) throws -> [Completion]
    /// The completion of a habit on a day, if any.
    func completion(habitID: String, on day: LocalDay) throws -> Completion?
    /// The days a habit was completed on, in ascending order.
    func completedDays(habitID: String) throws -> [LocalDay]
    /// The days each of these habits was completed on, by habit id, each in ascending
    /// order, read at once (a habit never completed is left out).
    func completedDays(habitIDs: some Collection<String>) throws -> [String: [LocalDay]]
    /// The completed days of every habit of `ownerID`, by habit id, each in ascending order.
    func completedDays(ownedBy ownerID: String) throws -> [String: [LocalDay]]
    /// The ids of `ownerID`'s habits completed on `day`.
    func completedHabitIDs(ownedBy ownerID: String, on day: LocalDay) throws -> Set<String>
    /// Stores a new completion.
    /// - Throws: `habits.already_completed` when the habit has one on that day.
    func insert(_ completion: Completion) throws
    /// Reads the habit with id `habitID` (when given) and the habits named exactly `name`
    /// of `ownerID`, with their periods, measures and completions on `day`; then inserts
    /// completion `id` of `day`, recorded at `recordedAt`, for the habit those name (the one
    /// with the id, else the only one of the name) when it has no measure and no completion
    /// that day. One step: a server gets both statements in one round trip. Call it inside
    /// the transaction that judges the result, so a refusal rolls the insert back.
    func attempt(
        habitID: String?, name: String, ownerID: String, on day: LocalDay, id: String, recordedAt: Instant
    ) throws -> CompletionAttempt
    /// Inserts completion `id` of `day`, recorded at `recordedAt`, for the habit the
    /// reference names (`habitID` when given and `ownerID`'s, else the only habit of
    /// `ownerID` named exactly `name`; a `habitID` no habit has is refused, even when a
    /// habit is named so, which `attempt` then finds), only when `RecordCompletion`'s rules allow it: the
    /// habit has no measure and no completion that day, and the day is from its start to
    /// `today` and inside one of its tracking periods. Otherwise the statement fails, and
    /// with it the transaction: a `StorageError` of `.constraint`, or `.duplicate` for a
    /// day already completed, so nothing of the transaction commits. On a server the
    /// statement waits for the transaction's `COMMIT` and goes with it (one round trip);
    /// `inserted` gets the habit's id when the answer arrives.
    func insertIfRecordable(
        habitID: String?, name: String, ownerID: String, on day: LocalDay, today: LocalDay, id: String,
        recordedAt: Instant, inserted: @escaping (String) -> Void
    ) throws
    /// Removes a completion.
    /// - Throws: `habits.not_completed` when there is none with this id.
    func delete(id: String) throws
    /// Removes every completion of a habit (none is fine).
    func deleteAll(habitID: String) throws
}
