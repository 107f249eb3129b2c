import Core
import Formats
import Storage
import Time

/// Writes habits read from another tracker's file into the acting user's habits, inside the
/// import's transaction, and says in the report what it added, skipped and could not keep.
///
/// - **Ids**: a habit's id is made from the format, the user and its name with its place
///   among the file's habits of that name, so importing the same file (or a longer copy of
///   it) again finds the habits it made and adds only days they lack: nothing, the second
///   time. A habit renamed in the other app since is a new habit.
/// - **Names**: two habits of one name (Loop allows it), or a name an active habit of the
///   user has, get ` (2)`, ` (3)` ..., and the result says so. A name is cut to 100
///   characters; an empty one becomes `Untitled`.
/// - **Days**: the habit starts on its first day with anything recorded (today when none);
///   an archived habit is archived after its last. Days after today are left out and
///   counted.
struct ForeignHabitWriter {
    /// The most habits one file may hold: 10,000.
    static let maximumHabits = 10_000
    /// The most days one habit may have marks or notes on: 100,000.
    static let maximumDays = 100_000

    let database: any Database
    let format: String

    func write(_ habits: [ForeignHabit], for user: User, clock: any Clock, report: inout ImportReport) throws {
        guard habits.count <= Self.maximumHabits else {
            throw AppError.invalidArgument("the file holds over \(Self.maximumHabits) habits", field: "path")
        }
        let repository = SQLHabitRepository(database: database)
        let details = SQLHabitDetailsRepository(database: database)
        let completions = SQLCompletionRepository(database: database)
        let now = clock.now()
        let today = clock.today()
        var occurrences: [String: Int] = [:]
        var takenNames = Set(
            try repository.habits(ownedBy: user.id).filter { !$0.isArchived }.map(\.name.foldedForMatching))
        var derived = 0
        for foreign in habits {
            guard foreign.days.count <= Self.maximumDays else {
                throw AppError.invalidArgument(
                    "\(foreign.label) has over \(Self.maximumDays) days", field: "path")
            }
            let occurrence = (occurrences[foreign.name, default: 0]) + 1
            occurrences[foreign.name] = occurrence
            let id = Self.identifier(format: format, userID: user.id, name: foreign.name, occurrence: occurrence)
            let future = foreign.days.filter { $0 > today }
            if !future.isEmpty {
                report.cannotRepresent("\(foreign.label): \(future.count) days after today (\(today)) left out")
            }
            let days = foreign.days.filter { $0 <= today }
            derived += foreign.marks.values.filter { $0 == .derived }.count
            var habit: Habit
            if let existing = try repository.habit(id: id, ownedBy: user.id) {
                habit = existing
                report.skip("habits")
                try reportMerge(foreign, into: existing, today: today, report: &report)
            } else {
                let start = days.first ?? today
                let name = try uniqueName(foreign, taken: &takenNames, archived: foreign.archived, report: &report)
                var periods: [TrackingPeriod] = []
                if foreign.archived {
                    if let period = TrackingPeriod(start: start, end: days.last ?? start) { periods = [period] }
                } else if let period = TrackingPeriod(start: start) {
                    periods = [period]
                }
                habit = try Habit(
                    id: id, ownerID: user.id, name: name, startDay: start, trackingPeriods: periods, createdAt: now,
                    updatedAt: now)
                try repository.insert(habit)
                report.add("habits")
                if foreign.frequency != .daily {
                    try details.insertFrequency(
                        FrequencyChange(start: start, frequency: foreign.frequency), habitID: id)
                }
                if let measure = try checkedMeasure(foreign, report: &report) {
                    try details.insertMeasure(measure, habitID: id)
                }
                for phrase in foreign.unrepresentable {
                    report.cannotRepresent("\(foreign.label) (\(name)): \(phrase)")
                }
            }
            if let time = foreign.reminder {
                try writeReminder(time, of: habit, label: foreign.label, for: user, at: now, report: &report)
            }
            let current = try details.details(habitID: habit.id)
            // Read once per habit: one query per day would make a long history slow.
            let doneDays = Set(try completions.completedDays(habitID: habit.id))
            var early = 0
            for day in days {
                guard day >= habit.startDay, habit.isTracked(on: day) else {
                    early += 1
                    continue
                }
                let done = doneDays.contains(day)
                switch foreign.marks[day] ?? .none {
                case .done:
                    if done {
                        report.skip("completions")
                    } else if current.skips.contains(day) {
                        report.cannotRepresent("\(foreign.label): \(day) is skipped here and done there; kept skipped")
                    } else {
                        try completions.insert(
                            Completion(id: Identifier.random(), habitID: habit.id, completedOn: day, recordedAt: now))
                        report.add("completions")
                    }
                case .skipped:
                    if current.skips.contains(day) {
                        report.skip("skips")
                    } else if !done {
                        try details.insertSkip(day, habitID: habit.id)
                        report.add("skips")
                    }
                case .amount(let total):
                    if !total.isFinite || total < 0 || total > HabitMeasure.maximumAmount {
                        report.cannotRepresent(
                            "\(foreign.label): the amount \(total) of \(day) is not 0 to 1000000; left out")
                    } else if current.amounts[day] != nil {
                        report.skip("amounts")
                    } else if let measure = current.measure {
                        try details.setAmount(total, on: day, habitID: habit.id, at: now)
                        report.add("amounts")
                        if measure.isMet(by: total), !done {
                            try completions.insert(
                                Completion(
                                    id: Identifier.random(), habitID: habit.id, completedOn: day, recordedAt: now))
                            report.add("completions")
                        }
                    } else if total > 0, !done {
                        try completions.insert(
                            Completion(id: Identifier.random(), habitID: habit.id, completedOn: day, recordedAt: now))
                        report.add("completions")
                    }
                case .derived, .none:
                    break
                }
                if let note = foreign.notes[day] {
                    if current.notes[day] != nil {
                        report.skip("notes")
                    } else if note.count > WriteNote.maximumLength {
                        report.cannotRepresent(
                            "\(foreign.label): the note of \(day) is over \(WriteNote.maximumLength) characters; left out"
                        )
                    } else if !note.trimmingWhitespace.isEmpty {
                        try details.setNote(note, on: day, habitID: habit.id, at: now)
                        report.add("notes")
                    }
                }
            }
            if early > 0 {
                report.cannotRepresent("\(foreign.label): \(early) days outside the habit's tracked days left out")
            }
        }
        if derived > 0 {
            report.cannotRepresent(
                "\(derived) days Loop marked YES_AUTO (reckoned from the frequency, not done): not completions")
        }
    }

