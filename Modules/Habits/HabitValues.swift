import Core
import Time

/// The records the `habits` routes return, as the contract names their fields.
enum HabitValues {
    static func habit(_ habit: Habit, zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("id", .string(habit.id)),
                ("name", .string(habit.name)),
                ("start_day", .string(habit.startDay.description)),
                ("archived", .bool(habit.isArchived)),
                (
                    "tracking_periods",
                    .array(
                        habit.trackingPeriods.map { period in
                            .table(
                                Record([
                                    ("start", .string(period.start.description)),
                                    ("end", period.end.map { .string($0.description) } ?? .null),
                                ]))
                        })
                ),
                ("created_at", .string(habit.createdAt.iso8601(in: zone))),
                ("updated_at", .string(habit.updatedAt.iso8601(in: zone))),
            ]))
    }

    static func completion(_ completion: Completion, zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("id", .string(completion.id)),
                ("habit_id", .string(completion.habitID)),
                ("completed_on", .string(completion.completedOn.description)),
                ("recorded_at", .string(completion.recordedAt.iso8601(in: zone))),
            ]))
    }

    static func statistics(_ statistics: HabitStatistics) -> Value {
        .table(
            Record([
                ("total_completed_days", .int(statistics.totalCompletedDays)),
                ("eligible_tracking_days", .int(statistics.eligibleTrackingDays)),
                ("completion_rate", .double(statistics.completionRate)),
                ("times_met", .int(statistics.timesMet)), ("times_due", .int(statistics.timesDue)),
                ("due_unit", .string(statistics.dueInDays ? "day" : "time")),
                (
                    "streak",
                    .table(
                        Record([
                            ("current", .int(statistics.streak.current)), ("longest", .int(statistics.streak.longest)),
                        ]))
                ),
            ]))
    }

    static func entry(_ entry: HabitDayEntry, zone: TimeZoneRules) -> Value {
        .table(Record([("habit", habit(entry.habit, zone: zone)), ("state", .string(entry.state.rawValue))]))
    }

    static func calendar(_ calendar: HabitMonthlyCalendar) -> Value {
        .table(
            Record([
                ("year", .int(calendar.year)),
                ("month", .int(calendar.month)),
                (
                    "days",
                    .array(
                        calendar.days.map { day in
                            .table(
                                Record([
                                    ("date", .string(day.date.description)), ("state", .string(day.state.rawValue)),
                                    ("is_today", .bool(day.isToday)),
                                ]))
                        })
                ),
                ("can_move_to_next_month", .bool(calendar.canMoveToNextMonth)),
            ]))
    }

    static func summary(_ summary: HabitSummary) -> Value {
        .table(
            Record([
                ("id", .string(summary.id)), ("name", .string(summary.name)), ("archived", .bool(summary.isArchived)),
                ("current_streak", .int(summary.currentStreak)), ("completion_rate", .double(summary.completionRate)),
            ]))
    }
}
