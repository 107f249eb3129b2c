import Core
import Time

/// One day of a habit's monthly calendar.
public struct CalendarDay: Sendable, Equatable {
    /// The day of the month this cell is.
    public let date: LocalDay
    /// How it is drawn.
    public let state: CalendarDayState
    /// Whether it is today.
    public let isToday: Bool

    /// A cell; `isToday` is set for the app's today only.
    public init(date: LocalDay, state: CalendarDayState, isToday: Bool) {
        self.date = date
        self.state = state
        self.isToday = isToday
    }
}
