import Core
import Formats
import Time

/// Reads Loop Habit Tracker's CSV export: `Habits.csv` (one row per habit, by `Position`)
/// and, per habit, a folder `NNN Name` holding `Checkmarks.csv` (`Date,Value,Notes`, newest
/// first). Loop keeps only ASCII letters, digits, space, `.`, `_` and `-` of the name in the
/// folder's, so a folder is matched to its habit by the number it starts with.
///
/// `Habits.csv` has had three headers, all read by column name:
/// `Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?`
/// (Loop 2), `Position,Name,Question,Description,NumRepetitions,Interval,Color` and, before
/// questions, `Position,Name,Description,NumRepetitions,Interval,Color`.
enum LoopCSVReader {
    static func habits(in files: [String: [UInt8]]) throws -> (habits: [ForeignHabit], lines: [String]) {
        guard let list = files["Habits.csv"] else {
            throw AppError(code: "import.unknown_format", message: "a Loop CSV export holds Habits.csv", field: "from")
        }
        var (habits, positions) = try habitList(list)
        var lines: [String] = []
        var matched = Set<Int>()
        for path in files.keys.sorted() where path.hasSuffix("/Checkmarks.csv") {
            let folder = String(path.dropLast("/Checkmarks.csv".count))
            guard !folder.contains("/"), let number = Int(folder.prefix { $0.isASCII && $0.isNumber }),
                let index = positions[number]
            else {
                lines.append("\(folder)/Checkmarks.csv: no habit of Habits.csv has its number; left out")
                continue
            }
            matched.insert(index)
            try readCheckmarks(files[path] ?? [], name: path, into: &habits[index])
        }
        for (index, habit) in habits.enumerated() where !matched.contains(index) {
            lines.append(
                "\(habit.label) (\(habit.name)): no NNN folder with Checkmarks.csv; only the habit is taken in")
        }
        return (habits, lines)
    }

    /// The habits of `Habits.csv`, and the index of each position.
    static func habitList(_ bytes: [UInt8]) throws -> ([ForeignHabit], [Int: Int]) {
        let rows = try CSVTable.rows(bytes, name: "Habits.csv")
        guard let header = rows.first, header.first == "Position", header.contains("Name") else {
            throw AppError(
                code: "import.unknown_format", message: "Habits.csv does not start with Position,Name", field: "from")
        }
        func field(_ row: [String], _ name: String) -> String? {
            guard let column = header.firstIndex(of: name), column < row.count else { return nil }
            return row[column]
        }
        var habits: [ForeignHabit] = []
        var positions: [Int: Int] = [:]
        for row in rows.dropFirst() {
            guard habits.count < ForeignHabitWriter.maximumHabits else {
                throw AppError.invalidArgument(
                    "Habits.csv holds over \(ForeignHabitWriter.maximumHabits) habits", field: "path")
            }
            let position = Int(field(row, "Position") ?? "") ?? habits.count + 1
            var habit = ForeignHabit(name: field(row, "Name") ?? "", label: "Loop habit \(position)")
            let numerator = Int(field(row, "FrequencyNumerator") ?? field(row, "NumRepetitions") ?? "1") ?? 1
            let denominator = Int(field(row, "FrequencyDenominator") ?? field(row, "Interval") ?? "1") ?? 1
            habit.frequency = LoopFrequency.frequency(numerator: numerator, denominator: denominator)
            if let phrase = LoopFrequency.approximation(numerator: numerator, denominator: denominator) {
                habit.unrepresentable.append(phrase)
            }
            if field(row, "Type") == "NUMERICAL" {
                habit.measure = (
                    field(row, "Unit") ?? "", Double(field(row, "Target Value") ?? "") ?? 0,
                    field(row, "Target Type") == "AT_MOST"
                )
            }
            habit.archived = field(row, "Archived?")?.lowercased() == "true"
            for what in ["Question", "Description"] where !(field(row, what) ?? "").trimmingWhitespace.isEmpty {
                habit.unrepresentable.append("its \(what.lowercased()) is not kept")
            }
            if positions[position] == nil { positions[position] = habits.count }
            habits.append(habit)
        }
        return (habits, positions)
    }

    /// The marks and notes of one `Checkmarks.csv`.
    private static func readCheckmarks(_ bytes: [UInt8], name: String, into habit: inout ForeignHabit) throws {
        var unreadable = 0
        for row in try CSVTable.rows(bytes, name: name) {
            guard let first = row.first else { continue }
            if first == "Date" { continue }
            guard let day = LocalDay(parsing: first.trimmingWhitespace), row.count >= 2,
                let mark = LoopFrequency.mark(csv: row[1], numerical: habit.measure != nil)
            else {
                unreadable += 1
                continue
            }
            habit.marks[day] = mark
            if row.count >= 3, !row[2].isEmpty { habit.notes[day] = row[2] }
            guard habit.marks.count <= ForeignHabitWriter.maximumDays else {
                throw AppError.invalidArgument("\(name) has over \(ForeignHabitWriter.maximumDays) days", field: "path")
            }
        }
        if unreadable > 0 { habit.unrepresentable.append("\(unreadable) rows of \(name) cannot be read; left out") }
    }
}
