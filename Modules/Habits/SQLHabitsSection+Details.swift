import Core
import Formats
import Storage
import Time

/// Version 2 of the `habits` section: frequencies, the measure, skips, pauses, amounts and
/// notes, written and read with the instants they carry, so a round trip is exact.
extension SQLHabitsSection {
    /// One habit's details as the document holds them, in a stable order.
    struct ExportedDetails {
        var frequencies: [Value] = []
        var measure: Value?
        var skips: [Value] = []
        var pauses: [Value] = []
        var amounts: [Value] = []
        var notes: [Value] = []
    }

    /// One habit's details read from a document, checked.
    struct ImportedDetails {
        var frequencies: [FrequencyChange] = []
        var measure: HabitMeasure?
        var skips: [LocalDay] = []
        var pauses: [HabitPause] = []
        var amounts: [(day: LocalDay, total: Double, at: Instant)] = []
        var notes: [(day: LocalDay, text: String, at: Instant)] = []
    }

    /// The details of every habit of `ownerID`, by habit id.
    func exportedDetails(ownerID: String) throws -> [String: ExportedDetails] {
        var found: [String: ExportedDetails] = [:]
        let owner: [SQLValue] = [.text(ownerID)]
        let repository = SQLHabitDetailsRepository(database: database)
        let detailed = try database.query(
            """
            SELECT DISTINCT f.habit_id FROM habit_frequencies f JOIN habits h ON h.id = f.habit_id WHERE h.owner_id = ?
            UNION SELECT m.habit_id FROM habit_measures m JOIN habits h ON h.id = m.habit_id WHERE h.owner_id = ?
            """, owner + owner
        ) { try $0.string(0) }
        for habitID in detailed {
            let details = try repository.details(habitID: habitID)
            found[habitID, default: ExportedDetails()].frequencies = details.frequencies.map { change in
                .table(
                    Record([
                        ("start_day", .string(change.start.description)),
                        ("frequency", HabitDetailValues.frequency(change.frequency)),
                    ]))
            }
            if let measure = details.measure {
                found[habitID, default: ExportedDetails()].measure = .table(
                    Record([
                        ("unit", .string(measure.unit)), ("target", .double(measure.target)),
                        ("at_most", .bool(measure.atMost)),
                    ]))
            }
        }
        try database.forEach(
            """
            SELECT s.habit_id, s.day FROM habit_skips s JOIN habits h ON h.id = s.habit_id
            WHERE h.owner_id = ? ORDER BY s.habit_id, s.day
            """, owner
        ) { row in found[try row.string(0), default: ExportedDetails()].skips.append(.string(try row.string(1))) }
        try database.forEach(
            """
            SELECT p.habit_id, p.from_day, p.to_day FROM habit_pauses p JOIN habits h ON h.id = p.habit_id
            WHERE h.owner_id = ? ORDER BY p.habit_id, p.from_day
            """, owner
        ) { row in
            found[try row.string(0), default: ExportedDetails()].pauses.append(
                .table(Record([("from", .string(try row.string(1))), ("to", .string(try row.string(2)))])))
        }
        try database.forEach(
            """
            SELECT a.habit_id, a.day, a.total, a.updated_at FROM habit_amounts a JOIN habits h ON h.id = a.habit_id
            WHERE h.owner_id = ? ORDER BY a.habit_id, a.day
            """, owner
        ) { row in
            found[try row.string(0), default: ExportedDetails()].amounts.append(
                .table(
                    Record([
                        ("day", .string(try row.string(1))), ("total", .double(try row.double(2))),
                        ("updated_at", .int(try row.int(3))),
                    ])))
        }
        try database.forEach(
            """
            SELECT n.habit_id, n.day, n.body, n.updated_at FROM habit_notes n JOIN habits h ON h.id = n.habit_id
            WHERE h.owner_id = ? ORDER BY n.habit_id, n.day
            """, owner
        ) { row in
            found[try row.string(0), default: ExportedDetails()].notes.append(
                .table(
                    Record([
                        ("day", .string(try row.string(1))), ("text", .string(try row.string(2))),
                        ("updated_at", .int(try row.int(3))),
                    ])))
        }
        return found
    }

