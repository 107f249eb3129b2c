import Core
import Habits
import Testing

/// `habits.today` and `habits.day` under frequencies: a day a habit is not due says
/// `not_due`, a day off in a period that met its frequency says `rest` (as `habits.year`
/// draws them), and neither is `pending` or `missed`.
@Suite struct HabitDayEntryFrequencyTests {
    /// Today is Saturday 2026-01-31 in New York.
    func fixture() throws -> HabitFixture {
        try HabitFixture(now: "2026-01-31T12:00:00-05:00", zone: "America/New_York")
    }

    func state(_ fixture: HabitFixture, _ name: String, on day: String? = nil) throws -> Value? {
        let entries =
            try day.map { try fixture.call("habits.day", ["on": .string($0)]) } ?? fixture.call("habits.today")
        return entries.items.first { $0["habit"]["name"] == .string(name) }?["state"]
    }

    @Test func aWeekdayHabitIsNotDueOnItsDaysOff() throws {
        let fixture = try fixture()
        try fixture.call(
            "habits.create",
            [
                "name": "Swim", "start": "2026-01-05",
                "frequency": .table(Record([("weekdays", .array(["mon", "wed", "fri"]))])),
            ])
        #expect(try state(fixture, "Swim") == "not_due")
        #expect(try state(fixture, "Swim", on: "2026-01-27") == "not_due")
        #expect(try state(fixture, "Swim", on: "2026-02-03") == "not_due")
        #expect(try state(fixture, "Swim", on: "2026-01-26") == "missed")
        #expect(try state(fixture, "Swim", on: "2026-02-02") == "future")
        try fixture.complete("Swim", on: "2026-01-30")
        #expect(try state(fixture, "Swim", on: "2026-01-30") == "completed")
    }

    @Test func anEveryTwoDaysHabitRestsOnceItsRunIsKept() throws {
        let fixture = try fixture()
        // Runs of two days from Friday 2026-01-30: Friday and Saturday share one.
        try fixture.call(
            "habits.create", ["name": "Kept", "start": "2026-01-28", "frequency": .table(Record([("every", 2)]))])
        try fixture.call(
            "habits.create", ["name": "Open", "start": "2026-01-30", "frequency": .table(Record([("every", 2)]))])
        try fixture.complete("Kept", on: "2026-01-30")
        #expect(try state(fixture, "Kept") == "rest")
        #expect(try state(fixture, "Open") == "pending")
        // The run of 28-29 January ended without a completion: both days are missed.
        #expect(try state(fixture, "Kept", on: "2026-01-29") == "missed")
        try fixture.complete("Kept", on: "2026-01-28")
        #expect(try state(fixture, "Kept", on: "2026-01-29") == "rest")
        #expect(try fixture.call("habits.stats", ["ref": "Kept"])["completion_rate"] == 1.0)
    }

    @Test func aThreeTimesAWeekHabitIsPendingUntilTheWeekIsKept() throws {
        let fixture = try fixture()
        try fixture.call(
            "habits.create",
            ["name": "Gym", "start": "2026-01-19", "frequency": .table(Record([("times", 3), ("per", "week")]))])
        for day in ["2026-01-19", "2026-01-21", "2026-01-26", "2026-01-27"] {
            try fixture.complete("Gym", on: day)
        }
        #expect(try state(fixture, "Gym") == "pending")
        // The week of 19 January ended with 2 of 3: its other days are missed.
        #expect(try state(fixture, "Gym", on: "2026-01-20") == "missed")
        // This week is in progress: a past day off is not missed yet.
        #expect(try state(fixture, "Gym", on: "2026-01-29") == "rest")
        try fixture.complete("Gym", on: "2026-01-30")
        #expect(try state(fixture, "Gym") == "rest")
        let year = try fixture.call("habits.year", ["ref": "Gym"])
        #expect(year["days"].items.first { $0["date"] == "2026-01-31" }?["state"] == "rest")
    }
}
