import Core
import Habits
import Testing

/// The `habits` routes through the router: the shapes they return, and bad input refused as
/// `invalid_argument` with its field and nothing written (lua-api.md). Today is 2026-01-06 in Seoul.
@Suite struct HabitRoutesTests {
    let fixture: HabitFixture

    init() throws { fixture = try HabitFixture() }

    @Test func everyRouteOfTheContractIsDeclared() {
        let names = fixture.router.routes.map(\.name)
        #expect(
            names == [
                "habits.archive", "habits.calendar", "habits.complete", "habits.completions", "habits.create",
                "habits.day", "habits.delete", "habits.details", "habits.get", "habits.list", "habits.note",
                "habits.overview", "habits.pause", "habits.rename", "habits.scores", "habits.set_frequency",
                "habits.skip", "habits.stats", "habits.today", "habits.unarchive", "habits.uncomplete",
                "habits.unpause", "habits.unskip", "habits.year",
            ])
    }

    // MARK: Shapes

    @Test func createReturnsTheHabitRecord() throws {
        let habit = try fixture.call("habits.create", ["name": "  Run  ", "start": "2026-01-01"])
        let id = try #require(habit["id"].stringValue)
        #expect(Identifier.looksLikeIdentifier(id))
        #expect(id == id.lowercased())
        #expect(habit["name"] == "Run")
        #expect(habit["start_day"] == "2026-01-01")
        #expect(habit["archived"] == false)
        #expect(habit["tracking_periods"] == [["start": "2026-01-01"]])
        #expect(habit["created_at"] == "2026-01-06T12:00:00+09:00")
        #expect(habit["updated_at"] == "2026-01-06T12:00:00+09:00")
        #expect(
            habit.recordValue?.keys == [
                "id", "name", "start_day", "archived", "tracking_periods", "created_at", "updated_at",
            ])
        #expect(try fixture.call("habits.get", ["ref": .string(id)]) == habit)
    }

    @Test func createWithoutAStartStartsToday() throws {
        let habit = try fixture.call("habits.create", ["name": "Run"])
        #expect(habit["start_day"] == "2026-01-06")
        #expect(habit["tracking_periods"] == [["start": "2026-01-06"]])
    }

    @Test func completeReturnsTheCompletionRecord() throws {
        let habit = try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        let completion = try fixture.call("habits.complete", ["ref": "Run", "on": "2026-01-05"])
        #expect(completion["habit_id"] == habit["id"])
        #expect(completion["completed_on"] == "2026-01-05")
        #expect(completion["recorded_at"] == "2026-01-06T12:00:00+09:00")
        #expect(completion.recordValue?.keys == ["id", "habit_id", "completed_on", "recorded_at"])
        let removed = try fixture.call("habits.uncomplete", ["ref": "Run", "on": "2026-01-05"])
        #expect(removed == completion)
        #expect(try fixture.count("habit_completions") == 0)
    }

    @Test func archiveAndUnarchiveReturnThePeriods() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        let archived = try fixture.call("habits.archive", ["ref": "Run"])
        #expect(archived["archived"] == true)
        #expect(archived["tracking_periods"] == [["start": "2026-01-01", "end": "2026-01-05"]])
        let unarchived = try fixture.call("habits.unarchive", ["ref": "Run"])
        #expect(unarchived["archived"] == false)
        #expect(unarchived["tracking_periods"] == [["start": "2026-01-01"]])
    }

    @Test func archiveOnTheStartDayReturnsNoPeriods() throws {
        try fixture.call("habits.create", ["name": "Run"])
        let archived = try fixture.call("habits.archive", ["ref": "Run"])
        #expect(archived["archived"] == true)
        #expect(archived["tracking_periods"].items.isEmpty)
    }

    @Test func renameReturnsTheRenamedHabit() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try fixture.setNow("2026-01-06T13:30:00+09:00")
        let renamed = try fixture.call("habits.rename", ["ref": "Run", "name": "\tWalk\n"])
        #expect(renamed["name"] == "Walk")
        #expect(renamed["updated_at"] == "2026-01-06T13:30:00+09:00")
        #expect(renamed["created_at"] == "2026-01-06T12:00:00+09:00")
    }

    @Test func deleteReturnsNilAndRemovesTheHabitAndItsCompletions() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try fixture.call("habits.complete", ["ref": "Run"])
        try fixture.call("habits.complete", ["ref": "Run", "on": "2026-01-02"])
        #expect(try fixture.call("habits.delete", ["ref": "Run"]) == .null)
        #expect(try fixture.count("habits") == 0)
        #expect(try fixture.count("habit_periods") == 0)
        #expect(try fixture.count("habit_completions") == 0)
        #expect(try fixture.error("habits.get", ["ref": "Run"]).code == "habits.not_found")
    }

    @Test func listIsActiveByDefaultArchivedOnRequestOrAll() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try fixture.setNow("2026-01-06T12:01:00+09:00")
        try fixture.call("habits.create", ["name": "Read", "start": "2026-01-01"])
        try fixture.setNow("2026-01-06T12:02:00+09:00")
        try fixture.call("habits.create", ["name": "Swim", "start": "2026-01-01"])
        try fixture.call("habits.archive", ["ref": "Read"])
        #expect(try fixture.call("habits.list").items.map { $0["name"] } == ["Run", "Swim"])
        #expect(try fixture.call("habits.list", ["archived": false]).items.map { $0["name"] } == ["Run", "Swim"])
        #expect(try fixture.call("habits.list", ["archived": true]).items.map { $0["name"] } == ["Read"])
        #expect(
            try fixture.call("habits.list", ["archived": "all"]).items.map { $0["name"] } == ["Run", "Read", "Swim"])
    }

    @Test func completionsRouteFiltersByAnInclusiveRange() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        for day in ["2026-01-04", "2026-01-01", "2026-01-02"] {
            try fixture.call("habits.complete", ["ref": "Run", "on": .string(day)])
        }
        let all = try fixture.call("habits.completions", ["ref": "Run"]).items
        #expect(all.map { $0["completed_on"] } == ["2026-01-01", "2026-01-02", "2026-01-04"])
        let some = try fixture.call("habits.completions", ["ref": "Run", "from": "2026-01-02", "to": "2026-01-04"])
            .items
        #expect(some.map { $0["completed_on"] } == ["2026-01-02", "2026-01-04"])
        #expect(try fixture.call("habits.completions", ["ref": "Run", "from": "2026-01-05"]).items.isEmpty)
    }

    // MARK: Errors raised by routes

    static let dayErrors: [(String, String)] = [
        ("2026-01-07", "habits.future_day"), ("2025-12-31", "habits.before_start"),
        ("2026-01-04", "habits.outside_tracking_period"),
    ]

    @Test(arguments: dayErrors)
    func completeOnAnUnrecordableDayRaisesItsCodeWithFieldOn(day: String, code: String) throws {
        try fixture.insert("Run", start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-05..."])
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.complete", ["ref": "Run", "on": .string(day)])
        #expect(error.code == code)
        #expect(error.field == "on")
        #expect(error.route == "habits.complete")
        #expect(try fixture.snapshot() == before)
    }

    @Test func completingTwiceRaisesAlreadyCompletedAndKeepsOneRow() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try fixture.call("habits.complete", ["ref": "Run"])
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.complete", ["ref": "Run"])
        #expect(error.code == "habits.already_completed")
        #expect(error.field == "on")
        #expect(try fixture.count("habit_completions") == 1)
        #expect(try fixture.snapshot() == before)
    }

    @Test func uncompletingAnAbsentCompletionRaisesNotCompleted() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.uncomplete", ["ref": "Run", "on": "2026-01-03"])
        #expect(error.code == "habits.not_completed")
        #expect(error.field == "on")
        #expect(error.route == "habits.uncomplete")
        #expect(try fixture.snapshot() == before)
    }

    @Test func archiveAndUnarchiveInTheWrongStateRaiseTheirCodes() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try fixture.call("habits.create", ["name": "Later", "start": "2026-02-01"])
        let before = try fixture.snapshot()
        #expect(try fixture.error("habits.unarchive", ["ref": "Run"]).code == "habits.not_archived")
        #expect(try fixture.error("habits.archive", ["ref": "Later"]).code == "habits.before_start")
        #expect(try fixture.snapshot() == before)
        try fixture.call("habits.archive", ["ref": "Run"])
        let archived = try fixture.snapshot()
        #expect(try fixture.error("habits.archive", ["ref": "Run"]).code == "habits.already_archived")
        #expect(try fixture.snapshot() == archived)
    }

    // MARK: Bad input

    /// Route, arguments, and the field the `invalid_argument` names.
    static let badInputs: [(String, [String: Value], String)] = [
        ("habits.create", ["name": "   "], "name"),
        ("habits.create", ["name": " \n\t "], "name"),
        ("habits.create", ["name": ""], "name"),
        ("habits.create", ["name": .string(String(repeating: "가", count: 101))], "name"),
        ("habits.create", [:], "name"),
        ("habits.create", ["name": 5], "name"),
        ("habits.create", ["name": "Walk", "start": "2026-02-30"], "start"),
        ("habits.create", ["name": "Walk", "start": "2026-13-01"], "start"),
        ("habits.create", ["name": "Walk", "start": "tomorrow"], "start"),
        ("habits.create", ["name": "Walk", "start": 5], "start"),
        ("habits.create", ["name": "Walk", "colour": "red"], "colour"),
        ("habits.rename", ["ref": "Run", "name": "  "], "name"),
        ("habits.rename", ["ref": "Run", "name": .string(String(repeating: "a", count: 101))], "name"),
        ("habits.complete", ["ref": "Run", "on": "2026-02-30"], "on"),
        ("habits.complete", ["ref": "Run", "on": "2026-13-01"], "on"),
        ("habits.complete", ["ref": "Run", "on": "tomorrow"], "on"),
        ("habits.complete", ["ref": "Run", "on": "2026-1-5"], "on"),
        ("habits.complete", ["ref": "Run", "on": 5], "on"),
        ("habits.complete", ["on": "2026-01-05"], "ref"),
        ("habits.complete", ["ref": 5], "ref"),
        ("habits.uncomplete", ["ref": "Run", "on": "2026-02-30"], "on"),
        ("habits.uncomplete", ["ref": "Run", "on": 5], "on"),
        ("habits.day", ["on": "tomorrow"], "on"),
        ("habits.day", ["on": "2026-13-01"], "on"),
        ("habits.stats", ["ref": "Run", "as_of": "2026-02-30"], "as_of"),
        ("habits.completions", ["ref": "Run", "from": "2026-02-30"], "from"),
        ("habits.completions", ["ref": "Run", "to": "yesterday"], "to"),
        ("habits.calendar", ["ref": "Run", "month": 13], "month"),
        ("habits.calendar", ["ref": "Run", "month": "May"], "month"),
        ("habits.calendar", ["ref": "Run", "month": 1.5], "month"),
        ("habits.list", ["archived": "yes"], "archived"),
        ("habits.get", [:], "ref"),
    ]

    @Test(arguments: badInputs)
    func badInputIsInvalidArgumentNamingTheFieldAndWritesNothing(
        route: String, arguments: [String: Value], field: String
    ) throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try fixture.call("habits.complete", ["ref": "Run", "on": "2026-01-05"])
        let before = try fixture.snapshot()
        let error = try fixture.error(route, arguments)
        #expect(error.code == "invalid_argument")
        #expect(error.field == field)
        #expect(error.route == route)
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.count("habits") == 1)
        #expect(try fixture.count("habit_completions") == 1)
    }

    @Test func leapDayIsAValidDayOnlyInALeapYear() throws {
        try fixture.call("habits.create", ["name": "Run", "start": "2024-02-01"])
        let completion = try fixture.call("habits.complete", ["ref": "Run", "on": "2024-02-29"])
        #expect(completion["completed_on"] == "2024-02-29")
        let error = try fixture.error("habits.complete", ["ref": "Run", "on": "2025-02-29"])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "on")
    }
}
