import Core
import Habits
import Testing

/// `habits.day`, `habits.today`, `habits.calendar`, `habits.stats` and `habits.overview`
/// through the router (docs/lua-api.md; docs/domain.md §2.4). Today is 2026-01-06 in Seoul.
@Suite struct HabitQueryRoutesTests {
    let fixture: HabitFixture

    init() throws { fixture = try HabitFixture() }

    /// The states of a `habits.day` result, by habit name.
    private func states(_ entries: Value) -> [String: String] {
        var states: [String: String] = [:]
        for entry in entries.items {
            if let name = entry["habit"]["name"].stringValue { states[name] = entry["state"].stringValue }
        }
        return states
    }

    /// "Done" (completed today), "Open" (from 01-01, not completed), "Later" (from 01-10),
    /// "Paused" (tracked 01-01…01-03).
    private func insertDayHabits() throws {
        try fixture.create("Done", start: "2026-01-01")
        try fixture.complete("Done")
        try fixture.complete("Done", on: "2026-01-02")
        try fixture.create("Open", start: "2026-01-01")
        try fixture.create("Later", start: "2026-01-10")
        try fixture.insert("Paused", start: "2026-01-01", periods: ["2026-01-01...2026-01-03"])
    }

    // MARK: Day entries

    @Test func todayListsTrackedHabitsAsCompletedOrPending() throws {
        try insertDayHabits()
        let today = try fixture.call("habits.today")
        #expect(states(today) == ["Done": "completed", "Open": "pending"])
        #expect(today.items.map { $0["habit"]["name"] } == ["Done", "Open"])
        #expect(try fixture.call("habits.day") == today)
        #expect(try fixture.call("habits.day", ["on": "2026-01-06"]) == today)
    }

