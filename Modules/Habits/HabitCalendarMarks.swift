import Core
import Time

/// Marks a monthly calendar's skipped, paused and partial days, and the days a weekday
/// habit is not due (empty), from the habit's details; for a habit with a limit, a day with
/// nothing recorded is completed and one over the limit `over_limit`. A daily yes/no
/// habit's calendar is returned unchanged.
public struct HabitCalendarMarks: Sendable {
    let store: HabitDetailsStore

    /// Reads through `store`.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The calendar with its days marked.
    /// - Throws: the lookup errors.
    public func callAsFunction(_ calendar: HabitMonthlyCalendar, reference: String, ownerID: String) throws
        -> HabitMonthlyCalendar
    {
        let habit = try store.base.habit(reference, ownedBy: ownerID)
        let details = try store.details.details(habitID: habit.id)
        guard !details.isPlainDaily else { return calendar }
        // Rest days are told from missed ones as habits.year tells them.
        var rest = Set<LocalDay>()
        let done = try store.doneDays(of: habit, details: details)
        if !details.frequencies.isEmpty {
            for (date, state) in HabitYearCalculator().days(
                of: habit, details: details, done: done, year: calendar.year, today: store.base.clock.today())
            where state == .rest && date.month == calendar.month {
                rest.insert(date)
            }
        }
        let days = calendar.days.map { day -> CalendarDay in
            guard day.state == .missed || day.state == .pending else { return day }
            let state: CalendarDayState
            if details.skips.contains(day.date) {
                state = .skipped
            } else if details.isPaused(day.date) {
                state = .paused
            } else if !details.frequency(on: day.date).isDue(on: day.date) {
                state = .notDue
            } else if done.contains(day.date) {
                // A day of a habit with a limit, nothing recorded: the limit was kept.
                state = .completed
            } else if details.isOverLimit(day.date) {
                state = .overLimit
            } else if (details.amounts[day.date] ?? 0) > 0 {
                state = .partial
            } else if rest.contains(day.date) {
                state = .rest
            } else {
                state = day.state
            }
            return CalendarDay(date: day.date, state: state, isToday: day.isToday)
        }
        return HabitMonthlyCalendar(
            year: calendar.year, month: calendar.month, days: days, canMoveToNextMonth: calendar.canMoveToNextMonth)
    }
}