    /// The version 2 fields of a habit of the document, checked against the rules the
    /// routes apply (a unit of 1 to 20 characters, a target above 0 and at most 1,000,000,
    /// a note of at most 1,000 characters ...), each error naming its path.
    static func details(of item: PortableRecord) throws -> ImportedDetails {
        var details = ImportedDetails()
        func bad(_ path: String, _ message: String) -> AppError {
            AppError.invalidArgument("\(path): \(message)", field: path)
        }
        func limited<T>(_ list: [T], _ key: String) throws -> [T] {
            guard list.count <= maximumItems else {
                throw bad("\(item.path).\(key)", "over \(maximumItems) items")
            }
            return list
        }
        details.frequencies = try limited(item.records("frequencies"), "frequencies").map { change in
            guard let value = change.record["frequency"] else {
                throw bad("\(change.path).frequency", "a frequency is needed")
            }
            return FrequencyChange(
                start: try change.day("start_day"),
                frequency: try HabitFrequency.parse(value, field: "\(change.path).frequency"))
        }
        if let measure = try item.optionalRecord("measure") {
            let unit = try measure.string("unit").trimmingWhitespace
            guard !unit.isEmpty, unit.count <= HabitMeasure.maximumUnitLength else {
                throw bad("\(measure.path).unit", "a unit is 1 to \(HabitMeasure.maximumUnitLength) characters")
            }
            let target = try measure.double("target")
            guard target.isFinite, target > 0, target <= HabitMeasure.maximumAmount else {
                throw bad("\(measure.path).target", "a target is above 0 and at most 1000000, got \(target)")
            }
            details.measure = HabitMeasure(unit: unit, target: target, atMost: try measure.bool("at_most"))
        }
        details.skips = try limited(item.strings("skips"), "skips").enumerated().map { index, text in
            guard let day = LocalDay(parsing: text) else {
                throw bad("\(item.path).skips[\(index + 1)]", "a day is YYYY-MM-DD")
            }
            return day
        }
        details.pauses = try limited(item.records("pauses"), "pauses").map { record in
            guard let pause = HabitPause(from: try record.day("from"), to: try record.day("to")) else {
                throw bad(record.path, "a pause ends before it starts")
            }
            return pause
        }
        details.amounts = try limited(item.records("amounts"), "amounts").map { record in
            let total = try record.double("total")
            guard total.isFinite, total >= 0, total <= HabitMeasure.maximumAmount else {
                throw bad("\(record.path).total", "a day's total is 0 to 1000000, got \(total)")
            }
            return (try record.day("day"), total, try record.instant("updated_at"))
        }
        details.notes = try limited(item.records("notes"), "notes").map { record in
            let text = try record.string("text")
            guard !text.trimmingWhitespace.isEmpty, text.count <= WriteNote.maximumLength else {
                throw bad("\(record.path).text", "a note is 1 to \(WriteNote.maximumLength) characters")
            }
            return (try record.day("day"), text, try record.instant("updated_at"))
        }
        return details
    }

    /// Stores the details of a habit just added.
    func store(_ details: ImportedDetails, habitID: String, report: inout ImportReport) throws {
        let repository = SQLHabitDetailsRepository(database: database)
        var seenFrequencies = Set<LocalDay>()
        for change in details.frequencies where seenFrequencies.insert(change.start).inserted {
            try repository.insertFrequency(change, habitID: habitID)
        }
        if let measure = details.measure { try repository.insertMeasure(measure, habitID: habitID) }
        for day in Set(details.skips).sorted() {
            try repository.insertSkip(day, habitID: habitID)
            report.add("skips")
        }
        var seenPauses = Set<LocalDay>()
        for pause in details.pauses where seenPauses.insert(pause.from).inserted {
            try repository.insertPause(pause, habitID: habitID)
            report.add("pauses")
        }
        var seenAmounts = Set<LocalDay>()
        for amount in details.amounts where seenAmounts.insert(amount.day).inserted {
            try database.execute(
                "INSERT INTO habit_amounts (habit_id, day, total, updated_at) VALUES (?, ?, ?, ?)",
                [.text(habitID), .day(amount.day), .double(amount.total), .instant(amount.at)])
            report.add("amounts")
        }
        var seenNotes = Set<LocalDay>()
        for note in details.notes where seenNotes.insert(note.day).inserted {
            try database.execute(
                "INSERT INTO habit_notes (habit_id, day, body, updated_at) VALUES (?, ?, ?, ?)",
                [.text(habitID), .day(note.day), .text(note.text), .instant(note.at)])
            report.add("notes")
        }
    }
}
