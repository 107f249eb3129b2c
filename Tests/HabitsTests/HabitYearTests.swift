import Core
import Habits
import Testing

/// `habits.year`: every day of a year with its state, rest days told from missed ones.
@Suite struct HabitYearTests {
    /// Today is Saturday 2026-01-31 in New York; "2 times a week" from Monday 2026-01-05.
    @Test func daysOffInAKeptWeekAreRestAndInAShortWeekMissed() throws {
        let fixture = try HabitFixture(now: "2026-01-31T12:00:00-05:00", zone: "America/New_York")
        try fixture.call(
            "habits.create",
            ["name": "Gym", "start": "2026-01-05", "frequency": .table(Record([("times", 2), ("per", "week")]))])
        for day in ["2026-01-05", "2026-01-06", "2026-01-12", "2026-01-26"] { try fixture.complete("Gym", on: day) }
        try fixture.call("habits.skip", ["ref": "Gym", "on": "2026-01-20"])
        try fixture.call("habits.note", ["ref": "Gym", "text": "무릎", "on": "2026-01-20"])
        let year = try fixture.call("habits.year", ["ref": "Gym"])
        #expect(year["year"] == 2026)
        #expect(year["frequency"] == "2/week")
        let days = year["days"].items
        #expect(days.count == 365)
        func state(_ day: Int) -> Value { days[day - 1]["state"] }
        #expect(state(4) == "empty")  // before the start
        #expect(state(5) == "completed")
        #expect(state(7) == "rest")  // week 1 kept
        #expect(state(13) == "missed")  // week 2: one of two
        #expect(state(20) == "skipped")
        #expect(state(21) == "missed")  // week 3: none, one day skipped still asks for ceil(2 × 6 / 7) = 2
        #expect(state(27) == "rest")  // week 5 in progress
        #expect(state(31) == "pending")
        #expect(state(32) == "empty")  // the future
        let calendar = try fixture.call("habits.calendar", ["ref": "Gym"])["days"].items
        #expect(calendar[19]["note"] == "무릎")
        #expect(calendar[19]["state"] == "skipped")
        #expect(calendar[6]["state"] == "rest")
        #expect(calendar[12]["state"] == "missed")
        #expect(try fixture.call("habits.day", ["on": "2026-01-20"]).items.first?["note"] == "무릎")
    }

    @Test func aLeapYearHas366Days() throws {
        let fixture = try HabitFixture()
        try fixture.create("Run", start: "2026-01-01")
        #expect(try fixture.call("habits.year", ["ref": "Run", "year": 2028])["days"].items.count == 366)
        #expect(try fixture.error("habits.year", ["ref": "Run", "year": 0]).field == "year")
    }
}
