import Core
import Time

/// The records of frequencies, pauses, details and progress, as the contract names them.
enum HabitDetailValues {
    static func frequency(_ frequency: HabitFrequency) -> Value {
        switch frequency {
        case .daily: .table(Record([("times", .int(1)), ("per", .string("day"))]))
        case .perWeek(let times): .table(Record([("times", .int(times)), ("per", .string("week"))]))
        case .perMonth(let times): .table(Record([("times", .int(times)), ("per", .string("month"))]))
        case .inDays(1, let days): .table(Record([("every", .int(days))]))
        case .inDays(let times, let days): .table(Record([("times", .int(times)), ("days", .int(days))]))
        case .weekdays(let days):
            .table(
                Record([
                    ("weekdays", .array(days.sorted().map { .string(HabitFrequency.weekdayNames[$0 - 1]) }))
                ]))
        }
    }

    static func change(_ change: FrequencyChange) -> Value {
        .table(
            Record([
                ("start", .string(change.start.description)), ("frequency", frequency(change.frequency)),
                ("label", .string(change.frequency.label)),
            ]))
    }

    /// A day entry with its note, and skipped, paused, or the frequency's `state` (rest,
    /// not_due) instead of pending, missed or future.
    static func marked(_ value: Value, _ entry: HabitDayEntry, _ marks: HabitDayMarks, state: HabitYearState? = nil)
        -> Value
    {
        guard case .table(var record) = value else { return value }
        let id = entry.habit.id
        if entry.state != .completed {
            if let state { record["state"] = .string(state.rawValue) }
            if marks.skipped.contains(id) {
                record["state"] = .string("skipped")
            } else if marks.paused.contains(id) {
                record["state"] = .string("paused")
            }
        }
        if let note = marks.notes[id] { record["note"] = .string(note) }
        return .table(record)
    }

    /// A calendar record whose days carry their notes.
    static func withNotes(_ calendar: Value, _ notes: [LocalDay: String]) -> Value {
        guard !notes.isEmpty, case .table(var record) = calendar, let days = record["days"]?.arrayValue else {
            return calendar
        }
        record["days"] = .array(
            days.map { day in
                guard case .table(var fields) = day,
                    let date = fields["date"]?.stringValue.flatMap(LocalDay.init(parsing:)),
                    let note = notes[date]
                else { return day }
                fields["note"] = .string(note)
                return .table(fields)
            })
        return .table(record)
    }

    /// The record of `habits.year`.
    static func year(
        _ result: (habit: Habit, frequency: HabitFrequency, days: [(date: LocalDay, state: HabitYearState)]), year: Int
    ) -> Value {
        .table(
            Record([
                ("year", .int(year)), ("name", .string(result.habit.name)),
                ("frequency", .string(result.frequency.label)),
                (
                    "days",
                    .array(
                        result.days.map {
                            .table(
                                Record([("date", .string($0.date.description)), ("state", .string($0.state.rawValue))]))
                        })
                ),
            ]))
    }

    static func pause(_ pause: HabitPause) -> Value {
        .table(Record([("from", .string(pause.from.description)), ("to", .string(pause.to.description))]))
    }

    static func details(_ details: HabitDetails, from: LocalDay?, to: LocalDay?) -> Value {
        let first = from ?? LocalDay(dayNumber: Int.min / 2)
        let last = to ?? LocalDay(dayNumber: Int.max / 2)
        func inRange(_ day: LocalDay) -> Bool { day >= first && day <= last }
        var fields: [(String, Value)] = [("frequencies", .array(details.frequencies.map(change)))]
        if let measure = details.measure {
            fields.append(
                (
                    "measure",
                    .table(
                        Record([
                            ("unit", .string(measure.unit)), ("target", .double(measure.target)),
                            ("at_most", .bool(measure.atMost)),
                        ]))
                ))
        }
        fields.append(("skips", .array(details.skips.filter(inRange).sorted().map { .string($0.description) })))
        fields.append(("pauses", .array(details.pauses.filter { $0.from <= last && $0.to >= first }.map(pause))))
        fields.append(
            (
                "amounts",
                .array(
                    details.amounts.filter { inRange($0.key) }.sorted { $0.key < $1.key }.map {
                        .table(Record([("date", .string($0.key.description)), ("total", .double($0.value))]))
                    })
            ))
        fields.append(
            (
                "notes",
                .array(
                    details.notes.filter { inRange($0.key) }.sorted { $0.key < $1.key }.map {
                        .table(Record([("date", .string($0.key.description)), ("text", .string($0.value))]))
                    })
            ))
        return .table(Record(fields))
    }

    /// StackDay's statistics record with the score, the frequency and what a streak counts.
    static func progress(_ progress: HabitProgress) -> Value {
        guard case .table(var record) = HabitValues.statistics(progress.statistics) else { return .null }
        record["score"] = .double(progress.score)
        record["frequency"] = frequency(progress.frequency)
        record["streak_unit"] = .string(progress.streakUnit)
        return .table(record)
    }

    /// A measurable habit's day after `habits.complete{value}`: the completion's fields when
    /// the day is done (no id or instant when not), with the total and whether it is done.
    static func amount(
        _ result: (habitID: String, day: LocalDay, total: Double, done: Bool, completion: Completion?),
        zone: TimeZoneRules
    )
        -> Value
    {
        var record = Record([
            ("habit_id", .string(result.habitID)), ("completed_on", .string(result.day.description)),
        ])
        if let completion = result.completion, case .table(let stored) = HabitValues.completion(completion, zone: zone)
        {
            record = stored
        }
        record["total"] = .double(result.total)
        record["done"] = .bool(result.done)
        return .table(record)
    }
}
