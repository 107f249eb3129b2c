import Core
import Habits
import Testing

/// Measurable habits (amounts added to a day's total, or set) and notes.
@Suite struct HabitAmountNoteTests {
    @Test func amountsAddUpToTheTarget() throws {
        let fixture = try HabitFixture()
        try fixture.call("habits.create", ["name": "Read", "unit": "pages", "target": 20])
        var day = try fixture.call("habits.complete", ["ref": "Read", "value": 12])
        #expect(day["total"] == 12.0)
        #expect(day["done"] == false)
        #expect(day["id"] == .null)
        day = try fixture.call("habits.complete", ["ref": "Read", "value": 8])
        #expect(day["total"] == 20.0)
        #expect(day["done"] == true)
        #expect(day["id"].stringValue != nil)
        #expect(try fixture.call("habits.stats", ["ref": "Read"])["total_completed_days"] == 1)
        day = try fixture.call("habits.complete", ["ref": "Read", "value": 5, "set": true])
        #expect(day["total"] == 5.0)
        #expect(day["done"] == false)
        #expect(try fixture.call("habits.stats", ["ref": "Read"])["total_completed_days"] == 0)
    }

    @Test func atMostIsDoneUnderTheTarget() throws {
        let fixture = try HabitFixture()
        try fixture.call("habits.create", ["name": "Coffee", "unit": "cups", "target": 2, "at_most": true])
        #expect(try fixture.call("habits.complete", ["ref": "Coffee", "value": 1])["done"] == true)
        #expect(try fixture.call("habits.complete", ["ref": "Coffee", "value": 2])["done"] == false)
    }

    static let badMeasures: [([String: Value], String)] = [
        (["name": "Read", "target": 20], "unit"), (["name": "Read", "unit": "pages"], "target"),
        (["name": "Read", "unit": "pages", "target": 0], "target"),
        (["name": "Read", "unit": "pages", "target": 2_000_000], "target"),
        (["name": "Read", "unit": .string(String(repeating: "쪽", count: 21)), "target": 1], "unit"),
        (["name": "Read", "at_most": true], "at_most"),
    ]

    @Test(arguments: badMeasures)
    func badMeasuresAreRefused(_ arguments: [String: Value], _ field: String) throws {
        let fixture = try HabitFixture()
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.create", arguments)
        #expect(error.code == "invalid_argument")
        #expect(error.field == field)
        #expect(try fixture.snapshot() == before)
    }

    @Test func aValueOnAYesNoHabitIsRefused() throws {
        let fixture = try HabitFixture()
        try fixture.create("Run")
        let error = try fixture.error("habits.complete", ["ref": "Run", "value": 3])
        #expect(error.field == "value")
        #expect(try fixture.error("habits.complete", ["ref": "Run", "value": -1]).field == "value")
    }

    @Test func notesAreKeptUpToAThousandCharacters() throws {
        let fixture = try HabitFixture()
        try fixture.create("Run", start: "2026-01-01")
        let text = String(repeating: "비", count: 1_000)
        #expect(
            try fixture.call("habits.note", ["ref": "Run", "text": .string(text), "on": "2026-01-02"]) == "2026-01-02")
        let error = try fixture.error("habits.note", ["ref": "Run", "text": .string(text + "!")])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "text")
        let notes = try fixture.call("habits.details", ["ref": "Run"])["notes"].items
        #expect(notes == [["date": "2026-01-02", "text": .string(text)]])
        try fixture.call("habits.note", ["ref": "Run", "text": "", "on": "2026-01-02"])
        #expect(try fixture.call("habits.details", ["ref": "Run"])["notes"].items.isEmpty)
        #expect(
            try fixture.error("habits.note", ["ref": "Run", "text": "x", "on": "2026-01-07"]).code
                == "habits.future_day")
    }
}

/// A measurable habit is completed by amounts; deleting a habit takes its details along.
@Suite struct HabitMeasurableCompletionTests {
    @Test func aBareCompletionOfAMeasurableHabitIsRefused() throws {
        let fixture = try HabitFixture()
        try fixture.call("habits.create", ["name": "Read", "unit": "쪽", "target": 20])
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.complete", ["ref": "Read"])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "value")
        #expect(error.message.contains("{value = 20}"))
        #expect(try fixture.snapshot() == before)
    }

    @Test func deletingAHabitDeletesItsDetails() throws {
        let fixture = try HabitFixture()
        try fixture.call(
            "habits.create",
            [
                "name": "Read", "start": "2026-01-01", "unit": "pages", "target": 20,
                "frequency": .table(Record([("times", 3), ("per", "week")])),
            ])
        try fixture.call("habits.complete", ["ref": "Read", "value": 25, "on": "2026-01-02"])
        try fixture.call("habits.skip", ["ref": "Read", "on": "2026-01-03"])
        try fixture.call("habits.pause", ["ref": "Read", "from": "2026-01-10", "to": "2026-01-12"])
        try fixture.call("habits.note", ["ref": "Read", "text": "good", "on": "2026-01-04"])
        try fixture.call("habits.delete", ["ref": "Read"])
        for table in [
            "habit_frequencies", "habit_measures", "habit_skips", "habit_pauses", "habit_amounts", "habit_notes",
        ] {
            #expect(try fixture.count(table) == 0, "\(table)")
        }
    }
}
