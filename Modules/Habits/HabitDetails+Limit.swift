import Core
import Time

/// Loop Habit Tracker's rule for a habit with a limit (`at_most`), in one place for the
/// statistics, the calendar, the year, the score, the day entries and the export: a day
/// with nothing recorded kept the limit, so it is done; a day whose total is over the
/// target is over the limit (never "partial": no amount added later can make it met).
extension HabitDetails {
    /// Whether `day`'s total is over an at-most habit's limit (false for any other habit,
    /// and for a day with nothing recorded).
    public func isOverLimit(_ day: LocalDay) -> Bool {
        guard let measure, measure.atMost, let total = amounts[day] else { return false }
        return !measure.isMet(by: total)
    }

    /// The days `habit` counts as done up to `last`: the days `completed` and, for an at-most
    /// habit, every day it is tracked and due with nothing recorded, neither skipped nor
    /// paused (Loop's rule: an empty day kept the limit).
    /// - Parameters:
    ///   - habit: the habit whose days these are.
    ///   - completed: its stored completions' days.
    ///   - last: the last day to count (today, or the day statistics are asked for).
    /// - Returns: `completed` with the empty days of an at-most habit added.
    public func doneDays(of habit: Habit, completed: Set<LocalDay>, through last: LocalDay) -> Set<LocalDay> {
        guard measure?.atMost == true, habit.startDay <= last else { return completed }
        var done = completed
        for period in habit.trackingPeriods {
            let first = Swift.max(period.start, habit.startDay)
            let end = Swift.min(period.end ?? last, last)
            guard first <= end else { continue }
            for day in first...end
            where amounts[day] == nil && !isExcused(day) && frequency(on: day).isDue(on: day) {
                done.insert(day)
            }
        }
        return done
    }
}
