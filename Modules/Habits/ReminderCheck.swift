import Core
import Time

/// Which habits a reminder should speak of on a day: those due that day and not yet done,
/// by the rules `habits.day` uses. A habit done, skipped or paused that day, on a day a
/// weekday habit is not due, on a day off of a period that met its frequency (`rest`),
/// archived or not yet started gets no reminder.
public struct ReminderCheck: Sendable {
    let store: ReminderStore

    /// Reads through `store`; "today" is its clock's.
    public init(_ store: ReminderStore) { self.store = store }

    /// The habits among `habitIDs` whose state on `day` is `pending`, by id.
    /// - Throws: storage errors.
    public func pending(_ habitIDs: Set<String>, on day: LocalDay, ownerID: String) throws -> [String: Habit] {
        let entries = try LoadDayEntries(store.base)(on: day, ownerID: ownerID).filter {
            habitIDs.contains($0.habit.id) && $0.state == .pending
        }
        guard !entries.isEmpty else { return [:] }
        let states = try HabitDayEntryStates(store.details)(entries, on: day, ownerID: ownerID)
        let marks = try store.details.details.marks(ownedBy: ownerID, on: day)
        var pending: [String: Habit] = [:]
        for entry in entries {
            let id = entry.habit.id
            guard states[id] == nil, !marks.skipped.contains(id), !marks.paused.contains(id) else { continue }
            pending[id] = entry.habit
        }
        return pending
    }
}
