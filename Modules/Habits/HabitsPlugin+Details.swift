import Core

/// The routes and records of frequencies, skips, pauses, amounts, notes and scores.
extension HabitsPlugin {
    static let detailRef = Parameter.positional("ref", .string, "The habit's id or exact name.").nameOrID
    static let frequencyType = ParameterType.oneOf([.choice(["daily"]), .record("frequency")])
    static let frequencyDoc =
        #"{times = 3, per = "week"}, {times = 2, per = "month"}, {times = 2, days = 3}, {every = 2}, {weekdays = {"mon", "fri"}} or "daily"."#

    static func detailStore(_ context: Context) throws -> HabitDetailsStore {
        try context.resolve(HabitDetailsStore.self)
    }

    /// The routes of this extension.
    static func detailRoutes() -> [Route] {
        let lookup = ["habits.not_found", "habits.ambiguous"]
        return [
            Route(
                "habits.set_frequency",
                summary: "Gives a habit a new frequency from a day on; days before keep the old one.",
                parameters: [
                    detailRef, .positional("frequency", frequencyType, frequencyDoc),
                    .option("from", .day, "The first day of the new frequency; today when omitted."),
                ],
                returns: "frequency_change[]", errors: lookup + ["habits.before_start"],
                example: #"habits.set_frequency("Run", {times = 3, per = "week"})"#
            ) { arguments, context in
                let frequency = try HabitFrequency.parse(arguments["frequency"])
                let changes = try SetFrequency(try detailStore(context))(
                    try arguments.string("ref"), frequency, from: try arguments.optionalDay("from"),
                    ownerID: context.user.id)
                return .array(changes.map(HabitDetailValues.change))
            },
            Route(
                "habits.scores", summary: "A habit's Loop score day by day, 0 to 1, at most 3,660 days.",
                parameters: [
                    detailRef, .option("from", .day, "The first day; the habit's start when omitted."),
                    .option("to", .day, "The last day, today or earlier; today when omitted."),
                ],
                returns: "score[]", errors: lookup + ["habits.future_day"],
                example: #"habits.scores("Run", {from = "2026-11-01"})"#
            ) { arguments, context in
                .array(
                    try LoadHabitScores(try detailStore(context))(
                        try arguments.string("ref"), from: try arguments.optionalDay("from"),
                        to: try arguments.optionalDay("to"), ownerID: context.user.id
                    ).map { .table(Record([("date", .string($0.day.description)), ("score", .double($0.score))])) })
            },
            Route(
                "habits.skip", summary: "Skips a day: neither eligible nor missed, and no streak breaks.",
                parameters: [detailRef, .option("on", .day, "The day, future ones too; today when omitted.")],
                returns: "day",
                errors: lookup + [
                    "habits.before_start", "habits.outside_tracking_period", "habits.already_completed",
                    "habits.already_skipped",
                ],
                example: #"habits.skip("Run", {on = "2026-11-28"})"#
            ) { arguments, context in
                .string(
                    try SkipDay(try detailStore(context))(
                        try arguments.string("ref"), on: try arguments.optionalDay("on"), ownerID: context.user.id
                    ).description)
            },
            Route(
                "habits.unskip", summary: "Takes back a skip.",
                parameters: [detailRef, .option("on", .day, "The day; today when omitted.")], returns: "day",
                errors: lookup + ["habits.not_skipped"], example: #"habits.unskip("Run", {on = "2026-11-28"})"#
            ) { arguments, context in
                .string(
                    try SkipDay(try detailStore(context))(
                        try arguments.string("ref"), on: try arguments.optionalDay("on"), undo: true,
                        ownerID: context.user.id
                    ).description)
            },
            Route(
                "habits.pause",
                summary: "Pauses a habit over days (a vacation, at most 366): neither eligible nor missed.",
                parameters: [
                    detailRef, .option("from", .day, "The first paused day; today when omitted."),
                    .option("to", .day, "The last paused day.", required: true),
                ],
                returns: "pause", errors: lookup + ["habits.before_start", "habits.overlapping_pause"],
                example: #"habits.pause("Run", {from = "2026-12-20", to = "2026-12-31"})"#
            ) { arguments, context in
                HabitDetailValues.pause(
                    try PauseHabit(try detailStore(context))(
                        try arguments.string("ref"), from: try arguments.optionalDay("from"),
                        to: try arguments.day("to"), ownerID: context.user.id))
            },
            Route(
                "habits.unpause", summary: "Removes the pause that starts on a day.",
                parameters: [detailRef, .option("from", .day, "The first day of the pause.", required: true)],
                returns: "nil", errors: lookup + ["habits.not_paused"],
                example: #"habits.unpause("Run", {from = "2026-12-20"})"#
            ) { arguments, context in
                try PauseHabit(try detailStore(context)).remove(
                    try arguments.string("ref"), from: try arguments.day("from"), ownerID: context.user.id)
                return .null
            },
            Route(
                "habits.note",
                summary: "Writes the note of a day, done or not (at most 1,000 characters; empty removes it).",
                parameters: [
                    detailRef, .positional("text", .string, "The note, at most 1,000 characters.").freeText,
                    .option("on", .day, "The day; today when omitted."),
                ],
                returns: "day", errors: lookup + ["habits.before_start", "habits.future_day"],
                example: #"habits.note("Run", "Rainy, ran indoors", {on = "2026-11-28"})"#
            ) { arguments, context in
                .string(
                    try WriteNote(try detailStore(context))(
                        try arguments.string("ref"), text: try arguments.string("text"),
                        on: try arguments.optionalDay("on"), ownerID: context.user.id
                    ).description)
            },
            Route(
                "habits.year",
                summary: "A habit's year day by day, for a grid of weeks: show(habits.year(ref)) draws it.",
                parameters: [detailRef, .option("year", .integer, "The year; this year when omitted.")],
                returns: "year", errors: lookup, example: #"show(habits.year("Run"))"#
            ) { arguments, context in
                let result = try LoadHabitYear(try detailStore(context))(
                    try arguments.string("ref"), year: arguments.optionalInt("year"), ownerID: context.user.id)
                return HabitDetailValues.year(
                    result, year: arguments.optionalInt("year") ?? context.clock.today().year)
            },
            Route(
                "habits.details",
                summary: "A habit's frequencies, measure, skips, pauses, day totals and notes in a range of days.",
                parameters: [
                    detailRef, .option("from", .day, "The first day; from the beginning when omitted."),
                    .option("to", .day, "The last day; to the end when omitted."),
                ],
                returns: "habit_details", errors: lookup,
                example: #"habits.details("Run").frequencies[1].frequency"#
            ) { arguments, context in
                let store = try detailStore(context)
                let habit = try store.base.habit(try arguments.string("ref"), ownedBy: context.user.id)
                return HabitDetailValues.details(
                    try store.details.details(habitID: habit.id), from: try arguments.optionalDay("from"),
                    to: try arguments.optionalDay("to"))
            },
        ]
    }

