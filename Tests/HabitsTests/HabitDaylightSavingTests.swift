import AppTestSupport
import Core
import Habits
import Testing

/// A "3 times a week" habit through New York's daylight-saving changes (2026-03-08 is 23
/// hours long, 2026-11-01 is 25) with the week of the change skipped: days stay calendar
/// days, the skipped week breaks nothing and holds the score still.
@Suite struct HabitDaylightSavingTests {
    struct Case: Sendable, CustomStringConvertible {
        let change: String
        let firstMonday: String
        let now: String
        var description: String { change }
    }

    static let cases = [
        Case(change: "2026-03-08", firstMonday: "2026-02-16", now: "2026-03-22T23:30:00-04:00"),
        Case(change: "2026-11-01", firstMonday: "2026-10-12", now: "2026-11-15T23:30:00-05:00"),
    ]

    @Test(arguments: cases)
    func aSkippedWeekOverTheChangeKeepsTheStreak(_ test: Case) throws {
        let fixture = try HabitFixture(now: test.now, zone: "America/New_York")
        let monday = try TestTime.day(test.firstMonday)
        try fixture.call(
            "habits.create",
            [
                "name": "Gym", "start": .string(monday.description),
                "frequency": .table(Record([("times", 3), ("per", "week")])),
            ])
        // Weeks 1, 2, 4 and 5 on Monday, Wednesday and Friday; week 3 (with the change) skipped.
        for week in [0, 1, 3, 4] {
            for day in [0, 2, 4] {
                try fixture.complete("Gym", on: monday.adding(days: week * 7 + day).description)
            }
        }
        for day in 14..<21 {
            try fixture.call("habits.skip", ["ref": "Gym", "on": .string(monday.adding(days: day).description)])
        }
        #expect(fixture.clock.today() == monday.adding(days: 34))
        let stats = try fixture.call("habits.stats", ["ref": "Gym"])
        #expect(stats["streak"] == ["current": 4, "longest": 4])
        #expect(stats["total_completed_days"] == 12)
        #expect(stats["eligible_tracking_days"] == 28)
        #expect(stats["completion_rate"] == 1.0)
        let scores = try fixture.call(
            "habits.scores",
            ["ref": "Gym", "from": .string(monday.adding(days: 14).description), "to": .string(test.change)]
        ).items
        #expect(Set(scores.compactMap { $0["score"].doubleValue }).count == 1)
        #expect(scores.count == 7)
        let year = try fixture.call("habits.year", ["ref": "Gym"])["days"].items
        let index = try TestTime.day(test.change).dayNumber - (try TestTime.day("2026-01-01")).dayNumber
        #expect(year[index]["state"] == "skipped")
        #expect(year[index + 1]["state"] == "completed")
    }
}
