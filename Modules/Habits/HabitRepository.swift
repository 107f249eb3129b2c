/// Where habits are kept. Insert fails on an existing id; update and delete fail on a
/// missing one; there is no silent upsert.
public protocol HabitRepository: Sendable {
    /// Every habit of `ownerID`, oldest first.
    func habits(ownedBy ownerID: String) throws -> [Habit]
    /// The habit with this id, if `ownerID` owns it.
    func habit(id: String, ownedBy ownerID: String) throws -> Habit?
    /// `ownerID`'s habits with exactly this name.
    func habits(named name: String, ownedBy ownerID: String) throws -> [Habit]
    /// Stores a new habit.
    /// - Throws: `habits.exists` when the id is taken.
    func insert(_ habit: Habit) throws
    /// Replaces a stored habit.
    /// - Throws: `habits.not_found` when there is none with its id.
    func update(_ habit: Habit) throws
    /// Removes a habit (its completions must be gone first).
    /// - Throws: `habits.not_found` when there is none with this id.
    func delete(id: String) throws
}