    @Test func pastDayIsMissedUnlessCompleted() throws {
        try insertDayHabits()
        #expect(states(try fixture.call("habits.day", ["on": "2026-01-05"])) == ["Done": "missed", "Open": "missed"])
        #expect(
            states(try fixture.call("habits.day", ["on": "2026-01-02"]))
                == ["Done": "completed", "Open": "missed", "Paused": "missed"])
    }

    @Test func futureDayIsFutureForTheHabitsTrackedThen() throws {
        try insertDayHabits()
        #expect(
            states(try fixture.call("habits.day", ["on": "2026-01-10"]))
                == ["Done": "future", "Open": "future", "Later": "future"])
        #expect(states(try fixture.call("habits.day", ["on": "2026-01-07"])) == ["Done": "future", "Open": "future"])
    }

    @Test func habitsNotTrackedThatDayAreAbsent() throws {
        try insertDayHabits()
        #expect(try fixture.call("habits.day", ["on": "2025-12-31"]).items.isEmpty)
        let archived = states(try fixture.call("habits.day", ["on": "2026-01-04"]))
        #expect(archived["Paused"] == nil)
        #expect(archived["Later"] == nil)
    }

    @Test func cancellingTodayTurnsCompletedBackToPending() throws {
        try insertDayHabits()
        try fixture.call("habits.uncomplete", ["ref": "Done"])
        #expect(states(try fixture.call("habits.today"))["Done"] == "pending")
    }

    // MARK: Calendar

    @Test func calendarOfThisMonthShowsEachStateAndToday() throws {
        try fixture.insert("Run", start: "2026-01-02", periods: ["2026-01-02...2026-01-03", "2026-01-05..."])
        try fixture.complete("Run", on: "2026-01-02")
        try fixture.complete("Run", on: "2026-01-05")
        let calendar = try fixture.call("habits.calendar", ["ref": "Run"])
        #expect(calendar["year"] == 2026)
        #expect(calendar["month"] == 1)
        #expect(calendar["can_move_to_next_month"] == false)
        let days = calendar["days"].items
        #expect(days.count == 31)
        let expected: [Value] =
            ["empty", "completed", "missed", "empty", "completed", "pending"]
            + Array(repeating: "empty", count: 25)
        #expect(days.map { $0["state"] } == expected)
        #expect(days.filter { $0["is_today"] == true }.map { $0["date"] } == ["2026-01-06"])
        #expect(days.first?["date"] == "2026-01-01")
        #expect(days.last?["date"] == "2026-01-31")
    }

    @Test func calendarOfAnEarlierMonthCanMoveToTheNextMonth() throws {
        try fixture.create("Run", start: "2025-12-30")
        try fixture.complete("Run", on: "2025-12-31")
        let calendar = try fixture.call("habits.calendar", ["ref": "Run", "year": 2025, "month": 12])
        #expect(calendar["can_move_to_next_month"] == true)
        let days = calendar["days"].items
        #expect(days.count == 31)
        #expect(days.suffix(3).map { $0["state"] } == ["empty", "missed", "completed"])
        #expect(days.allSatisfy { $0["is_today"] == false })
    }

    @Test func calendarOfALaterMonthIsEmpty() throws {
        try fixture.create("Run", start: "2026-01-01")
        let calendar = try fixture.call("habits.calendar", ["ref": "Run", "month": 2])
        #expect(calendar["year"] == 2026)
        #expect(calendar["days"].items.count == 28)
        #expect(calendar["days"].items.allSatisfy { $0["state"] == "empty" })
        #expect(calendar["can_move_to_next_month"] == false)
    }

    static let badMonths = [13, 0, -1]

    @Test(arguments: badMonths)
    func calendarMonthOutsideOneToTwelveIsInvalidArgumentOnMonth(month: Int) throws {
        try fixture.create("Run", start: "2026-01-01")
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.calendar", ["ref": "Run", "month": .int(month)])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "month")
        #expect(try fixture.snapshot() == before)
    }

    @Test func calendarYearOutsideTheCalendarIsInvalidArgumentOnYear() throws {
        try fixture.create("Run", start: "2026-01-01")
        let error = try fixture.error("habits.calendar", ["ref": "Run", "year": 10_000, "month": 1])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "year")
    }

    // MARK: Statistics

    /// The examples of docs/domain.md §2.3: start 2026-01-01.
    static let luaExamples: [(String, [String], Int, Int, Int, Int)] = [
        ("2026-01-06", ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-01-06"], 5, 6, 2, 3),
        ("2026-01-03", ["2026-01-01", "2026-01-03"], 2, 3, 1, 1),
        ("2025-12-31", ["2026-01-01"], 0, 0, 0, 0),
    ]

    @Test(arguments: luaExamples)
    func statisticsMatchTheLuaApiExamples(
        asOf: String, completed: [String], total: Int, eligible: Int, current: Int, longest: Int
    ) throws {
        try fixture.create("Run", start: "2026-01-01")
        for day in completed { try fixture.complete("Run", on: day) }
        let statistics = try fixture.call("habits.stats", ["ref": "Run", "as_of": .string(asOf)])
        #expect(statistics["total_completed_days"] == .int(total))
        #expect(statistics["eligible_tracking_days"] == .int(eligible))
        #expect(statistics["completion_rate"] == .double(eligible == 0 ? 0 : Double(total) / Double(eligible)))
        #expect(statistics["streak"] == ["current": .int(current), "longest": .int(longest)])
    }

    @Test func statisticsDefaultToTodayAndKeepTheStreakWhileTodayIsOpen() throws {
        try fixture.create("Run", start: "2026-01-01")
        for day in ["2026-01-03", "2026-01-04", "2026-01-05"] { try fixture.complete("Run", on: day) }
        let statistics = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(statistics["eligible_tracking_days"] == 6)
        #expect(statistics["total_completed_days"] == 3)
        #expect(statistics["completion_rate"] == 0.5)
        #expect(statistics["streak"]["current"] == 3)
    }

    @Test func statisticsAsOfAFutureDayAreRefusedAsFutureDayOnAsOf() throws {
        try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run", on: "2026-01-02")
        let error = try fixture.error("habits.stats", ["ref": "Run", "as_of": "2026-01-07"])
        #expect(error.code == "habits.future_day")
        #expect(error.field == "as_of")
        #expect(error.message.contains("2026-01-07"))
        // Today itself is fine.
        #expect(try fixture.call("habits.stats", ["ref": "Run", "as_of": "2026-01-06"])["eligible_tracking_days"] == 6)
    }

    @Test func editingThePastRecalculatesTheStatistics() throws {
        try fixture.create("Run", start: "2026-01-01")
        for day in ["2026-01-03", "2026-01-05"] { try fixture.complete("Run", on: day) }
        #expect(try fixture.call("habits.stats", ["ref": "Run"])["streak"] == ["current": 1, "longest": 1])
        try fixture.complete("Run", on: "2026-01-04")
        #expect(try fixture.call("habits.stats", ["ref": "Run"])["streak"] == ["current": 3, "longest": 3])
        try fixture.call("habits.uncomplete", ["ref": "Run", "on": "2026-01-04"])
        #expect(try fixture.call("habits.stats", ["ref": "Run"])["streak"] == ["current": 1, "longest": 1])
    }

    // MARK: Overview

    @Test func overviewIncludesArchivedHabitsAndMatchesTheStatisticsRoute() throws {
        try fixture.create("Run", start: "2026-01-01")
        for day in ["2026-01-01", "2026-01-02", "2026-01-04", "2026-01-05"] { try fixture.complete("Run", on: day) }
        try fixture.create("Read", start: "2026-01-03")
        try fixture.complete("Read", on: "2026-01-05")
        try fixture.complete("Read")
        try fixture.call("habits.archive", ["ref": "Read"])
        try fixture.create("Swim")
        try fixture.insert(
            "Paused", start: "2026-01-01", periods: ["2026-01-01...2026-01-02", "2026-01-04...2026-01-05"])
        try fixture.complete("Paused", on: "2026-01-02")
        try fixture.complete("Paused", on: "2026-01-04")
        try fixture.complete("Paused", on: "2026-01-05")

        let overview = try fixture.call("habits.overview").items
        #expect(overview.map { $0["name"] } == ["Run", "Read", "Swim", "Paused"])
        #expect(overview.map { $0["archived"] } == [false, true, false, true])
        #expect(overview.map { $0["current_streak"] } == [2, 2, 0, 3])
        for summary in overview {
            let reference = try #require(summary["id"].stringValue)
            let statistics = try fixture.call("habits.stats", ["ref": .string(reference)])
            #expect(summary["current_streak"] == statistics["streak"]["current"])
            #expect(summary["completion_rate"] == statistics["completion_rate"])
            #expect(
                Set(summary.recordValue?.keys ?? []) == ["id", "name", "archived", "current_streak", "completion_rate"])
        }
    }

    @Test func overviewOfAUserWithoutHabitsIsEmpty() throws {
        #expect(try fixture.call("habits.overview") == [])
        #expect(try fixture.call("habits.today") == [])
    }
}
