/// Where habits are kept. Insert fails on an existing id; update and delete fail on a
/// missing one; there is no silent upsert.
public protocol HabitRepository: Sendable {
    /// Every habit of `ownerID`, oldest first.
    func habits(ownedBy ownerID: String) throws -> [Habit]
    /// The habit with this id, if `ownerID` owns it.
    func habit(id: String, ownedBy ownerID: String) throws -> Habit?
    /// `ownerID`'s habits with exactly this name.
    func habits(named name: String, ownedBy ownerID: String) throws -> [Habit]
    /// The id and name of the active habits of `ownerID` (last period open) that may have
    /// the name whose `foldedForMatching` form is `folded`: every one that has it, and
    /// possibly others (the caller compares the names), for the name check of create,
    /// rename and unarchive.
    func activeNameCandidates(folded: String, ownedBy ownerID: String) throws -> [(id: String, name: String)]
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
