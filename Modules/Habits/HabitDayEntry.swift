/// One habit on one day: the rows of `habits.day`.
public struct HabitDayEntry: Sendable, Equatable {
    /// The habit.
    public let habit: Habit
    /// Its state that day.
    public let state: DayState

    /// An entry.
    public init(habit: Habit, state: DayState) {
        self.habit = habit
        self.state = state
    }
}
