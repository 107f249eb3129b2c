import Core
import Time

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Loop Habit Tracker's habit score, day by day; pure, no I/O.
///
/// Each counted day, `score = previous × m + value × (1 − m)` with
/// `m = 0.5 ^ (sqrt(numerator / denominator) / 13)`, starting at 0 on the habit's first day.
/// - A yes/no habit's value is the share of the window's target met: completions in the
///   last `denominator` days over `numerator`, at most 1. For a habit due less than daily
///   both are doubled first, as Loop does, to smooth irregular schedules.
/// - A measurable habit's value compares the window's total with `target × numerator`: at
///   least → total / target (at most 1); at most → `1 − (total − target) / target` within
///   0…1, starting from 1 instead of 0.
/// - Skipped and paused days, days outside the tracking periods, and the days a weekday
///   habit is not due leave the score as it was (Loop's skip). A weekday habit counts as
///   daily on its due days.
/// - The frequency (and so `m` and the window) is the one in force on each day.
public struct HabitScoreCalculator: Sendable {
    /// A calculator; it keeps no state between calls.
    public init() {}

    /// The multiplier `m` of a frequency of `numerator / denominator`.
    public static func multiplier(numerator: Int, denominator: Int) -> Double {
        pow(0.5, (Double(numerator) / Double(denominator)).squareRoot() / 13)
    }

    /// The scores from the habit's start through `last`, one per day, oldest first (empty
    /// when `last` is before the start).
    public func scores(
        of habit: Habit, details: HabitDetails, done: Set<LocalDay>, through last: LocalDay
    ) -> [Double] {
        let first = habit.startDay
        guard first <= last else { return [] }
        let count = first.distance(to: last) + 1
        let measure = details.measure
        // Prefix sums of the day values (1 for done, or the day's total), so any window is two reads.
        var prefix = [Double](repeating: 0, count: count + 1)
        var skip = [Bool](repeating: false, count: count)
        for index in 0..<count {
            let day = first.adding(days: index)
            let tracked = habit.isTracked(on: day)
            let isDone = tracked && done.contains(day)
            let value: Double
            if measure != nil {
                value = tracked ? Swift.max(0, details.amounts[day] ?? 0) : 0
            } else {
                value = isDone ? 1 : 0
            }
            prefix[index + 1] = prefix[index] + value
            skip[index] =
                !tracked || (!isDone && details.isExcused(day)) || !details.frequency(on: day).isDue(on: day)
        }
        var scores: [Double] = []
        scores.reserveCapacity(count)
        var previous = measure?.atMost == true ? 1.0 : 0.0
        for index in 0..<count {
            if !skip[index] {
                let frequency = details.frequency(on: first.adding(days: index))
                var numerator = frequency.numerator
                var denominator = frequency.denominator
                if case .weekdays = frequency {
                    numerator = 1
                    denominator = 1
                }
                let m = Self.multiplier(numerator: numerator, denominator: denominator)
                let value: Double
                if let measure {
                    let total = prefix[index + 1] - prefix[Swift.max(0, index + 1 - denominator)]
                    let target = measure.target * Double(numerator)
                    value =
                        measure.atMost
                        ? Swift.min(1, Swift.max(0, 1 - (total - target) / target)) : Swift.min(1, total / target)
                } else {
                    if numerator < denominator {
                        numerator *= 2
                        denominator *= 2
                    }
                    let total = prefix[index + 1] - prefix[Swift.max(0, index + 1 - denominator)]
                    value = Swift.min(1, total / Double(numerator))
                }
                previous = previous * m + value * (1 - m)
            }
            scores.append(previous)
        }
        return scores
    }

    /// The score of a daily yes/no habit with nothing skipped or paused on `reference`: one
    /// walk over the tracked days beside the sorted completions (days between periods keep
    /// the score, so they need no visit).
    public func dailyScore(of habit: Habit, sortedCompletedDays days: [LocalDay], reference: LocalDay) -> Double {
        let m = Self.multiplier(numerator: 1, denominator: 1)
        var score = 0.0
        var next = 0
        for period in habit.trackingPeriods {
            let first = Swift.max(period.start, habit.startDay).dayNumber
            let last = Swift.min(period.end ?? reference, reference).dayNumber
            guard first <= last else { continue }
            while next < days.count, days[next].dayNumber < first { next += 1 }
            for day in first...last {
                let completed = next < days.count && days[next].dayNumber == day
                if completed { next += 1 }
                score = score * m + (completed ? 1 - m : 0)
            }
        }
        return score
    }
}