    /// Says that `foreign` was merged into `habit` (the habit an earlier import of the same
    /// name made), and which of its settings differ from the habit's: the frequency and the
    /// measure are kept as they are here, a reminder at another time is added beside the
    /// habit's own.
    private func reportMerge(_ foreign: ForeignHabit, into habit: Habit, today: LocalDay, report: inout ImportReport)
        throws
    {
        let label = "\(foreign.label) (\(foreign.name))"
        report.merge(
            "\(label): merged into your habit \(habit.name), of the same name (ids are made from names): "
                + "only the days it lacks are added")
        let current = try SQLHabitDetailsRepository(database: database).details(habitID: habit.id)
        let own = current.frequency(on: today)
        if own != foreign.frequency {
            report.merge(
                "\(label): its frequency there is \(foreign.frequency.label), here \(own.label): kept \(own.label)")
        }
        let incoming = foreign.measure.map { Self.describe(unit: $0.unit, target: $0.target, atMost: $0.atMost) }
        let kept = current.measure.map { Self.describe(unit: $0.unit, target: $0.target, atMost: $0.atMost) }
        if incoming != kept {
            report.merge(
                "\(label): its measure there is \(incoming ?? "none (yes/no)"), here \(kept ?? "none (yes/no)"): "
                    + "kept \(kept ?? "yes/no")")
        }
        if let time = foreign.reminder {
            let times = try SQLReminderRepository(database: database).reminders(habitID: habit.id).map(\.time)
            if !times.contains(time) {
                let here = times.isEmpty ? "none" : times.map(\.description).joined(separator: ", ")
                report.merge("\(label): its reminder there is at \(time), here \(here): added beside them")
            }
        }
    }

