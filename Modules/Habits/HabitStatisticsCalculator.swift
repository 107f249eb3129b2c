import Core
import Time

/// Derives a habit's statistics from its stored completions; pure, no I/O.
///
/// - Eligible days are the days of the tracking periods up to the reference day; days
///   between periods neither count nor break a run.
/// - The current streak walks the eligible days back from the last one, skipping the
///   reference day when it is the last and not completed (a day is not missed until it
///   is over).
/// - The longest streak is the longest run of completed eligible days.
public struct HabitStatisticsCalculator: Sendable {
    /// A calculator; it keeps no state between calls.
    public init() {}

    /// The statistics of `habit` as they stood on `reference`.
    public func statistics(of habit: Habit, completedDays: Set<LocalDay>, reference: LocalDay) -> HabitStatistics {
        statistics(of: habit, sortedCompletedDays: completedDays.sorted(), reference: reference)
    }

    /// The statistics of `habit` as they stood on `reference`, from its completed days in
    /// ascending order: one walk over the eligible days beside the completions, with no
    /// set and no list of days built (the overview does this for every habit).
    public func statistics(of habit: Habit, sortedCompletedDays days: [LocalDay], reference: LocalDay)
        -> HabitStatistics
    {
        var eligible = 0
        var total = 0
        var run = 0
        var runBeforeLast = 0
        var longest = 0
        var lastDay: Int?
        var lastCompleted = false
        var next = 0
        for period in habit.trackingPeriods {
            let first = Swift.max(period.start, habit.startDay).dayNumber
            let last = Swift.min(period.end ?? reference, reference).dayNumber
            guard first <= last else { continue }
            while next < days.count, days[next].dayNumber < first { next += 1 }
            for day in first...last {
                let completed = next < days.count && days[next].dayNumber == day
                if completed { next += 1 }
                eligible += 1
                runBeforeLast = run
                if completed {
                    total += 1
                    run += 1
                    longest = Swift.max(longest, run)
                } else {
                    run = 0
                }
                lastDay = day
                lastCompleted = completed
            }
        }
        // A reference day not yet completed is still in progress: it does not end the streak.
        let current = lastDay == reference.dayNumber && !lastCompleted ? runBeforeLast : run
        let rate = eligible == 0 ? 0 : Double(total) / Double(eligible)
        return HabitStatistics(
            totalCompletedDays: total, eligibleTrackingDays: eligible, completionRate: rate,
            streak: HabitStreak(current: current, longest: longest))
    }
}
