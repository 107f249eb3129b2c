import Core
import Formats

/// The habits of an export document written in Loop Habit Tracker's CSV layout
/// (`app-shell --export-loop FOLDER`): `Habits.csv` with Loop 2's header, and per habit a
/// folder `NNN Name` (its position, then the name keeping only ASCII letters, digits,
/// space, `.`, `_` and `-`, at most 100 characters, trimmed, as Loop names it) holding
/// `Checkmarks.csv`: `Date,Value,Notes`, newest day first.
///
/// A completion is `YES_MANUAL`, a skipped day `SKIP`, a measurable habit's day its total in
/// thousandths (Loop's integer), a day with only a note `UNKNOWN`. What Loop's layout has no
/// place for is not written, and `losses(fromSection:)` says so habit by habit: weekdays,
/// frequencies before the current one, pauses, tracking periods (an archived habit is
/// `Archived?` true), amounts finer than thousandths; ids and instants are never written.
/// Loop's `Scores.csv` files are not written (AppShell's score is reckoned when asked). A
/// day of a habit with a limit with nothing recorded gets no row: Loop reads it as
/// unknown, which keeps the limit, as AppShell counts it (docs/domain.md §2.5).
public enum LoopCSVExport {
    /// `Habits.csv`'s header, as Loop 2 writes it.
    public static let header = [
        "Position", "Name", "Type", "Question", "Description", "FrequencyNumerator", "FrequencyDenominator", "Color",
        "Unit", "Target Type", "Target Value", "Archived?",
    ]

    /// The files, by their path inside the folder, from the `habits` section of a document.
    public static func files(fromSection section: Value) -> [(path: String, text: String)] {
        var list = CSVTable.line(header)
        var files: [(path: String, text: String)] = []
        for (index, habit) in (section["habits"].arrayValue ?? []).enumerated() {
            let position = index + 1
            let number =
                position < 1000
                ? String(repeating: "0", count: 3 - String(position).count) + String(position)
                : String(position)
            let name = habit["name"].stringValue ?? ""
            let frequency =
                (habit["frequencies"].arrayValue?.last?["frequency"]).flatMap { try? HabitFrequency.parse($0) }
                ?? .daily
            let (numerator, denominator) = LoopFrequency.fraction(frequency)
            let measure = habit["measure"]
            let numerical = !measure.isNull
            let archived = habit["periods"].arrayValue?.last.map { !$0["end_day"].isNull } ?? true
            list += CSVTable.line([
                number, name, numerical ? "NUMERICAL" : "YES_NO", "", "", String(numerator), String(denominator), "",
                numerical ? measure["unit"].stringValue ?? "" : "",
                numerical ? (measure["at_most"].boolValue == true ? "AT_MOST" : "AT_LEAST") : "",
                numerical ? javaDouble(measure["target"].doubleValue ?? 0) : "", archived ? "true" : "false",
            ])
            let folder = (number + " " + sanitized(name)).trimmingWhitespace
            files.append((folder + "/Checkmarks.csv", checkmarks(habit, numerical: numerical)))
        }
        return [("Habits.csv", list)] + files
    }

