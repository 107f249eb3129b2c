import Core
import Formats
import Storage
import Time

/// `app.import(path, {from = "habitbull"})`: HabitBull's CSV export,
/// `HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`, one row per
/// habit and day. A value of 1 is a completion and 0 a day not done; a habit with a value
/// above 1 is measurable (HabitBull keeps no unit or target in the file: the unit is
/// `times` and the target 1, said in the result). `CommentText` is the day's note. Dates
/// are `YYYY-MM-DD` or `MM/DD/YYYY`. Descriptions and categories are not kept, and said.
public struct HabitBullFormat: ForeignFormat {
    private let database: any Database

    /// The format, writing through `database`.
    public init(database: any Database) { self.database = database }

    /// `habitbull`.
    public var name: String { "habitbull" }

    /// What a file of this format is, for errors.
    public var expected: String { "a HabitBull CSV (its first line HabitName,HabitDescription,HabitCategory,...)" }

    /// The file starts with HabitBull's header (after a byte-order mark, if any).
    public func recognises(_ bytes: [UInt8]) -> Bool {
        var head = String(decoding: bytes.prefix(64), as: UTF8.self)
        if head.hasPrefix("\u{FEFF}") { head.removeFirst() }
        return head.hasPrefix("HabitName,HabitDescription,HabitCategory")
    }

    /// Imports the file's habits, in the order they first appear.
    public func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws {
        let rows = try CSVTable.rows(bytes, name: "the HabitBull file")
        report.reportInvalidUTF8(bytes, in: "the HabitBull file")
        guard let header = rows.first, header.prefix(3) == ["HabitName", "HabitDescription", "HabitCategory"] else {
            throw AppError(
                code: "import.unknown_format", message: "the file does not start with HabitBull's header", field: "from"
            )
        }
        var habits: [ForeignHabit] = []
        var index: [String: Int] = [:]
        var unreadable = 0
        var repeated = 0
        var kept: [Int: (description: Bool, category: Bool)] = [:]
        for row in rows.dropFirst() {
            guard row.count >= 5, let day = Self.day(row[3]) else {
                unreadable += 1
                continue
            }
            let name = row[0]
            let position: Int
            if let found = index[name] {
                position = found
            } else {
                guard habits.count < ForeignHabitWriter.maximumHabits else {
                    throw AppError.invalidArgument(
                        "the file holds over \(ForeignHabitWriter.maximumHabits) habits", field: "path")
                }
                position = habits.count
                index[name] = position
                habits.append(ForeignHabit(name: name, label: "HabitBull habit \(position + 1)"))
            }
            var flags = kept[position] ?? (false, false)
            flags.description = flags.description || !row[1].trimmingWhitespace.isEmpty
            flags.category = flags.category || !row[2].trimmingWhitespace.isEmpty
            kept[position] = flags
            guard let value = Double(row[4].trimmingWhitespace), value.isFinite else {
                unreadable += 1
                continue
            }
            if habits[position].marks[day] != nil { repeated += 1 }
            habits[position].marks[day] =
                value == 1 ? .done : value > 1 ? .amount(value) : ForeignHabit.Mark.none
            if row.count >= 6, !row[5].isEmpty { habits[position].notes[day] = row[5] }
            guard habits[position].marks.count <= ForeignHabitWriter.maximumDays else {
                throw AppError.invalidArgument(
                    "\(habits[position].label) has over \(ForeignHabitWriter.maximumDays) days", field: "path")
            }
        }
        for position in habits.indices {
            let amounts = habits[position].marks.values.contains { if case .amount = $0 { true } else { false } }
            if amounts {
                habits[position].measure = ("times", 1, false)
                habits[position].marks = habits[position].marks.mapValues { $0 == .done ? .amount(1) : $0 }
                habits[position].unrepresentable.append(
                    "HabitBull keeps no unit or target in the file: its values are amounts of \"times\", target 1")
            }
            if kept[position]?.description == true {
                habits[position].unrepresentable.append("its description is not kept")
            }
            if kept[position]?.category == true { habits[position].unrepresentable.append("its category is not kept") }
        }
        if unreadable > 0 { report.cannotRepresent("\(unreadable) rows without a readable date or value; left out") }
        if repeated > 0 {
            report.cannotRepresent(
                "\(repeated) \(repeated == 1 ? "row gives" : "rows give") a day its habit had already; "
                    + "the last row of each day is kept")
        }
        try ForeignHabitWriter(database: database, format: name).write(habits, for: user, clock: clock, report: &report)
    }

    /// `YYYY-MM-DD` (a time after it is ignored) or `MM/DD/YYYY`.
    static func day(_ text: String) -> LocalDay? {
        let trimmed = text.trimmingWhitespace
        if let day = LocalDay(parsing: String(trimmed.prefix(10))) { return day }
        let parts = trimmed.split(separator: "/")
        guard parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2].prefix(4))
        else { return nil }
        return LocalDay(year: year, month: month, day: day)
    }
}
