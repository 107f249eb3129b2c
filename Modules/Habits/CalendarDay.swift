import Core

/// One day of a habit's monthly calendar.
public struct CalendarDay: Sendable, Equatable {
    /// The date.
    public let date: LocalDay
    /// How it is drawn.
    public let state: CalendarDayState
    /// Whether it is today.
    public let isToday: Bool

    /// A calendar day.
    public init(date: LocalDay, state: CalendarDayState, isToday: Bool) {
        self.date = date
        self.state = state
        self.isToday = isToday
    }
}
