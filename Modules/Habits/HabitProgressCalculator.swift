import Core
import Time

/// Statistics of a habit under frequencies, skips and pauses; pure, no I/O.
///
/// The tracked days are cut into periods by the frequency in force: a day (daily, and each
/// due day of a weekday habit), a calendar week (Monday to Sunday), a calendar month, or a
/// run of `days` days from the frequency's start. A period never spans a frequency change.
/// - A day is eligible when it is tracked, due, and neither skipped nor paused (a completed
///   day always is). A period with no eligible day is transparent: it neither keeps nor
///   breaks a streak.
/// - A period needs `ceil(times × eligible / length)` completions (at least 1), so skipped,
///   paused and untracked days lower what a period asks for, in proportion.
/// - A streak is a run of met periods of any frequency: a kept period of either kind carries
///   a run across a change of frequency. It is measured in the unit of the frequency on the
///   reference day: the number of that frequency's periods (days, weeks, months, runs of
///   days) holding an eligible day of the run, so ten kept days before a change to "3 a
///   week" count as the two or three weeks they touch, and a kept week before a change to
///   daily as its eligible days. The period holding the reference day is in progress: it
///   counts once met, and does not break the streak before it ends (StackDay's rule for
///   today); until it is met, its unit's period does not count either.
/// - The rate is met over due completions (`timesMet` ÷ `timesDue`); the period in progress
///   is due in proportion to its eligible days so far.
///
/// For a daily yes/no habit with nothing skipped or paused this is exactly StackDay's
/// `HabitStatisticsCalculator` (each day a period needing one completion).
public struct HabitProgressCalculator: Sendable {
    /// A calculator; it keeps no state between calls.
    public init() {}

    /// The statistics of `habit` on `reference`, with `done` its done days.
    public func statistics(
        of habit: Habit, details: HabitDetails, done: Set<LocalDay>, reference: LocalDay
    ) -> (statistics: HabitStatistics, unit: String) {
        let frequency = details.frequency(on: reference)
        let unit = Self.unit(of: frequency)
        let (_, current) = Self.segment(of: reference, details: details)
        guard let first = habit.trackingPeriods.first.map({ Swift.max($0.start, habit.startDay) }), first <= reference
        else {
            return (
                HabitStatistics(
                    totalCompletedDays: 0, eligibleTrackingDays: 0, completionRate: 0,
                    streak: HabitStreak(current: 0, longest: 0), dueInDays: unit == "day"), unit
            )
        }
        let horizon = Self.periodEnd(containing: reference, details: details)
        var group = Group()
        // A day over a limit is over for good, even the reference day: no later amount meets it.
        var tally = Tally(
            reference: reference, referenceIsFinal: details.isOverLimit(reference),
            unitKey: { Self.key(of: $0, frequency: current.frequency, start: current.start).key })
        var day = first
        var periodIndex = 0
        let periods = habit.trackingPeriods
        while day <= horizon {
            // Jump over untracked days: they belong to no period and break nothing.
            while periodIndex < periods.count, let end = periods[periodIndex].end, end < day { periodIndex += 1 }
            guard periodIndex < periods.count else { break }
            if day < periods[periodIndex].start {
                day = periods[periodIndex].start
                continue
            }
            let (segment, change) = Self.segment(of: day, details: details)
            let key = Self.key(of: day, frequency: change.frequency, start: change.start)
            if group.key != key.key || group.segment != segment {
                tally.add(group)
                group = Group(segment: segment, key: key.key, length: key.length, times: key.times)
            }
            let isDone = done.contains(day)
            let eligible = isDone || (change.frequency.isDue(on: day) && !details.isExcused(day))
            if eligible {
                group.full += 1
                if day <= reference {
                    group.elapsed += 1
                    group.elapsedDays.append(day)
                    if isDone { group.done += 1 }
                }
            }
            group.last = day
            day = day.next
        }
        tally.add(group)
        let rate = tally.due == 0 ? 0 : Double(tally.met) / Double(tally.due)
        let (now, longest) = tally.streak()
        return (
            HabitStatistics(
                totalCompletedDays: tally.completed, eligibleTrackingDays: tally.eligible, completionRate: rate,
                streak: HabitStreak(current: now, longest: longest), timesMet: tally.met, timesDue: tally.due,
                dueInDays: tally.counted ? tally.inDays : unit == "day"), unit
        )
    }

    /// What a streak of `frequency` counts.
    static func unit(of frequency: HabitFrequency) -> String {
        switch frequency {
        case .daily, .weekdays: "day"
        case .perWeek: "week"
        case .perMonth: "month"
        case .inDays: "period"
        }
    }

