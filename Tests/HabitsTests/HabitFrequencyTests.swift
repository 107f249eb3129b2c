import Core
import Habits
import Testing
import Time

/// Frequencies: what a script may write, and statistics that count periods meeting them.
@Suite struct HabitFrequencyTests {
    @Test(arguments: [
        (Value.table(Record([("times", 3), ("per", "week")])), HabitFrequency.perWeek(times: 3)),
        (.table(Record([("times", 2), ("per", "month")])), .perMonth(times: 2)),
        (.table(Record([("times", 2), ("days", 3)])), .inDays(times: 2, days: 3)),
        (.table(Record([("every", 2)])), .inDays(times: 1, days: 2)),
        (.table(Record([("weekdays", .array(["mon", "wed", "fri"]))])), .weekdays([1, 3, 5])),
        ("daily", .daily),
    ])
    func validFrequenciesParse(_ value: Value, _ expected: HabitFrequency) throws {
        #expect(try HabitFrequency.parse(value) == expected)
    }

    @Test(arguments: [
        Value.table(Record([("times", 0), ("per", "week")])), .table(Record([("times", 8), ("per", "week")])),
        .table(Record([("times", 32), ("per", "month")])), .table(Record([("times", 4), ("days", 3)])),
        .table(Record([("every", 0)])), .table(Record([("weekdays", .array(["mon", "mon"]))])),
        .table(Record([("weekdays", .array(["monday"]))])), .table(Record([("times", 2), ("per", "fortnight")])),
        .table(Record([("times", 2)])), .table(Record([("often", 2)])), "weekly", .table(Record([("every", 400)])),
    ])
    func badFrequenciesAreRefusedAndWriteNothing(_ value: Value) throws {
        let fixture = try HabitFixture()
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.create", ["name": "Run", "frequency": value])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "frequency")
        #expect(try fixture.snapshot() == before)
        try fixture.create("Walk")
        #expect(
            try fixture.error("habits.set_frequency", ["ref": "Walk", "frequency": value]).code == "invalid_argument")
    }

    /// 3 times a week from Monday 2026-01-05; today is Saturday 2026-01-31 in New York.
    @Test func threeTimesAWeekCountsKeptWeeks() throws {
        let fixture = try HabitFixture(now: "2026-01-31T12:00:00-05:00", zone: "America/New_York")
        try fixture.call(
            "habits.create",
            ["name": "Gym", "start": "2026-01-05", "frequency": .table(Record([("times", 3), ("per", "week")]))])
        // Week 1 kept (3), week 2 kept (4), week 3 missed (2), week 4 in progress and kept (4 by Saturday).
        for day in [
            "2026-01-05", "2026-01-07", "2026-01-09", "2026-01-12", "2026-01-13", "2026-01-14", "2026-01-15",
            "2026-01-19", "2026-01-21", "2026-01-26", "2026-01-27", "2026-01-28", "2026-01-30",
        ] {
            try fixture.complete("Gym", on: day)
        }
        let stats = try fixture.call("habits.stats", ["ref": "Gym"])
        #expect(stats["streak"] == ["current": 1, "longest": 2])
        #expect(stats["streak_unit"] == "week")
        #expect(stats["total_completed_days"] == 13)
        // Due: 3 + 3 + 3 + max(ceil(3 × 6 / 7), 3) = 12; met: 3 + 3 + 2 + 3 = 11.
        #expect(stats["completion_rate"] == .double(11.0 / 12.0))
        #expect(stats["frequency"] == .table(Record([("times", 3), ("per", "week")])))
    }

    @Test func aNewFrequencyLeavesEarlierDaysAlone() throws {
        let fixture = try HabitFixture()
        try fixture.create("Run", start: "2026-01-01")
        for day in ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"] { try fixture.complete("Run", on: day) }
        let changes = try fixture.call(
            "habits.set_frequency", ["ref": "Run", "frequency": .table(Record([("every", 2)])), "from": "2026-01-05"])
        #expect(changes.items.map { $0["label"] } == ["every 2 days"])
        // Days 1–4 daily (kept), then 5–6 one run of 2 days in progress. The streak is told in
        // runs of 2 days counted from the 5th: days 1–2 and 3–4 are two of them.
        var stats = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(stats["streak"] == ["current": 2, "longest": 2])
        #expect(stats["streak_unit"] == "period")
        try fixture.complete("Run", on: "2026-01-06")
        stats = try fixture.call("habits.stats", ["ref": "Run", "as_of": "2026-01-04"])
        #expect(stats["streak"] == ["current": 4, "longest": 4])
        #expect(stats["streak_unit"] == "day")
        #expect(try fixture.call("habits.stats", ["ref": "Run"])["streak"] == ["current": 3, "longest": 3])
        #expect(
            try fixture.error("habits.set_frequency", ["ref": "Run", "frequency": "daily", "from": "2025-12-31"]).code
                == "habits.before_start")
    }

    @Test func weekdayHabitsAreDueOnTheirDaysOnly() throws {
        let fixture = try HabitFixture()  // Tuesday 2026-01-06
        try fixture.call(
            "habits.create",
            [
                "name": "Swim", "start": "2025-12-29",
                "frequency": .table(Record([("weekdays", .array(["mon", "wed", "fri"]))])),
            ])
        for day in ["2025-12-29", "2025-12-31", "2026-01-02", "2026-01-05"] { try fixture.complete("Swim", on: day) }
        let stats = try fixture.call("habits.stats", ["ref": "Swim"])
        #expect(stats["streak"] == ["current": 4, "longest": 4])
        #expect(stats["eligible_tracking_days"] == 4)
        #expect(stats["completion_rate"] == 1.0)
    }

    /// Daily for ten days, then 3 times a week from a Monday: the streak is told in weeks,
    /// the ten days as the two weeks they touch (it said 11, counting days and weeks alike),
    /// and the week in progress, short of 3, is not counted yet; X of Y is what the rate
    /// divides.
    @Test func aStreakAcrossAChangeOfFrequencyIsToldInTodaysUnit() throws {
        let fixture = try HabitFixture()  // Tuesday 2026-01-06
        try fixture.create("Read", start: "2025-12-19")
        var day = try #require(LocalDay(parsing: "2025-12-19"))
        for _ in 0..<10 {
            try fixture.complete("Read", on: day.description)
            day = day.next
        }
        try fixture.call(
            "habits.set_frequency",
            ["ref": "Read", "frequency": .table(Record([("times", 3), ("per", "week")])), "from": "2025-12-29"])
        for completed in ["2025-12-29", "2025-12-30", "2025-12-31", "2026-01-05"] {
            try fixture.complete("Read", on: completed)
        }
        let stats = try fixture.call("habits.stats", ["ref": "Read"])
        #expect(stats["streak_unit"] == "week")
        #expect(stats["streak"] == ["current": 3, "longest": 3])
        // Due: 10 days, 3 in the week of the 29th, ceil(3 × 2 / 7) = 1 so far this week; all met.
        #expect(stats["times_met"] == 14)
        #expect(stats["times_due"] == 14)
        #expect(stats["due_unit"] == "time")
        #expect(stats["completion_rate"] == 1.0)
        // The year grid tells the same weeks: the week of the 29th kept (its other days
        // rest), this week not yet (today pending).
        let year = try fixture.call("habits.year", ["ref": "Read"])["days"].items.prefix(6).map { $0["state"] }
        #expect(year == ["rest", "rest", "rest", "rest", "completed", "pending"])
    }

    /// Daily Monday to Wednesday, then 3 a week from Thursday with nothing more done: the
    /// three days' week counts in `longest` while the week is in progress (it counted only
    /// once the week had ended short), and a habit with nothing counted yet says its times
    /// due in its own unit.
    @Test func longestCountsARunBeforeItBreaks() throws {
        let fixture = try HabitFixture(now: "2026-01-12T12:00:00+09:00", zone: "Asia/Seoul")  // a Monday
        try fixture.create("Walk", start: "2026-01-05")
        for completed in ["2026-01-05", "2026-01-06", "2026-01-07"] { try fixture.complete("Walk", on: completed) }
        try fixture.call(
            "habits.set_frequency",
            ["ref": "Walk", "frequency": .table(Record([("times", 3), ("per", "week")])), "from": "2026-01-08"])
        let sunday = try fixture.call("habits.stats", ["ref": "Walk", "as_of": "2026-01-11"])
        let monday = try fixture.call("habits.stats", ["ref": "Walk"])
        #expect(sunday["streak"] == ["current": 0, "longest": 1])
        #expect(monday["streak"] == ["current": 0, "longest": 1])
        try fixture.call(
            "habits.create",
            ["name": "Gym", "start": "2026-01-05", "frequency": .table(Record([("times", 3), ("per", "week")]))])
        try fixture.call("habits.pause", ["ref": "Gym", "from": "2026-01-05", "to": "2026-01-31"])
        #expect(try fixture.call("habits.stats", ["ref": "Gym"])["due_unit"] == "time")
    }

    /// Once a week for three weeks, then daily: a kept week carries the streak as the days
    /// it holds, and the record's X of Y are the rate's own numbers (it printed "10 of 30
    /// days (83%)", completed and eligible days beside met ÷ due).
    @Test func onceAWeekThenDailyCountsInOneUnit() throws {
        let fixture = try HabitFixture()  // Tuesday 2026-01-06
        try fixture.call(
            "habits.create",
            ["name": "Call", "start": "2025-12-08", "frequency": .table(Record([("times", 1), ("per", "week")]))])
        for completed in ["2025-12-08", "2025-12-15", "2025-12-22"] { try fixture.complete("Call", on: completed) }
        try fixture.call("habits.set_frequency", ["ref": "Call", "frequency": "daily", "from": "2025-12-29"])
        var day = try #require(LocalDay(parsing: "2025-12-29"))
        for _ in 0..<7 {
            try fixture.complete("Call", on: day.description)
            day = day.next
        }
        let stats = try fixture.call("habits.stats", ["ref": "Call"])
        #expect(stats["streak_unit"] == "day")
        // Three kept weeks (21 days) and 7 kept days, broken on the 5th; today is not done yet.
        #expect(stats["streak"] == ["current": 0, "longest": 28])
        #expect(stats["times_met"] == 10)
        #expect(stats["times_due"] == 12)  // 3 weeks, 8 past days, and today
        #expect(stats["due_unit"] == "time")
        #expect(stats["completion_rate"] == .double(10.0 / 12.0))
    }

    /// A day a weekday habit does not name is `not_due` in the calendar as in the year (the
    /// calendar said `empty`, as for a day outside tracking), and a completion on such a
    /// day is drawn `completed` in both.
    @Test func theCalendarAndTheYearAgreeOnDaysNotDue() throws {
        let fixture = try HabitFixture()  // Tuesday 2026-01-06
        try fixture.call(
            "habits.create",
            [
                "name": "Swim", "start": "2026-01-01",
                "frequency": .table(Record([("weekdays", .array(["mon", "wed", "fri"]))])),
            ])
        try fixture.complete("Swim", on: "2026-01-02")
        try fixture.complete("Swim", on: "2026-01-03")  // a Saturday
        let calendar = try fixture.call("habits.calendar", ["ref": "Swim"])["days"].items.prefix(6).map {
            $0["state"]
        }
        let year = try fixture.call("habits.year", ["ref": "Swim"])["days"].items.prefix(6).map { $0["state"] }
        #expect(calendar == year)
        #expect(calendar == ["not_due", "completed", "completed", "not_due", "missed", "not_due"])
    }
}

/// The overview counts a habit's streak under its frequency and skips.
@Suite struct HabitOverviewFrequencyTests {
    @Test func theOverviewUsesTheFrequency() throws {
        let fixture = try HabitFixture(now: "2026-01-31T12:00:00-05:00", zone: "America/New_York")
        try fixture.call(
            "habits.create",
            ["name": "Gym", "start": "2026-01-05", "frequency": .table(Record([("times", 1), ("per", "week")]))])
        try fixture.create("Run", start: "2026-01-30")
        for day in ["2026-01-05", "2026-01-13", "2026-01-21", "2026-01-29"] { try fixture.complete("Gym", on: day) }
        try fixture.complete("Run", on: "2026-01-30")
        let overview = try fixture.call("habits.overview").items
        #expect(overview.map { $0["current_streak"] } == [4, 1])
        #expect(overview.map { $0["completion_rate"] } == [1.0, 0.5])
    }
}
