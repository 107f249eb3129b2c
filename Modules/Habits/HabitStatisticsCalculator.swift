import Core

/// Derives a habit's statistics from its stored completions; pure, no I/O.
///
/// - Eligible days are the days of the tracking periods up to the reference day; days
///   between periods neither count nor break a run.
/// - The current streak walks the eligible days back from the last one, skipping the
///   reference day when it is the last and not completed (a day is not missed until it
///   is over).
/// - The longest streak is the longest run of completed eligible days.
public struct HabitStatisticsCalculator: Sendable {
    /// A calculator.
    public init() {}

    /// The statistics of `habit` as they stood on `reference`.
    public func statistics(of habit: Habit, completedDays: Set<LocalDay>, reference: LocalDay) -> HabitStatistics {
        let eligible = habit.trackingDays(through: reference)
        var total = 0
        var run = 0
        var longest = 0
        for day in eligible {
            if completedDays.contains(day) {
                total += 1
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        var current = 0
        var index = eligible.count - 1
        if index >= 0, eligible[index] == reference, !completedDays.contains(reference) { index -= 1 }
        while index >= 0, completedDays.contains(eligible[index]) {
            current += 1
            index -= 1
        }
        let rate = eligible.isEmpty ? 0 : Double(total) / Double(eligible.count)
        return HabitStatistics(
            totalCompletedDays: total, eligibleTrackingDays: eligible.count, completionRate: rate,
            streak: HabitStreak(current: current, longest: longest))
    }
}