    /// The change in force on `day` and its index (−1 before the first change: daily).
    static func segment(of day: LocalDay, details: HabitDetails) -> (Int, FrequencyChange) {
        guard let index = details.frequencies.lastIndex(where: { $0.start <= day }) else {
            return (-1, FrequencyChange(start: LocalDay(dayNumber: 0), frequency: .daily))
        }
        return (index, details.frequencies[index])
    }

    /// The period of `day` under `frequency` (in force from `start`): a key, the period's
    /// length in days and the times it asks for.
    static func key(of day: LocalDay, frequency: HabitFrequency, start: LocalDay) -> (key: Int, length: Int, times: Int)
    {
        switch frequency {
        case .daily, .weekdays: (day.dayNumber, 1, 1)
        case .perWeek(let times): (Instant.floorDivide(day.dayNumber + 3, 7), 7, times)
        case .perMonth(let times): (day.year * 12 + day.month, day.daysInMonth, times)
        case .inDays(let times, let days): (Instant.floorDivide(day.dayNumber - start.dayNumber, days), days, times)
        }
    }

    /// What a period asks for: `ceil(times × eligible / length)` completions, at least 1 and
    /// at most its eligible days (docs/domain.md §2.7). The year grid judges its periods by
    /// it too, so the grid and the statistics agree on every period.
    static func needed(times: Int, eligible: Int, length: Int) -> Int {
        Swift.min(Swift.max(1, (times * eligible + length - 1) / length), eligible)
    }

    /// The last day of the period that holds `day` (the period may not end at a later change).
    static func periodEnd(containing day: LocalDay, details: HabitDetails) -> LocalDay {
        let (segment, change) = segment(of: day, details: details)
        let key = key(of: day, frequency: change.frequency, start: change.start).key
        var end = day
        for _ in 0..<HabitFrequency.maximumDays {
            let next = end.next
            let (nextSegment, nextChange) = Self.segment(of: next, details: details)
            guard nextSegment == segment,
                Self.key(of: next, frequency: nextChange.frequency, start: nextChange.start).key == key
            else { break }
            end = next
        }
        return end
    }

    private struct Group {
        var segment = Int.min
        var key = Int.min
        var length = 1
        var times = 1
        var full = 0
        var elapsed = 0
        var done = 0
        var last = LocalDay(dayNumber: Int.min / 2)
        /// The eligible days up to the reference day.
        var elapsedDays: [LocalDay] = []
    }

    private struct Tally {
        let reference: LocalDay
        let referenceIsFinal: Bool
        /// The period of a day under the reference day's frequency: what a streak counts.
        let unitKey: (LocalDay) -> Int
        var completed = 0
        var eligible = 0
        var met = 0
        var due = 0
        /// The reference day's frequency's periods holding an eligible day of the run.
        var run: Set<Int> = []
        var longest = 0
        /// Whether the period in progress is met (nil: no period in progress was counted).
        var inProgressMet: Bool?
        /// Whether every period counted is one day long (daily and weekday stretches only).
        var inDays = true
        /// Whether any period with an eligible day was counted.
        var counted = false

        /// The current streak and the longest, in the reference day's frequency's periods:
        /// while the period in progress is not met, its unit's period is not counted.
        func streak() -> (current: Int, longest: Int) {
            var current = run.count
            if inProgressMet == false, run.contains(unitKey(reference)) { current -= 1 }
            // The run holds its days before a change whether or not the period in progress
            // is met yet: `longest` does not wait for the run to break to count them.
            return (current, Swift.max(longest, run.count))
        }

        mutating func add(_ group: Group) {
            guard group.full > 0 else { return }
            let needed = HabitProgressCalculator.needed(times: group.times, eligible: group.full, length: group.length)
            let inProgress = group.last >= reference && !(referenceIsFinal && group.length == 1)
            let metCount = Swift.min(group.done, needed)
            counted = true
            if group.length > 1 { inDays = false }
            completed += group.done
            eligible += group.elapsed
            met += metCount
            if inProgress {
                let soFar = Swift.min((group.times * group.elapsed + group.length - 1) / group.length, group.elapsed)
                due += Swift.max(soFar, metCount)
            } else {
                due += needed
            }
            if inProgress { inProgressMet = group.done >= needed }
            if group.done >= needed {
                for day in group.elapsedDays { run.insert(unitKey(day)) }
            } else if !inProgress {
                longest = Swift.max(longest, run.count)
                run = []
            }
        }
    }
}
