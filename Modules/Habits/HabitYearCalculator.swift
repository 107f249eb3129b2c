import Core
import Time

/// The days of a year for `habits.year`: each day's state under the habit's frequencies,
/// skips, pauses and amounts; pure, no I/O.
///
/// A past day without a completion is `missed` when its period (a day, a week, a month or
/// a run of days, as `HabitProgressCalculator` cuts them) ended short of the frequency, and
/// `rest` when the period met it or is still in progress. Today is `pending` until its
/// period met the frequency, then `rest`; a day a weekday habit is not due is `not_due`.
/// For a habit with a limit, `done` holds the days with nothing recorded
/// (`HabitDetails.doneDays`) and a day over the limit is `over_limit`.
public struct HabitYearCalculator: Sendable {
    /// A calculator; it keeps no state between calls.
    public init() {}

    /// The state of one day, as `days` gives it in the day's year.
    public func state(of habit: Habit, details: HabitDetails, done: Set<LocalDay>, on day: LocalDay, today: LocalDay)
        -> HabitYearState
    {
        days(of: habit, details: details, done: done, year: day.year, today: today).first { $0.date == day }?.state
            ?? .empty
    }

    /// The states of every day of `year` (1 January to 31 December), in order.
    public func days(of habit: Habit, details: HabitDetails, done: Set<LocalDay>, year: Int, today: LocalDay)
        -> [(date: LocalDay, state: HabitYearState)]
    {
        guard let first = LocalDay(year: year, month: 1, day: 1), let last = LocalDay(year: year, month: 12, day: 31)
        else { return [] }
        // Periods may reach a month (or a run of up to 366 days) past either end of the year.
        let margin = HabitFrequency.maximumDays
        struct Period {
            var full = 0
            var done = 0
            var length = 1
            var times = 1
            var end = LocalDay(dayNumber: 0)
        }
        struct Key: Hashable {
            let segment: Int
            let key: Int
        }
        var periods: [Key: Period] = [:]
        if !details.isPlainDaily {
            var day = first.adding(days: -margin)
            let stop = last.adding(days: margin)
            while day <= stop {
                if habit.isTracked(on: day) {
                    let (segment, change) = HabitProgressCalculator.segment(of: day, details: details)
                    let cut = HabitProgressCalculator.key(of: day, frequency: change.frequency, start: change.start)
                    let key = Key(segment: segment, key: cut.key)
                    var period = periods[key] ?? Period(length: cut.length, times: cut.times)
                    let isDone = done.contains(day)
                    if isDone || (change.frequency.isDue(on: day) && !details.isExcused(day)) {
                        period.full += 1
                        if isDone { period.done += 1 }
                    }
                    period.end = day
                    periods[key] = period
                }
                day = day.next
            }
        }
        return (first...last).map { day in
            (day, state(of: day))
        }

        func state(of day: LocalDay) -> HabitYearState {
            guard habit.isTracked(on: day), day <= today else { return .empty }
            if done.contains(day) { return .completed }
            if details.skips.contains(day) { return .skipped }
            if details.isPaused(day) { return .paused }
            let frequency = details.frequency(on: day)
            if !frequency.isDue(on: day) { return .notDue }
            if details.isOverLimit(day) { return .overLimit }
            if (details.amounts[day] ?? 0) > 0 { return .partial }
            let open: HabitYearState = day == today ? .pending : .missed
            if frequency == .daily { return open }
            if case .weekdays = frequency { return open }
            let (segment, change) = HabitProgressCalculator.segment(of: day, details: details)
            let cut = HabitProgressCalculator.key(of: day, frequency: change.frequency, start: change.start)
            guard let period = periods[Key(segment: segment, key: cut.key)] else { return open }
            let needed = HabitProgressCalculator.needed(
                times: period.times, eligible: period.full, length: period.length)
            // Today is pending until its period is kept; then it is a day off like the others.
            if period.done >= needed { return .rest }
            if day == today { return .pending }
            return period.end >= today ? .rest : .missed
        }
    }
}