    /// What the files of `files(fromSection:)` cannot say, one line per habit and loss: a
    /// frequency on weekdays (written as that many times a week), the frequencies before the
    /// current one, pauses, tracking periods after the first, and day totals finer than
    /// Loop's thousandths, each with what was written instead.
    public static func losses(fromSection section: Value) -> [String] {
        var lines: [String] = []
        for (index, habit) in (section["habits"].arrayValue ?? []).enumerated() {
            let label = "habit \(index + 1) (\(habit["name"].stringValue ?? ""))"
            let changes = habit["frequencies"].arrayValue ?? []
            let frequency = (changes.last?["frequency"]).flatMap { try? HabitFrequency.parse($0) } ?? .daily
            let (numerator, denominator) = LoopFrequency.fraction(frequency)
            if case .weekdays = frequency {
                lines.append(
                    "\(label): Loop has no weekdays; its frequency \(frequency.label) is written as "
                        + "\(numerator) a week (\(numerator)/\(denominator)), on any days")
            }
            if changes.count > 1 || (changes.count == 1 && frequency != .daily && Self.startsAfterHabit(habit, changes))
            {
                let start = changes.last?["start_day"].stringValue ?? ""
                lines.append(
                    "\(label): Loop keeps one frequency; the earlier ones (before \(start)) are not written, "
                        + "its whole history is written as \(numerator)/\(denominator)")
            }
            let pauses = habit["pauses"].arrayValue ?? []
            if !pauses.isEmpty {
                let spans = pauses.map { "\($0["from"].stringValue ?? "")...\($0["to"].stringValue ?? "")" }
                lines.append(
                    "\(label): Loop has no pauses; \(spans.joined(separator: ", ")) are written as days "
                        + "with nothing recorded")
            }
            let periods = habit["periods"].arrayValue ?? []
            if periods.count > 1 {
                lines.append(
                    "\(label): Loop has no tracking periods; its \(periods.count) are written as one habit, "
                        + "the days between them with nothing recorded")
            }
            if !habit["measure"].isNull {
                let finer = (habit["amounts"].arrayValue ?? []).filter { amount in
                    let total = amount["total"].doubleValue ?? 0
                    return (total * 1000).rounded() != total * 1000
                }
                if !finer.isEmpty {
                    lines.append(
                        "\(label): Loop keeps amounts in thousandths; \(finer.count) day totals are rounded to them")
                }
            }
        }
        return lines
    }

    /// Whether a habit's only frequency change starts after the habit (daily before it).
    private static func startsAfterHabit(_ habit: Value, _ changes: [Value]) -> Bool {
        guard let start = changes.first?["start_day"].stringValue,
            let first = habit["periods"].arrayValue?.first?["start_day"].stringValue
        else { return false }
        return start > first
    }

    /// One habit's `Checkmarks.csv`.
    private static func checkmarks(_ habit: Value, numerical: Bool) -> String {
        var values: [String: String] = [:]
        var notes: [String: String] = [:]
        for completion in habit["completions"].arrayValue ?? [] {
            if let day = completion["day"].stringValue { values[day] = "YES_MANUAL" }
        }
        for skip in habit["skips"].arrayValue ?? [] {
            if let day = skip.stringValue { values[day] = "SKIP" }
        }
        if numerical {
            let target = habit["measure"]["target"].doubleValue ?? 0
            for (day, value) in values where value == "YES_MANUAL" { values[day] = thousandths(target) }
            for amount in habit["amounts"].arrayValue ?? [] {
                if let day = amount["day"].stringValue { values[day] = thousandths(amount["total"].doubleValue ?? 0) }
            }
        }
        for note in habit["notes"].arrayValue ?? [] {
            if let day = note["day"].stringValue {
                notes[day] = note["text"].stringValue ?? ""
                if values[day] == nil { values[day] = "UNKNOWN" }
            }
        }
        var text = CSVTable.line(["Date", "Value", "Notes"])
        for day in values.keys.sorted(by: >) {
            text += CSVTable.line([day, values[day] ?? "UNKNOWN", notes[day] ?? ""])
        }
        return text
    }

    /// The name as Loop puts it in a folder's: ASCII letters, digits, space, `.`, `_`, `-`,
    /// at most 100 characters.
    static func sanitized(_ name: String) -> String {
        String(
            name.unicodeScalars.filter { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || " ._-".unicodeScalars.contains(scalar))
            }.prefix(100).map(Character.init))
    }

    private static func thousandths(_ value: Double) -> String {
        value.isFinite ? String(Int((value * 1000).rounded())) : "0"
    }

    /// A number as Kotlin's `Double.toString` writes a target: `8.0`, `2.5`.
    private static func javaDouble(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)).0" : "\(value)"
    }
}
