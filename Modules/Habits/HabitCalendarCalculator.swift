import Core
import Time

/// Derives day states and monthly calendars; pure, no I/O.
public struct HabitCalendarCalculator: Sendable {
    /// A calculator; it keeps no state between calls.
    public init() {}

    /// The state of `habit` on `day`, or nil when the habit is not tracked that day.
    public func state(of habit: Habit, on day: LocalDay, completed: Bool, today: LocalDay) -> DayState? {
        guard habit.isTracked(on: day) else { return nil }
        if completed { return .completed }
        if day > today { return .future }
        return day == today ? .pending : .missed
    }

    /// The calendar of `habit` for the month that holds `firstOfMonth`.
    public func calendar(
        of habit: Habit, month firstOfMonth: LocalDay, completedDays: Set<LocalDay>, today: LocalDay
    ) -> HabitMonthlyCalendar {
        let days = (0..<firstOfMonth.daysInMonth).map { offset -> CalendarDay in
            let date = firstOfMonth.adding(days: offset)
            let state: CalendarDayState
            if date > today || !habit.isTracked(on: date) {
                state = .empty
            } else if completedDays.contains(date) {
                state = .completed
            } else {
                state = date == today ? .pending : .missed
            }
            return CalendarDay(date: date, state: state, isToday: date == today)
        }
        let (year, month, _) = firstOfMonth.components
        let canMove = (year, month) < (today.year, today.month)
        return HabitMonthlyCalendar(year: year, month: month, days: days, canMoveToNextMonth: canMove)
    }
}