    /// A measure in words: "at most 2 cups".
    private static func describe(unit: String, target: Double, atMost: Bool) -> String {
        "\(atMost ? "at most" : "at least") \(HabitMeasure.text(target)) \(unit.trimmingWhitespace)"
    }

    /// A stable id for the `occurrence`-th habit named `name` in a file of `format`, for `userID`.
    /// Adds the other tracker's reminder unless the habit has one at that time already.
    private func writeReminder(
        _ time: DailyTime, of habit: Habit, label: String, for user: User, at now: Instant,
        report: inout ImportReport
    ) throws {
        let reminders = SQLReminderRepository(database: database)
        let own = try reminders.reminders(habitID: habit.id)
        if own.contains(where: { $0.time == time }) {
            report.skip("reminders")
        } else if try own.count >= Reminder.maximumPerHabit
            || reminders.reminders(ownedBy: user.id).count >= Reminder.maximumPerUser
        {
            report.cannotRepresent(
                "\(label): its reminder at \(time) is over the limit of \(Reminder.maximumPerHabit) a habit, \(Reminder.maximumPerUser) in all; left out"
            )
        } else {
            try reminders.insert(Reminder(habitID: habit.id, time: time, createdAt: now))
            report.add("reminders")
        }
    }

    static func identifier(format: String, userID: String, name: String, occurrence: Int) -> String {
        let digest = SHA256.digest(Array("\(format)\u{0}\(userID)\u{0}\(name)\u{0}\(occurrence)".utf8))
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4),
            hex.dropFirst(20),
        ]
        return parts.joined(separator: "-")
    }

    /// The name the habit gets: its own, cut to 100 characters, or with ` (2)` ... when an
    /// active habit has it.
    private func uniqueName(
        _ foreign: ForeignHabit, taken: inout Set<String>, archived: Bool, report: inout ImportReport
    ) throws -> String {
        var base = foreign.name.trimmingWhitespace
        if base.isEmpty {
            base = "Untitled"
            report.cannotRepresent("\(foreign.label): it has no name; named Untitled")
        }
        if base.count > Habit.maximumNameLength {
            base = String(base.prefix(Habit.maximumNameLength - 5)).trimmingWhitespace
            report.cannotRepresent(
                "\(foreign.label): its name is over \(Habit.maximumNameLength) characters; cut to \(base)")
        }
        var name = try Habit.checkedName(base)
        if !archived {
            var number = 1
            while taken.contains(name.foldedForMatching) {
                number += 1
                name = "\(base) (\(number))"
            }
            if number > 1 {
                report.cannotRepresent("\(foreign.label) (\(base)): another habit has that name; named \(name)")
            }
            taken.insert(name.foldedForMatching)
        }
        return name
    }

    /// The measure of a measurable habit, with a unit and target AppShell accepts: an empty
    /// unit becomes `units`, a target out of range is reported and the habit kept yes/no.
    private func checkedMeasure(_ foreign: ForeignHabit, report: inout ImportReport) throws -> HabitMeasure? {
        guard let measure = foreign.measure else { return nil }
        var unit = measure.unit.trimmingWhitespace
        if unit.isEmpty {
            unit = "units"
            report.cannotRepresent("\(foreign.label): it has no unit; the unit is \"units\"")
        }
        if unit.count > HabitMeasure.maximumUnitLength {
            unit = String(unit.prefix(HabitMeasure.maximumUnitLength))
            report.cannotRepresent("\(foreign.label): its unit is over 20 characters; cut to \(unit)")
        }
        guard measure.target.isFinite, measure.target > 0, measure.target <= HabitMeasure.maximumAmount else {
            report.cannotRepresent(
                "\(foreign.label): its target \(measure.target) is not above 0 and at most 1000000; kept as a yes/no habit, a day with more than 0 done"
            )
            return nil
        }
        return HabitMeasure(unit: unit, target: measure.target, atMost: measure.atMost)
    }
}
