import AppTestSupport
import Core
import Habits
import Testing

/// Days are calendar days in the clock's zone: daylight-saving changes, leap days, year
/// ends, local midnight, and today east and west of UTC (docs/domain.md §1.1; docs/lua-api.md).
@Suite struct HabitDateTests {
    // MARK: Daylight saving (America/New_York springs forward on 2026-03-08 at 02:00 EST)

    @Test func instantBeforeTheSpringChangeIsStillThatMorningInEasternStandardTime() throws {
        let fixture = try HabitFixture(now: "2026-03-08T06:30:00Z", zone: "America/New_York")
        #expect(fixture.clock.today() == (try TestTime.day("2026-03-08")))
        try fixture.call("habits.create", ["name": "Run", "start": "2026-03-01"])
        let completion = try fixture.call("habits.complete", ["ref": "Run"])
        #expect(completion["completed_on"] == "2026-03-08")
        #expect(completion["recorded_at"] == "2026-03-08T01:30:00-05:00")
    }

    @Test func completionsAcrossTheSpringChangeCountAsThreeConsecutiveDays() throws {
        let fixture = try HabitFixture(now: "2026-03-08T06:30:00Z", zone: "America/New_York")
        try fixture.call("habits.create", ["name": "Run", "start": "2026-03-01"])
        try fixture.call("habits.complete", ["ref": "Run", "on": "2026-03-07"])
        try fixture.call("habits.complete", ["ref": "Run"])
        try fixture.setNow("2026-03-09T12:00:00Z")
        let ninth = try fixture.call("habits.complete", ["ref": "Run"])
        #expect(ninth["completed_on"] == "2026-03-09")
        #expect(ninth["recorded_at"] == "2026-03-09T08:00:00-04:00")
        let statistics = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(statistics["total_completed_days"] == 3)
        #expect(statistics["eligible_tracking_days"] == 9)
        #expect(statistics["streak"] == ["current": 3, "longest": 3])
    }

    static let eligibleDaysAcrossChanges: [(String, String, Int)] = [
        ("2026-03-01", "2026-03-31", 31),  // spring forward on 03-08
        ("2026-10-25", "2026-11-07", 14),  // fall back on 11-01
        ("2026-01-01", "2026-12-31", 365),  // both
    ]

    @Test(arguments: eligibleDaysAcrossChanges)
    func dayCountsAcrossADaylightSavingChangeAreCalendarDays(start: String, asOf: String, eligible: Int) throws {
        let fixture = try HabitFixture(now: "2027-01-15T12:00:00Z", zone: "America/New_York")
        try fixture.call("habits.create", ["name": "Run", "start": .string(start)])
        let statistics = try fixture.call("habits.stats", ["ref": "Run", "as_of": .string(asOf)])
        #expect(statistics["eligible_tracking_days"] == .int(eligible))
    }

    /// Instants around local midnight in New York, before and after the change, and the day
    /// a completion without `on` is recorded on.
    static let newYorkMidnights: [(String, String)] = [
        ("2026-03-08T04:59:59Z", "2026-03-07"),  // 23:59:59 EST
        ("2026-03-08T05:00:00Z", "2026-03-08"),  // 00:00 EST
        ("2026-03-08T06:59:59Z", "2026-03-08"),  // 01:59:59 EST, the last second before the change
        ("2026-03-08T07:00:00Z", "2026-03-08"),  // 03:00 EDT
        ("2026-03-09T03:59:59Z", "2026-03-08"),  // 23:59:59 EDT
        ("2026-03-09T04:00:00Z", "2026-03-09"),  // 00:00 EDT
        ("2026-11-01T05:30:00Z", "2026-11-01"),  // 01:30 EDT, before falling back
        ("2026-11-01T06:30:00Z", "2026-11-01"),  // 01:30 EST, after
        ("2026-11-02T04:59:59Z", "2026-11-01"),  // 23:59:59 EST
    ]

    @Test(arguments: newYorkMidnights)
    func completionWithoutADayRecordsTheLocalDayInNewYork(now: String, expected: String) throws {
        let fixture = try HabitFixture(now: now, zone: "America/New_York")
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        let completion = try fixture.call("habits.complete", ["ref": "Run"])
        #expect(completion["completed_on"] == .string(expected))
        #expect(try fixture.call("habits.today").items.first?["state"] == "completed")
    }

    // MARK: Leap day and year end

    @Test func streakThroughTheLeapDayIsThreeDays() throws {
        let fixture = try HabitFixture(now: "2028-03-01T09:00:00+09:00")
        try fixture.call("habits.create", ["name": "Run", "start": "2028-02-28"])
        for day in ["2028-02-28", "2028-02-29"] {
            try fixture.call("habits.complete", ["ref": "Run", "on": .string(day)])
        }
        let first = try fixture.call("habits.complete", ["ref": "Run"])
        #expect(first["completed_on"] == "2028-03-01")
        let statistics = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(statistics["eligible_tracking_days"] == 3)
        #expect(statistics["streak"] == ["current": 3, "longest": 3])
        let february = try fixture.call("habits.calendar", ["ref": "Run", "month": 2])
        #expect(february["days"].items.count == 29)
        #expect(february["days"].items.last?["state"] == "completed")
        #expect(february["can_move_to_next_month"] == true)
    }

