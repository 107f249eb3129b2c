import Core
import Habits
import Testing

/// Skips and pauses: neither eligible nor missed, and never a broken streak.
@Suite struct HabitSkipPauseTests {
    @Test func aSkippedDayKeepsTheStreak() throws {
        let fixture = try HabitFixture()  // 2026-01-06
        try fixture.create("Run", start: "2026-01-01")
        for day in ["2026-01-01", "2026-01-02", "2026-01-04", "2026-01-05"] { try fixture.complete("Run", on: day) }
        #expect(try fixture.call("habits.stats", ["ref": "Run"])["streak"] == ["current": 2, "longest": 2])
        #expect(try fixture.call("habits.skip", ["ref": "Run", "on": "2026-01-03"]) == "2026-01-03")
        let stats = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(stats["streak"] == ["current": 4, "longest": 4])
        #expect(stats["eligible_tracking_days"] == 5)
        #expect(try fixture.error("habits.skip", ["ref": "Run", "on": "2026-01-03"]).code == "habits.already_skipped")
        #expect(
            try fixture.error("habits.skip", ["ref": "Run", "on": "2026-01-02"]).code == "habits.already_completed")
        try fixture.call("habits.unskip", ["ref": "Run", "on": "2026-01-03"])
        #expect(try fixture.call("habits.stats", ["ref": "Run"])["streak"] == ["current": 2, "longest": 2])
        #expect(try fixture.error("habits.unskip", ["ref": "Run", "on": "2026-01-03"]).code == "habits.not_skipped")
    }

    @Test func aPausedWeekIsNeitherEligibleNorMissed() throws {
        let fixture = try HabitFixture(now: "2026-01-31T12:00:00-05:00", zone: "America/New_York")
        try fixture.call(
            "habits.create",
            ["name": "Gym", "start": "2026-01-05", "frequency": .table(Record([("times", 3), ("per", "week")]))])
        for day in ["2026-01-05", "2026-01-07", "2026-01-09", "2026-01-26", "2026-01-28", "2026-01-30"] {
            try fixture.complete("Gym", on: day)
        }
        #expect(try fixture.call("habits.stats", ["ref": "Gym"])["streak"] == ["current": 1, "longest": 1])
        let pause = try fixture.call("habits.pause", ["ref": "Gym", "from": "2026-01-12", "to": "2026-01-25"])
        #expect(pause == ["from": "2026-01-12", "to": "2026-01-25"])
        let stats = try fixture.call("habits.stats", ["ref": "Gym"])
        #expect(stats["streak"] == ["current": 2, "longest": 2])
        #expect(
            try fixture.error("habits.pause", ["ref": "Gym", "from": "2026-01-20", "to": "2026-01-27"]).code
                == "habits.overlapping_pause")
        #expect(
            try fixture.error("habits.pause", ["ref": "Gym", "from": "2026-01-20", "to": "2026-01-19"]).code
                == "invalid_argument")
        try fixture.call("habits.unpause", ["ref": "Gym", "from": "2026-01-12"])
        #expect(try fixture.call("habits.stats", ["ref": "Gym"])["streak"] == ["current": 1, "longest": 1])
        #expect(try fixture.error("habits.unpause", ["ref": "Gym", "from": "2026-01-12"]).code == "habits.not_paused")
    }
}

/// The month calendar marks skipped, paused and partial days.
@Suite struct HabitCalendarMarkTests {
    @Test func calendarMarksSkippedPausedAndPartialDays() throws {
        let fixture = try HabitFixture()  // 2026-01-06
        try fixture.call("habits.create", ["name": "Read", "start": "2026-01-01", "unit": "pages", "target": 20])
        try fixture.call("habits.skip", ["ref": "Read", "on": "2026-01-02"])
        try fixture.call("habits.pause", ["ref": "Read", "from": "2026-01-03", "to": "2026-01-04"])
        try fixture.call("habits.complete", ["ref": "Read", "value": 5, "on": "2026-01-05"])
        try fixture.call("habits.complete", ["ref": "Read", "value": 25, "on": "2026-01-01"])
        let days = try fixture.call("habits.calendar", ["ref": "Read", "year": 2026, "month": 1])["days"].items
        #expect(
            days.prefix(6).map { $0["state"] } == ["completed", "skipped", "paused", "paused", "partial", "pending"])
    }
}

/// The day entries say skipped and paused, and carry the day's note.
@Suite struct HabitDayEntryMarkTests {
    @Test func dayEntriesMarkSkippedAndPausedHabits() throws {
        let fixture = try HabitFixture()  // 2026-01-06
        try fixture.create("Run", start: "2026-01-01")
        try fixture.create("Swim", start: "2026-01-01")
        try fixture.create("Read", start: "2026-01-01")
        try fixture.call("habits.skip", ["ref": "Run", "on": "2026-01-05"])
        try fixture.call("habits.pause", ["ref": "Swim", "from": "2026-01-04", "to": "2026-01-08"])
        try fixture.call("habits.note", ["ref": "Read", "text": "책 🙂", "on": "2026-01-05"])
        let entries = try fixture.call("habits.day", ["on": "2026-01-05"]).items
        #expect(entries.map { $0["state"] } == ["skipped", "paused", "missed"])
        #expect(entries.map { $0["note"] } == [.null, .null, "책 🙂"])
        #expect(try fixture.call("habits.today").items.map { $0["state"] } == ["pending", "paused", "pending"])
    }
}
