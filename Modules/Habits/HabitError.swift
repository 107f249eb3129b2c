import Core
import Time

/// The `habits.*` error codes of the contract, made in one place.
enum HabitError {
    static func notFound(_ reference: String) -> AppError {
        AppError(code: "habits.not_found", message: "no habit '\(reference)'", field: "ref")
    }

    static func ambiguous(_ name: String, count: Int) -> AppError {
        AppError(
            code: "habits.ambiguous", message: "\(count) habits are named '\(name)'; use the id", field: "ref")
    }

    static func alreadyArchived(_ habit: Habit) -> AppError {
        AppError(code: "habits.already_archived", message: "'\(habit.name)' is already archived")
    }

    static func notArchived(_ habit: Habit) -> AppError {
        AppError(code: "habits.not_archived", message: "'\(habit.name)' is not archived")
    }

    /// `field` is the argument that held the day (`on`), nil when the day was today's.
    static func beforeStart(_ day: LocalDay, start: LocalDay, field: String? = "on") -> AppError {
        AppError(
            code: "habits.before_start", message: "\(day) is before the habit's tracking started (\(start))",
            field: field)
    }

    /// `field` is the argument that held the day: `on`, or `as_of` for statistics.
    static func futureDay(_ day: LocalDay, today: LocalDay, field: String = "on") -> AppError {
        AppError(code: "habits.future_day", message: "\(day) is after today (\(today))", field: field)
    }

    static func nameTaken(_ name: String) -> AppError {
        AppError(
            code: "habits.name_taken",
            message: "you already have an active habit named '\(name)' (names are compared ignoring case)",
            field: "name")
    }

    static func outsideTrackingPeriod(_ day: LocalDay) -> AppError {
        AppError(
            code: "habits.outside_tracking_period", message: "\(day) is outside the habit's tracking periods",
            field: "on")
    }

    static func alreadyCompleted(_ habit: Habit, on day: LocalDay) -> AppError {
        AppError(
            code: "habits.already_completed", message: "'\(habit.name)' is already completed on \(day)", field: "on")
    }

    /// A bare completion of a measurable habit: its days are done by their totals, so a
    /// completion without a value would disagree with them.
    static func measured(_ habit: Habit, _ measure: HabitMeasure) -> AppError {
        AppError.invalidArgument(
            "'\(habit.name)' is measured in \(measure.unit): complete it with a value, such as {value = \(HabitMeasure.text(measure.target))}",
            field: "value")
    }

    static func notCompleted(_ habit: Habit, on day: LocalDay) -> AppError {
        AppError(code: "habits.not_completed", message: "'\(habit.name)' is not completed on \(day)", field: "on")
    }
}
