import Core
import Storage
import Time

/// StackDay's habit tracker: the `habits` table of routes.
public struct HabitsPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// The module's name (its Lua table), which other parts of the module name it by.
    static let moduleName = "habits"

    /// `habits`.
    public var name: String { Self.moduleName }

    /// The habits, periods and completions tables.
    public var migrations: [Migration] { HabitSchema.migrations }
    /// What members of a shared server may do to each of its tables (`HabitsTableAccess`).
    public var tableAccess: [TableAccess] { HabitsTableAccess.tables }

    /// Registers the use cases' dependencies over the repositories the composition root
    /// registered (`HabitsSQLRepositories` for a SQL database).
    public func register(in container: Container) {
        container.register(HabitDependencies.self) { resolver in
            HabitDependencies(
                habits: try resolver.resolve((any HabitRepository).self),
                completions: try resolver.resolve((any CompletionRepository).self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                clock: try resolver.resolve((any Clock).self))
        }
        container.register(HabitDetailsStore.self) { resolver in
            HabitDetailsStore(
                base: try resolver.resolve(HabitDependencies.self),
                details: try resolver.resolve((any HabitDetailsRepository).self))
        }
        container.register(ReminderStore.self) { resolver in
            ReminderStore(
                details: try resolver.resolve(HabitDetailsStore.self),
                reminders: try resolver.resolve((any ReminderRepository).self))
        }
    }

    // A habit's name is private: events keep a ref that is an id, and a name's length only.
    private static let ref = Parameter.positional("ref", .string, "The habit's id or exact name.").nameOrID
    private static let dateErrors = [
        "habits.not_found", "habits.ambiguous", "habits.before_start", "habits.future_day",
        "habits.outside_tracking_period",
    ]
    private static let lookupErrors = ["habits.not_found", "habits.ambiguous"]

    /// The `habits` routes of the contract.
    public func routes() -> [Route] {
        [
            Route(
                "habits.create", summary: "Creates a habit, tracked daily from its start day.",
                parameters: [
                    .option(
                        "name", .string,
                        "1 to 100 characters after trimming white space; no other active habit of yours may have it (ignoring case).",
                        required: true
                    ).freeText,
                    .option("start", .day, "The first tracked day, past or future; today when omitted."),
                    .option(
                        "frequency", Self.frequencyType, "How often it is due; daily when omitted: " + Self.frequencyDoc
                    ),
                    .option("unit", .string, "Makes it measurable: the unit of its amounts, 1 to 20 characters.")
                        .freeText,
                    .option("target", .number, "A measurable habit's daily target, above 0 and at most 1,000,000."),
                    .option(
                        "at_most", .boolean, "True when a day is done at or under the target; at least when omitted."),
                ],
                returns: "habit", errors: ["habits.name_taken"],
                example: #"habits.create{name = "Run", start = "2026-11-01"}"#
            ) { arguments, context in
                let frequency = try arguments.has("frequency") ? HabitFrequency.parse(arguments["frequency"]) : nil
                let habit = try CreateDetailedHabit(try Self.detailStore(context))(
                    name: try arguments.string("name"), start: try arguments.optionalDay("start"),
                    frequency: frequency, unit: arguments.optionalString("unit"),
                    target: arguments.optionalDouble("target"), atMost: arguments.bool("at_most", default: false),
                    ownerID: context.user.id)
                return HabitValues.habit(habit, zone: context.clock.timeZone)
            },
            Route(
                "habits.get", summary: "One habit, by id or exact name.", parameters: [Self.ref], returns: "habit",
                errors: Self.lookupErrors, example: #"habits.get("Run")"#
            ) { arguments, context in
                let habit = try Self.dependencies(context).habit(try arguments.string("ref"), ownedBy: context.user.id)
                return HabitValues.habit(habit, zone: context.clock.timeZone)
            },
            Route(
                "habits.list", summary: "The habits, oldest first: active ones unless asked otherwise.",
                parameters: [
                    .option(
                        "archived", .oneOf([.boolean, .choice(["all"])]),
                        "true for only archived habits, \"all\" for both; active only when omitted.")
                ],
                returns: "habit[]", example: #"habits.list{archived = "all"}"#
            ) { arguments, context in
                let filter: ArchiveFilter
                switch arguments["archived"] {
                case .bool(true): filter = .archived
                case .string("all"): filter = .all
                default: filter = .active
                }
                let zone = context.clock.timeZone
                return .array(
                    try ListHabits(try Self.dependencies(context))(filter, ownerID: context.user.id).map {
                        HabitValues.habit($0, zone: zone)
                    })
            },
            Route(
                "habits.rename", summary: "Gives a habit a new name.",
                parameters: [
                    Self.ref, .positional("name", .string, "1 to 100 characters after trimming white space.").freeText,
                ],
                returns: "habit", errors: Self.lookupErrors + ["habits.name_taken"],
                example: #"habits.rename("Run", "Morning run")"#
            ) { arguments, context in
                let habit = try RenameHabit(try Self.dependencies(context))(
                    try arguments.string("ref"), to: try arguments.string("name"), ownerID: context.user.id)
                return HabitValues.habit(habit, zone: context.clock.timeZone)
            },
            Route(
                "habits.archive",
                summary: "Stops tracking: the period ends today if today is completed, else yesterday.",
                parameters: [Self.ref], returns: "habit",
                errors: Self.lookupErrors + ["habits.already_archived", "habits.before_start"],
                example: #"habits.archive("Run")"#
            ) { arguments, context in
                let habit = try ArchiveHabit(try Self.dependencies(context))(
                    try arguments.string("ref"), ownerID: context.user.id)
                return HabitValues.habit(habit, zone: context.clock.timeZone)
            },
            Route(
                "habits.unarchive",
                summary: "Tracks again from today, reopening the last period if it ended yesterday or today.",
                parameters: [Self.ref], returns: "habit",
                errors: Self.lookupErrors + ["habits.not_archived", "habits.name_taken"],
                example: #"habits.unarchive("Run")"#
            ) { arguments, context in
                let habit = try UnarchiveHabit(try Self.dependencies(context))(
                    try arguments.string("ref"), ownerID: context.user.id)
                return HabitValues.habit(habit, zone: context.clock.timeZone)
            },
            Route(
                "habits.complete",
                summary: "Records that a habit was done on a day, or adds an amount to a measurable habit's day.",
                parameters: [
                    Self.ref, .option("on", .day, "The day; today when omitted."),
                    .option(
                        "value", .number, "A measurable habit's amount, added to the day's total (0 to 1,000,000)."),
                    .option("set", .boolean, "True to make value the day's total instead of adding it."),
                ],
                returns: "completion", errors: Self.dateErrors + ["habits.already_completed"],
                example: #"habits.complete("Run", {on = "2026-11-28"})"#
            ) { arguments, context in
                if let value = arguments.optionalDouble("value") {
                    let result = try RecordAmount(try Self.detailStore(context))(
                        try arguments.string("ref"), value: value, set: arguments.bool("set", default: false),
                        on: try arguments.optionalDay("on"), ownerID: context.user.id)
                    return HabitDetailValues.amount(result, zone: context.clock.timeZone)
                }
                let completion = try RecordCompletion(try Self.dependencies(context))(
                    try arguments.string("ref"), on: try arguments.optionalDay("on"), ownerID: context.user.id)
                return HabitValues.completion(completion, zone: context.clock.timeZone)
            },
            Route(
                "habits.uncomplete", summary: "Removes the completion of a habit on a day, and the day's amount.",
                parameters: [Self.ref, .option("on", .day, "The day; today when omitted.")], returns: "completion",
                errors: Self.dateErrors + ["habits.not_completed"],
                example: #"habits.uncomplete("Run", {on = "2026-11-28"})"#
            ) { arguments, context in
                let completion = try CancelCompletion(
                    try Self.dependencies(context), details: try Self.detailStore(context).details)(
                        try arguments.string("ref"), on: try arguments.optionalDay("on"), ownerID: context.user.id)
                return HabitValues.completion(completion, zone: context.clock.timeZone)
            },
            Route(
                "habits.completions", summary: "A habit's completions in a range of days, by day.",
                parameters: [
                    Self.ref, .option("from", .day, "The first day; from the beginning when omitted."),
                    .option("to", .day, "The last day; to the end when omitted."),
                ],
                returns: "completion[]", errors: Self.lookupErrors,
                example: #"habits.completions("Run", {from = "2026-11-01"})"#
            ) { arguments, context in
                let zone = context.clock.timeZone
                return .array(
                    try ListCompletions(try Self.dependencies(context))(
                        try arguments.string("ref"), from: try arguments.optionalDay("from"),
                        to: try arguments.optionalDay("to"), ownerID: context.user.id
                    ).map { HabitValues.completion($0, zone: zone) })
            },
            Route(
                "habits.day",
                summary:
                    "Every habit tracked on a day, with its state: completed, pending, missed, future, skipped, paused, rest, not_due or over_limit.",
                parameters: [.option("on", .day, "The day; today when omitted.")], returns: "day_entry[]",
                example: #"habits.day{on = "2026-11-28"}"#
            ) { arguments, context in
                try Self.dayEntries(on: try arguments.optionalDay("on"), context)
            },
            Route(
                "habits.today", summary: "Every habit tracked today, with its state.", returns: "day_entry[]",
                example: "for _, e in ipairs(habits.today()) do print(e.habit.name, e.state) end"
            ) { _, context in
                try Self.dayEntries(on: nil, context)
            },
            Route(
                "habits.calendar", summary: "A habit's month, day by day, each day with its state (see calendar_day).",
                parameters: [
                    Self.ref, .option("year", .integer, "The year; this year when omitted."),
                    .option("month", .integer, "The month, 1 to 12; this month when omitted."),
                ],
                returns: "calendar", errors: Self.lookupErrors,
                example: #"habits.calendar("Run", {year = 2026, month = 11})"#
            ) { arguments, context in
                let calendar = try LoadHabitCalendar(try Self.dependencies(context))(
                    try arguments.string("ref"), year: arguments.optionalInt("year"),
                    month: arguments.optionalInt("month"), ownerID: context.user.id)
                let store = try Self.detailStore(context)
                let reference = try arguments.string("ref")
                return HabitDetailValues.withNotes(
                    HabitValues.calendar(
                        try HabitCalendarMarks(store)(calendar, reference: reference, ownerID: context.user.id)),
                    try store.details.details(
                        habitID: try store.base.habit(reference, ownedBy: context.user.id).id
                    ).notes)
            },
            Route(
                "habits.stats", summary: "A habit's statistics: completed and eligible days, rate, streaks.",
                parameters: [
                    Self.ref, .option("as_of", .day, "The reference day, today or earlier; today when omitted."),
                ],
                returns: "statistics", errors: Self.lookupErrors + ["habits.future_day"],
                example: #"habits.stats("Run").streak.current"#
            ) { arguments, context in
                HabitDetailValues.progress(
                    try LoadHabitProgress(try Self.detailStore(context))(
                        try arguments.string("ref"), asOf: try arguments.optionalDay("as_of"), ownerID: context.user.id)
                )
            },
            Route(
                "habits.overview", summary: "Every habit, archived too, with its current streak and completion rate.",
                returns: "summary[]", example: "habits.overview()"
            ) { _, context in
                .array(
                    try LoadDetailedOverview(try Self.detailStore(context))(ownerID: context.user.id).map(
                        HabitValues.summary))
            },
            Route(
                "habits.delete", summary: "Deletes a habit and all its completions, in one transaction.",
                parameters: [Self.ref], returns: "nil", errors: Self.lookupErrors, example: #"habits.delete("Run")"#
            ) { arguments, context in
                try DeleteHabit(try Self.dependencies(context))(try arguments.string("ref"), ownerID: context.user.id)
                return .null
            },
        ] + Self.detailRoutes() + Self.reminderRoutes()
    }

    /// The records the `habits` routes return.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "habit", doc: "A habit tracked daily inside its tracking periods.",
                fields: [
                    .init("id", "string", "A lowercase UUID."), .init("name", "string", "The trimmed name."),
                    .init("start_day", "day", "The first tracked day."),
                    .init("archived", "boolean", "Whether tracking has stopped."),
                    .init("tracking_periods", "tracking_period[]", "The periods of tracking, oldest first."),
                    .init("created_at", "instant", "When it was created."),
                    .init("updated_at", "instant", "When it last changed."),
                ]),
            RecordShape(
                "tracking_period", doc: "A run of tracked days.",
                fields: [
                    .init("start", "day", "The first tracked day."),
                    .init("end", "day", "The last tracked day; missing while open.", optional: true),
                ]),
            RecordShape(
                "completion", doc: "That a habit was done on a day.",
                fields: [
                    .init(
                        "id", "string",
                        "A lowercase UUID; missing only after an amount that leaves a measurable day short of its target.",
                        optional: true),
                    .init("habit_id", "string", "The habit's id."),
                    .init("completed_on", "day", "The day it was done."),
                    .init(
                        "recorded_at", "instant", "When it was recorded; missing when id is.", optional: true),
                    .init("total", "number", "With value: the day's total of a measurable habit.", optional: true),
                    .init(
                        "done", "boolean",
                        "With value: whether the total meets the target (else no completion is stored and id is missing).",
                        optional: true),
                ]),
            RecordShape(
                "day_entry", doc: "A habit on a day.",
                fields: [
                    .init("habit", "habit", "The habit."),
                    .init(
                        "state",
                        #""completed"|"pending"|"missed"|"future"|"skipped"|"paused"|"rest"|"not_due"|"over_limit""#,
                        "Where the day stands (as habits.year: rest is a day off in a period that met, or may still meet, its frequency; not_due a day a weekday habit is not due; over_limit a day over an at_most habit's target, whose empty days are completed)."
                    ),
                    .init("note", "string", "The day's note, if any.", optional: true),
                ]),
            RecordShape(
                "calendar_day", doc: "A day of a monthly calendar.",
                fields: [
                    .init("date", "day", "The date."),
                    .init(
                        "state",
                        #""completed"|"missed"|"pending"|"empty"|"skipped"|"paused"|"partial"|"rest"|"over_limit"|"not_due""#,
                        "How the day is drawn (as habits.year: partial: some amount, short of the target; rest: a day off in a period that met its frequency; over_limit: over an at_most habit's target, whose empty days are completed; not_due: a day a weekday habit does not name; empty: untracked or future)."
                    ),
                    .init("is_today", "boolean", "Whether it is today."),
                    .init("note", "string", "The day's note, if any.", optional: true),
                ]),
            RecordShape(
                "calendar", doc: "A habit's month, day by day.",
                fields: [
                    .init("year", "integer", "The year."), .init("month", "integer", "The month, 1 to 12."),
                    .init("days", "calendar_day[]", "Every day of the month."),
                    .init("can_move_to_next_month", "boolean", "Whether the month is before today's."),
                ], presenter: HabitPresenters.calendar, presenterBytecode: HabitPresenters.calendarBytecode),
            RecordShape(
                "streak", doc: "Runs of met periods (days, weeks or months, as the frequency counts).",
                fields: [
                    .init("current", "integer", "Met periods back from the reference day."),
                    .init("longest", "integer", "The longest run."),
                ]),
            RecordShape(
                "statistics", doc: "A habit's statistics on a reference day.",
                fields: [
                    .init("total_completed_days", "integer", "Completions on eligible days."),
                    .init("eligible_tracking_days", "integer", "Eligible days up to the reference day."),
                    .init("completion_rate", "number", "times_met ÷ times_due, 0 to 1."),
                    .init(
                        "times_met", "integer",
                        "The completions that counted towards what was due (at most what each period asks)."),
                    .init("times_due", "integer", "The completions due up to the reference day."),
                    .init(
                        "due_unit", #""day"|"time""#,
                        "day when every period counted was one day long (daily and weekday stretches only), so times_due is a number of days; else time."
                    ),
                    .init(
                        "streak", "streak",
                        "The current and longest streaks, both in streak_unit: a kept period of any frequency carries a streak across a change of frequency."
                    ),
                    .init("score", "number", "Loop Habit Tracker's score, 0 to 1 (forgives a missed day)."),
                    .init(
                        "frequency", "frequency",
                        #"The frequency on the reference day ({times = 1, per = "day"} when daily)."#),
                    .init(
                        "streak_unit", #""day"|"week"|"month"|"period""#,
                        "The unit of both streaks, from the frequency on the reference day: days, weeks, months or runs of days holding a day of the run."
                    ),
                ], presenter: HabitPresenters.statistics, presenterBytecode: HabitPresenters.statisticsBytecode),
            RecordShape(
                "summary", doc: "One habit in the overview.",
                fields: [
                    .init("id", "string", "The habit's id."), .init("name", "string", "Its name."),
                    .init("archived", "boolean", "Whether it is archived."),
                    .init("current_streak", "integer", "Its current streak, in its streak_unit (habits.stats)."),
                    .init("completion_rate", "number", "Its completion rate, 0 to 1."),
                ]),
        ] + Self.detailShapes() + Self.reminderShapes()
    }

    private static func dependencies(_ context: Context) throws -> HabitDependencies {
        try context.resolve(HabitDependencies.self)
    }

    private static func dayEntries(on day: LocalDay?, _ context: Context) throws -> Value {
        let zone = context.clock.timeZone
        let store = try detailStore(context)
        let target = day ?? context.clock.today()
        let marks = try store.details.marks(ownedBy: context.user.id, on: target)
        let entries = try LoadDayEntries(try dependencies(context))(on: day, ownerID: context.user.id)
        let states = try HabitDayEntryStates(store)(entries, on: target, ownerID: context.user.id)
        return .array(
            entries.map {
                HabitDetailValues.marked(HabitValues.entry($0, zone: zone), $0, marks, state: states[$0.habit.id])
            })
    }
}
