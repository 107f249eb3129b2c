/// One habit on one day: the rows of `habits.day`.
public struct HabitDayEntry: Sendable, Equatable {
    /// The habit, as stored (its tracking periods included).
    public let habit: Habit
    /// Its state that day.
    public let state: DayState

    /// The entry of `habit` on the day asked for, in `state`.
    public init(habit: Habit, state: DayState) {
        self.habit = habit
        self.state = state
    }
}
