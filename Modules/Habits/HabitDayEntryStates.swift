import Core
import Time

/// The days `habits.day` and `habits.today` must not call pending, missed or future for a
/// habit with a frequency other than daily: `not_due` on a day a weekday habit is not due,
/// and `rest` on a day off in a period that met its frequency (or, before today, may still
/// meet it), exactly as `habits.year` draws those days; for a habit with a limit (`at_most`),
/// `completed` on a day with nothing recorded and `over_limit` on a day over it. A daily
/// habit's entries are left alone.
public struct HabitDayEntryStates: Sendable {
    let store: HabitDetailsStore

    /// Reads through `store`; "today" is its clock's.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The states that replace the entries' own, by habit id (only the entries that change).
    /// - Throws: storage errors.
    public func callAsFunction(_ entries: [HabitDayEntry], on day: LocalDay, ownerID: String) throws
        -> [String: HabitYearState]
    {
        let open = entries.filter { $0.state != .completed }
        guard !open.isEmpty else { return [:] }
        // One query finds the habits with details; a plain habit costs nothing more. The
        // details of the others, and then their completions, are read at once.
        let detailed = try store.details.detailedHabitIDs(ownedBy: ownerID)
        let candidates = open.filter { detailed.contains($0.habit.id) }
        guard !candidates.isEmpty else { return [:] }
        let details = try store.details.details(habitIDs: candidates.map(\.habit.id))
        let judged = candidates.compactMap { entry -> (HabitDayEntry, HabitDetails)? in
            guard let habitDetails = details[entry.habit.id] else { return nil }
            let limited = habitDetails.measure?.atMost == true
            guard limited || !habitDetails.frequencies.allSatisfy(\.frequency.isDaily) else { return nil }
            return (entry, habitDetails)
        }
        // The completions are needed where the year's rules judge the day.
        let needingDays = judged.filter { entry, habitDetails in
            entry.state != .future
                && (habitDetails.measure?.atMost == true || habitDetails.frequency(on: day).isDue(on: day))
        }
        let done = try store.doneDays(of: needingDays.map(\.0.habit), details: details)
        let today = store.base.clock.today()
        var states: [String: HabitYearState] = [:]
        for (entry, habitDetails) in judged {
            let limited = habitDetails.measure?.atMost == true
            let days = done[entry.habit.id] ?? []
            if limited, entry.state != .future {
                // Loop's rule: nothing recorded kept the limit; over it is over_limit, even today.
                let state = HabitYearCalculator().state(
                    of: entry.habit, details: habitDetails, done: days, on: day, today: today)
                if state == .completed || state == .overLimit || state == .rest || state == .notDue {
                    states[entry.habit.id] = state
                }
            } else if !habitDetails.frequency(on: day).isDue(on: day) {
                states[entry.habit.id] = .notDue
            } else if entry.state != .future,
                HabitYearCalculator().state(of: entry.habit, details: habitDetails, done: days, on: day, today: today)
                    == .rest
            {
                states[entry.habit.id] = .rest
            }
        }
        return states
    }
}
