import Core

/// The overview with every habit's streak and rate under its frequency, skips and pauses:
/// StackDay's `LoadOverview` for all, then the few habits with details (one more query
/// finds them) computed again by `HabitProgressCalculator`.
public struct LoadDetailedOverview: Sendable {
    let store: HabitDetailsStore

    /// Reads through `store`; "today" is its clock's.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// One summary per habit, oldest first.
    public func callAsFunction(ownerID: String) throws -> [HabitSummary] {
        let summaries = try LoadOverview(store.base)(ownerID: ownerID)
        let detailed = try store.details.detailedHabitIDs(ownedBy: ownerID)
        guard !detailed.isEmpty else { return summaries }
        let today = store.base.clock.today()
        return try summaries.map { summary in
            guard detailed.contains(summary.id),
                let habit = try store.base.habits.habit(id: summary.id, ownedBy: ownerID)
            else { return summary }
            let details = try store.details.details(habitID: habit.id)
            let (statistics, _) = HabitProgressCalculator().statistics(
                of: habit, details: details, done: try store.doneDays(of: habit, details: details), reference: today)
            return HabitSummary(
                id: summary.id, name: summary.name, isArchived: summary.isArchived,
                currentStreak: statistics.streak.current, completionRate: statistics.completionRate)
        }
    }
}
