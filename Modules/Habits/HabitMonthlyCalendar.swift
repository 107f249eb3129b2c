/// A habit's month, day by day (StackDay's heatmap).
public struct HabitMonthlyCalendar: Sendable, Equatable {
    /// The calendar year of the month shown.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// Every day of the month, in order.
    public let days: [CalendarDay]
    /// Whether a later month can be shown (this month is before today's).
    public let canMoveToNextMonth: Bool

    /// A month of cells already computed (`HabitCalendarCalculator`).
    public init(year: Int, month: Int, days: [CalendarDay], canMoveToNextMonth: Bool) {
        self.year = year
        self.month = month
        self.days = days
        self.canMoveToNextMonth = canMoveToNextMonth
    }
}
