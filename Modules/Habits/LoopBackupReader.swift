import Core
import Storage
import Time

/// Reads a Loop Habit Tracker backup (the `.db` file its "Export full backup" writes), in
/// the schemas Loop has used: `Habits` (`freq_num`/`freq_den` from the first schema,
/// `reminder_hour`, `reminder_min` and `reminder_days` (a reminder) from version 11, `type` from 16, `target_type`/`target_value`/`unit` from
/// 18, `question` from 23, `uuid` from 24, habit groups in 26) and `Repetitions`
/// (`habit`, `timestamp` in UTC milliseconds at midnight, `value` from 16, `notes` from 25).
///
/// A repetition's `value` is Loop's entry: 2 `YES_MANUAL` (a completion), 1 `YES_AUTO`, 0
/// `NO`, 3 `SKIP`, -1 `UNKNOWN`; a numerical habit's value is its amount in thousandths.
/// Before version 16 a repetition had no value: each row was a check.
enum LoopBackupReader {
    static func habits(in bytes: [UInt8]) throws -> (habits: [ForeignHabit], lines: [String]) {
        let database = try SQLiteDatabase.reading(bytes: bytes)
        defer { database.close() }
        do {
            return try habits(of: database)
        } catch  where database.stepsExhausted {
            throw AppError.invalidArgument(
                "the SQLite file takes too long to read (over \(SQLiteDatabase.maximumForeignSteps) steps)",
                field: "path")
        }
    }

    private static func habits(of database: SQLiteDatabase) throws -> (habits: [ForeignHabit], lines: [String]) {
        let tables = try database.tableColumns()
        guard let habitColumns = tables["habits"], let repetitionColumns = tables["repetitions"],
            habitColumns.isSuperset(of: ["id", "name"]),
            repetitionColumns.isSuperset(of: ["habit", "timestamp"])
        else {
            throw AppError(
                code: "import.unknown_format",
                message: "the SQLite file is not a Loop Habit Tracker backup (no Habits and Repetitions tables)",
                field: "from")
        }
        func column(_ name: String, _ fallback: String) -> String {
            habitColumns.contains(name) ? name : fallback
        }
        let order = habitColumns.contains("position") ? "position, id" : "id"
        let sql = """
            SELECT id, name, \(column("freq_num", "1")), \(column("freq_den", "1")), \(column("archived", "0")),
            \(column("type", "0")), \(column("target_type", "0")), \(column("target_value", "0")), \(column("unit", "''")),
            \(column("description", "''")), \(column("question", "''")), \(column("reminder_hour", "NULL")),
            \(column("reminder_min", "NULL")), \(column("color", "NULL")), \(column("reminder_days", "127"))
            FROM Habits ORDER BY \(order) LIMIT \(ForeignHabitWriter.maximumHabits + 1)
            """
        var habits: [ForeignHabit] = []
        var index: [Int: Int] = [:]
        var numerical = Set<Int>()
        try database.forEach(sql, []) { row in
            let id = row.optionalInt(0) ?? 0
            var habit = ForeignHabit(name: row.optionalString(1) ?? "", label: "Loop habit \(habits.count + 1)")
            habit.frequency = LoopFrequency.frequency(
                numerator: row.optionalInt(2) ?? 1, denominator: row.optionalInt(3) ?? 1)
            if let phrase = LoopFrequency.approximation(
                numerator: row.optionalInt(2) ?? 1, denominator: row.optionalInt(3) ?? 1)
            {
                habit.unrepresentable.append(phrase)
            }
            habit.archived = (row.optionalInt(4) ?? 0) != 0
            if (row.optionalInt(5) ?? 0) == 1 {
                numerical.insert(id)
                habit.measure = (
                    row.optionalString(8) ?? "", row.optionalDouble(7) ?? 0, (row.optionalInt(6) ?? 0) == 1
                )
            }
            for (text, what) in [(row.optionalString(9), "description"), (row.optionalString(10), "question")]
            where !(text ?? "").trimmingWhitespace.isEmpty {
                habit.unrepresentable.append("its \(what) is not kept")
            }
            if let hour = row.optionalInt(11), let minute = row.optionalInt(12) {
                if let time = DailyTime(hour: hour, minute: minute) {
                    habit.reminder = time
                    // Loop's days are a mask of 7 bits; AppShell reminds on every day the
                    // habit is due.
                    let days = row.optionalInt(14) ?? 127
                    if days & 127 != 127 {
                        habit.unrepresentable.append(
                            "its reminder at \(time) comes on some weekdays only there (mask \(days)); here on every day the habit is due"
                        )
                    }
                } else {
                    habit.unrepresentable.append("its reminder at \(hour):\(minute) is no time of day; left out")
                }
            }
            index[id] = habits.count
            habits.append(habit)
        }
        guard habits.count <= ForeignHabitWriter.maximumHabits else {
            throw AppError.invalidArgument(
                "the file holds over \(ForeignHabitWriter.maximumHabits) habits", field: "path")
        }
        let value = repetitionColumns.contains("value") ? "value" : "2"
        let notes = repetitionColumns.contains("notes") ? "notes" : "NULL"
        var unreadable = 0
        try database.forEach(
            "SELECT habit, timestamp, \(value), \(notes) FROM Repetitions ORDER BY habit, timestamp", []
        ) { row in
            guard let habitID = row.optionalInt(0), let position = index[habitID],
                let milliseconds = row.optionalInt(1),
                let day = LoopFrequency.day(milliseconds: milliseconds)
            else {
                unreadable += 1
                return
            }
            let raw = row.optionalInt(2) ?? 2
            habits[position].marks[day] =
                numerical.contains(habitID)
                ? (raw < 0 ? ForeignHabit.Mark.none : .amount(Double(raw) / 1000)) : LoopFrequency.mark(raw)
            if let note = row.optionalString(3), !note.isEmpty { habits[position].notes[day] = note }
            guard habits[position].marks.count <= ForeignHabitWriter.maximumDays else {
                throw AppError.invalidArgument(
                    "\(habits[position].label) has over \(ForeignHabitWriter.maximumDays) days", field: "path")
            }
        }
        let lines =
            unreadable > 0
            ? ["\(unreadable) repetitions name no habit of the file or no day Loop could have written; left out"] : []
        return (habits, lines)
    }
}
