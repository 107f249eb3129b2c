import Core
import Time

/// The routes and record of reminders: `habits.remind`, `habits.unremind`, `habits.reminders`.
extension HabitsPlugin {
    static let reminderTime = Parameter.positional(
        "time", .string, "The local time of day, HH:MM from 00:00 to 23:59, in the clock's zone (--tz).")

    static func reminderStore(_ context: Context) throws -> ReminderStore {
        try context.resolve(ReminderStore.self)
    }

    /// The routes of this extension.
    static func reminderRoutes() -> [Route] {
        let lookup = ["habits.not_found", "habits.ambiguous"]
        return [
            Route(
                "habits.remind",
                summary:
                    "Sets a reminder: each day at that time, if the habit is due and not yet done, a running app.loop() fires the event habits.reminder.",
                parameters: [detailRef, reminderTime], returns: "reminder",
                errors: lookup + ["habits.reminder_exists", "habits.too_many_reminders"],
                example: #"habits.remind("Floss", "21:00")"#
            ) { arguments, context in
                let (reminder, habit) = try SetReminder(try reminderStore(context))(
                    try arguments.string("ref"), at: try arguments.string("time"), ownerID: context.user.id)
                return reminderValue(reminder, habit: habit, zone: context.clock.timeZone)
            },
            Route(
                "habits.unremind", summary: "Takes off a habit's reminder at a time, or all its reminders.",
                parameters: [
                    detailRef,
                    .positional(
                        "time", .string, "The reminder's time, HH:MM; every reminder of the habit when omitted.",
                        required: false),
                ],
                returns: "reminder[]", errors: lookup + ["habits.no_reminder"],
                example: #"habits.unremind("Floss", "21:00")"#
            ) { arguments, context in
                let (removed, habit) = try SetReminder(try reminderStore(context)).remove(
                    try arguments.string("ref"), at: arguments.optionalString("time"), ownerID: context.user.id)
                return .array(removed.map { reminderValue($0, habit: habit, zone: context.clock.timeZone) })
            },
            Route(
                "habits.reminders", summary: "Your reminders, by time: of every habit, or of one.",
                parameters: [
                    .positional(
                        "ref", .string, "A habit's id or exact name; every habit when omitted.", required: false
                    )
                    .nameOrID
                ],
                returns: "reminder[]", errors: lookup,
                example: "for _, r in ipairs(habits.reminders()) do print(r.time, r.name) end"
            ) { arguments, context in
                let store = try reminderStore(context)
                let zone = context.clock.timeZone
                if let reference = arguments.optionalString("ref") {
                    let habit = try store.base.habit(reference, ownedBy: context.user.id)
                    return .array(
                        try store.reminders.reminders(habitID: habit.id).map {
                            reminderValue($0, habit: habit, zone: zone)
                        })
                }
                let habits = Dictionary(
                    try ListHabits(store.base)(.all, ownerID: context.user.id).map { ($0.id, $0) },
                    uniquingKeysWith: { first, _ in first })
                return .array(
                    try store.reminders.reminders(ownedBy: context.user.id).compactMap { reminder in
                        habits[reminder.habitID].map { reminderValue(reminder, habit: $0, zone: zone) }
                    })
            },
        ]
    }

    /// The record the reminder routes return.
    static func reminderShapes() -> [RecordShape] {
        [
            RecordShape(
                "reminder", doc: "A habit's reminder at a local time of day.",
                fields: [
                    .init("habit_id", "string", "The habit's id."), .init("name", "string", "The habit's name."),
                    .init("time", "string", "HH:MM, local to the clock's zone."),
                    .init("created_at", "instant", "When it was set."),
                ])
        ]
    }

    static func reminderValue(_ reminder: Reminder, habit: Habit, zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("habit_id", .string(habit.id)), ("name", .string(habit.name)),
                ("time", .string(reminder.time.description)),
                ("created_at", .string(reminder.createdAt.iso8601(in: zone))),
            ]))
    }
}