    @Test func streakAcrossTheYearEndIsThreeDays() throws {
        let fixture = try HabitFixture(now: "2026-01-02T09:00:00+09:00")
        try fixture.call("habits.create", ["name": "Run", "start": "2025-12-31"])
        for day in ["2025-12-31", "2026-01-01", "2026-01-02"] {
            try fixture.call("habits.complete", ["ref": "Run", "on": .string(day)])
        }
        let statistics = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(statistics["eligible_tracking_days"] == 3)
        #expect(statistics["completion_rate"] == 1.0)
        #expect(statistics["streak"] == ["current": 3, "longest": 3])
        let december = try fixture.call("habits.calendar", ["ref": "Run", "year": 2025, "month": 12])
        #expect(december["can_move_to_next_month"] == true)
        #expect(december["days"].items.last?["state"] == "completed")
    }

    @Test func newYearsEveAtMidnightInSeoulTurnsTheYear() throws {
        let fixture = try HabitFixture(now: "2025-12-31T14:59:59Z")
        try fixture.call("habits.create", ["name": "Run", "start": "2025-12-01"])
        #expect(try fixture.call("habits.complete", ["ref": "Run"])["completed_on"] == "2025-12-31")
        try fixture.setNow("2025-12-31T15:00:00Z")
        #expect(try fixture.call("habits.complete", ["ref": "Run"])["completed_on"] == "2026-01-01")
        let error = try fixture.error("habits.complete", ["ref": "Run", "on": "2026-01-02"])
        #expect(error.code == "habits.future_day")
    }

    // MARK: East and west of UTC

    static let zonesAtOneInstant: [(String, String, String)] = [
        ("Asia/Seoul", "2026-11-29", "2026-11-29T08:30:00+09:00"),
        ("America/Los_Angeles", "2026-11-28", "2026-11-28T15:30:00-08:00"),
        ("UTC", "2026-11-28", "2026-11-28T23:30:00Z"),
    ]

    @Test(arguments: zonesAtOneInstant)
    func completingTodayRecordsTheLocalDayOfTheClockZone(zone: String, today: String, recordedAt: String) throws {
        let fixture = try HabitFixture(now: "2026-11-28T23:30:00Z", zone: zone)
        try fixture.call("habits.create", ["name": "Run", "start": "2026-11-01"])
        let completion = try fixture.call("habits.complete", ["ref": "Run"])
        #expect(completion["completed_on"] == .string(today))
        #expect(completion["recorded_at"] == .string(recordedAt))
        let calendar = try fixture.call("habits.calendar", ["ref": "Run"])
        #expect(calendar["days"].items.filter { $0["is_today"] == true }.map { $0["date"] } == [.string(today)])
    }

    @Test func theTwentyNinthIsTodayInSeoulButTheFutureInLosAngeles() throws {
        let seoul = try HabitFixture(now: "2026-11-28T23:30:00Z", zone: "Asia/Seoul")
        try seoul.call("habits.create", ["name": "Run", "start": "2026-11-01"])
        #expect(try seoul.call("habits.complete", ["ref": "Run", "on": "2026-11-29"])["completed_on"] == "2026-11-29")

        let losAngeles = try HabitFixture(now: "2026-11-28T23:30:00Z", zone: "America/Los_Angeles")
        try losAngeles.call("habits.create", ["name": "Run", "start": "2026-11-01"])
        let error = try losAngeles.error("habits.complete", ["ref": "Run", "on": "2026-11-29"])
        #expect(error.code == "habits.future_day")
        #expect(error.field == "on")
        #expect(try losAngeles.count("habit_completions") == 0)
        #expect(try losAngeles.call("habits.day", ["on": "2026-11-29"]).items.first?["state"] == "future")
    }

    @Test func createWithoutAStartUsesTheLocalDayOfTheZone() throws {
        let seoul = try HabitFixture(now: "2026-11-28T23:30:00Z", zone: "Asia/Seoul")
        #expect(try seoul.call("habits.create", ["name": "Run"])["start_day"] == "2026-11-29")
        let losAngeles = try HabitFixture(now: "2026-11-28T23:30:00Z", zone: "America/Los_Angeles")
        #expect(try losAngeles.call("habits.create", ["name": "Run"])["start_day"] == "2026-11-28")
    }

    @Test func archiveUsesTheLocalDayOfTheZone() throws {
        let losAngeles = try HabitFixture(now: "2026-11-28T23:30:00Z", zone: "America/Los_Angeles")
        try losAngeles.call("habits.create", ["name": "Run", "start": "2026-11-01"])
        let archived = try losAngeles.call("habits.archive", ["ref": "Run"])
        #expect(archived["tracking_periods"] == [["start": "2026-11-01", "end": "2026-11-27"]])
    }
}