    /// The records of this extension.
    static func detailShapes() -> [RecordShape] {
        [
            RecordShape(
                "frequency", doc: "How often a habit is due; one of the forms below.",
                fields: [
                    .init(
                        "times", "integer", "Times due: 1 to 7 per week, 1 to 31 per month, 1 to days.", optional: true),
                    .init("per", #""day"|"week"|"month""#, "The calendar period of times.", optional: true),
                    .init("days", "integer", "A run of days (1 to 366) times are counted in.", optional: true),
                    .init("every", "integer", "Once in this many days (1 to 366).", optional: true),
                    .init("weekdays", "string[]", #"The due weekdays: "mon" … "sun"."#, optional: true),
                ]),
            RecordShape(
                "frequency_change", doc: "A frequency from a day on.",
                fields: [
                    .init("start", "day", "The first day it applies to."),
                    .init("frequency", "frequency", "The frequency."),
                    .init("label", "string", #"Short text: "daily", "3/week", "2 in 3 days", "mon wed fri"."#),
                ]),
            RecordShape(
                "score", doc: "Loop Habit Tracker's score of a day.",
                fields: [.init("date", "day", "The day."), .init("score", "number", "0 to 1.")]),
            RecordShape(
                "pause", doc: "Days a habit is paused.",
                fields: [.init("from", "day", "The first paused day."), .init("to", "day", "The last paused day.")]),
            RecordShape(
                "measure", doc: "What makes a habit measurable.",
                fields: [
                    .init("unit", "string", "The unit, 1 to 20 characters."),
                    .init("target", "number", "The day's target, above 0."),
                    .init("at_most", "boolean", "True when a day is done at or under the target, else at or over."),
                ]),
            RecordShape(
                "day_note", doc: "A note of a day.",
                fields: [.init("date", "day", "The day."), .init("text", "string", "The note.")]),
            RecordShape(
                "day_amount", doc: "A measurable habit's total of a day.",
                fields: [.init("date", "day", "The day."), .init("total", "number", "The day's total.")]),
            RecordShape(
                "year_day", doc: "A day of habits.year.",
                fields: [
                    .init("date", "day", "The day."),
                    .init(
                        "state",
                        #""completed"|"partial"|"over_limit"|"missed"|"rest"|"skipped"|"paused"|"pending"|"not_due"|"empty""#,
                        "How the day is drawn: rest is a day off in a period that met (or may meet) the frequency; over_limit a day over an at_most habit's target (its days with nothing recorded are completed)."
                    ),
                ]),
            RecordShape(
                "year", doc: "A habit's year, every day from 1 January to 31 December.",
                fields: [
                    .init("year", "integer", "The year."), .init("name", "string", "The habit's name."),
                    .init("frequency", "string", #"The frequency's label, such as "3/week"."#),
                    .init("days", "year_day[]", "Every day of the year, in order."),
                ], presenter: HabitPresenters.year, presenterBytecode: HabitPresenters.yearBytecode),
            RecordShape(
                "habit_details", doc: "What a habit has beyond a daily yes/no.",
                fields: [
                    .init("frequencies", "frequency_change[]", "The frequency changes, oldest first (empty: daily)."),
                    .init("measure", "measure", "The unit and target; missing for a yes/no habit.", optional: true),
                    .init("skips", "day[]", "The skipped days in the range, in order."),
                    .init("pauses", "pause[]", "The pauses that overlap the range."),
                    .init("amounts", "day_amount[]", "The day totals in the range, by day."),
                    .init("notes", "day_note[]", "The notes in the range, by day."),
                ]),
        ]
    }
}
