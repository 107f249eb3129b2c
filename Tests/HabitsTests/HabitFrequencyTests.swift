import Core
import Habits
import Testing

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
        // Days 1–4 daily (kept), then 5–6 one run of 2 days in progress: streak 4 days' worth + nothing yet.
        var stats = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(stats["streak"] == ["current": 4, "longest": 4])
        #expect(stats["streak_unit"] == "period")
        try fixture.complete("Run", on: "2026-01-06")
        stats = try fixture.call("habits.stats", ["ref": "Run", "as_of": "2026-01-04"])
        #expect(stats["streak"] == ["current": 4, "longest": 4])
        #expect(stats["streak_unit"] == "day")
        #expect(try fixture.call("habits.stats", ["ref": "Run"])["streak"] == ["current": 5, "longest": 5])
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
