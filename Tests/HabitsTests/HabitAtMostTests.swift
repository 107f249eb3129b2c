import Core
import Habits
import Testing

/// A habit with a limit (`at_most`) is judged by Loop's rule everywhere: a day with nothing
/// recorded kept the limit (done), a day over it is `over_limit`. Today is Tuesday 2026-01-06.
@Suite struct HabitAtMostTests {
    /// "At most 2 cups" from 2026-01-01: 1 cup on the 2nd, 3 on the 4th, nothing otherwise.
    func coffee() throws -> HabitFixture {
        let fixture = try HabitFixture()
        try fixture.call(
            "habits.create", ["name": "Coffee", "unit": "cups", "target": 2, "at_most": true, "start": "2026-01-01"])
        try fixture.call("habits.complete", ["ref": "Coffee", "value": 1, "on": "2026-01-02"])
        try fixture.call("habits.complete", ["ref": "Coffee", "value": 3, "on": "2026-01-04"])
        return fixture
    }

    @Test func anEmptyDayIsMetInTheStatisticsAsInTheScore() throws {
        let fixture = try HabitFixture()
        try fixture.call(
            "habits.create", ["name": "Coffee", "unit": "cups", "target": 2, "at_most": true, "start": "2026-01-01"])
        let statistics = try fixture.call("habits.stats", ["ref": "Coffee"])
        // Six days with nothing recorded: the score says every one kept the limit...
        #expect(statistics["score"].doubleValue == 1)
        // ...and so do the statistics.
        #expect(statistics["total_completed_days"] == 6)
        #expect(statistics["completion_rate"].doubleValue == 1)
        #expect(statistics["streak"]["current"] == 6)
    }

    @Test func statisticsCountEmptyDaysAndNotTheDayOverTheLimit() throws {
        let fixture = try coffee()
        let statistics = try fixture.call("habits.stats", ["ref": "Coffee"])
        #expect(statistics["total_completed_days"] == 5)
        #expect(statistics["eligible_tracking_days"] == 6)
        #expect(statistics["streak"]["current"] == 2)
        #expect(statistics["streak"]["longest"] == 3)
        let score = try #require(statistics["score"].doubleValue)
        #expect(score > 0.9 && score < 1)
        let scores = try fixture.call("habits.scores", ["ref": "Coffee"]).items.map { $0["score"].doubleValue ?? -1 }
        // The score keeps 1 through the kept days and drops on the day over the limit only.
        #expect(scores.prefix(3) == [1, 1, 1])
        #expect(scores[3] < scores[2])
        #expect(scores[4] > scores[3])
    }

    @Test func theCalendarTheYearAndTheDayDrawTheSameDays() throws {
        let fixture = try coffee()
        let calendar = try fixture.call("habits.calendar", ["ref": "Coffee"])["days"].items.prefix(7).map {
            $0["state"]
        }
        #expect(
            calendar == ["completed", "completed", "completed", "over_limit", "completed", "completed", "empty"])
        let year = try fixture.call("habits.year", ["ref": "Coffee"])["days"].items.prefix(7).map { $0["state"] }
        #expect(year == ["completed", "completed", "completed", "over_limit", "completed", "completed", "empty"])
        #expect(try fixture.call("habits.day", ["on": "2026-01-03"]).items.first?["state"] == "completed")
        #expect(try fixture.call("habits.day", ["on": "2026-01-04"]).items.first?["state"] == "over_limit")
        #expect(try fixture.call("habits.today").items.first?["state"] == "completed")
    }

    /// `habits.uncomplete` on a measurable habit clears the day: its amount goes with its
    /// completion. Before, the amount stayed, and an at-most day within its limit was then
    /// `partial` in the calendar and the year, `missed` in the day, not done in the
    /// statistics, and met in the score; an at-least day over its target was `partial` too.
    @Test func uncompletingClearsTheDaysAmount() throws {
        let fixture = try coffee()
        try fixture.call("habits.uncomplete", ["ref": "Coffee", "on": "2026-01-02"])
        let day = try fixture.call("habits.day", ["on": "2026-01-02"]).items.first
        #expect(day?["state"] == "completed")  // nothing recorded: the limit is kept
        #expect(day?["amount"] == .null)
        let calendar = try fixture.call("habits.calendar", ["ref": "Coffee"])["days"].items
        let year = try fixture.call("habits.year", ["ref": "Coffee"])["days"].items
        #expect(calendar[1]["state"] == "completed")
        #expect(year[1]["state"] == "completed")
        #expect(try fixture.call("habits.stats", ["ref": "Coffee"])["total_completed_days"] == 5)
        try fixture.call(
            "habits.create", ["name": "Water", "unit": "cups", "target": 8, "start": "2026-01-01"])
        try fixture.call("habits.complete", ["ref": "Water", "value": 9, "on": "2026-01-03"])
        try fixture.call("habits.uncomplete", ["ref": "Water", "on": "2026-01-03"])
        let water = try fixture.call("habits.calendar", ["ref": "Water"])["days"].items
        #expect(water[2]["state"] == "missed")
        #expect(try fixture.call("habits.stats", ["ref": "Water"])["total_completed_days"] == 0)
    }

    @Test func aDayOverTheLimitTodayIsOverTheLimitNotPending() throws {
        let fixture = try coffee()
        try fixture.call("habits.complete", ["ref": "Coffee", "value": 5])
        #expect(try fixture.call("habits.today").items.first?["state"] == "over_limit")
        #expect(try fixture.call("habits.calendar", ["ref": "Coffee"])["days"].items[5]["state"] == "over_limit")
        #expect(try fixture.call("habits.stats", ["ref": "Coffee"])["streak"]["current"] == 0)
    }

    @Test func aSkippedDayStaysSkipped() throws {
        let fixture = try coffee()
        try fixture.call("habits.skip", ["ref": "Coffee", "on": "2026-01-05"])
        #expect(try fixture.call("habits.calendar", ["ref": "Coffee"])["days"].items[4]["state"] == "skipped")
        #expect(try fixture.call("habits.stats", ["ref": "Coffee"])["total_completed_days"] == 4)
    }
}
