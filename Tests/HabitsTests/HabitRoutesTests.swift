import Core
import Habits
import Storage
import Testing

/// The `habits` routes through the router: the shapes they return, and bad input refused as
/// `invalid_argument` with its field and nothing written (docs/lua-api.md). Today is 2026-01-06 in Seoul.
@Suite struct HabitRoutesTests {
    let fixture: HabitFixture

    init(_ backend: DatabaseBackend = .sqlite) throws { fixture = try HabitFixture(backend: backend) }

    @Test(arguments: DatabaseBackend.available)
    func everyRouteOfTheContractIsDeclared(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let names = suite.fixture.router.routes.map(\.name)
        #expect(
            names == [
                "habits.archive", "habits.calendar", "habits.complete", "habits.completions", "habits.create",
                "habits.day", "habits.delete", "habits.details", "habits.get", "habits.list", "habits.note",
                "habits.overview", "habits.pause", "habits.remind", "habits.reminders", "habits.rename",
                "habits.scores", "habits.set_frequency", "habits.skip", "habits.stats", "habits.today",
                "habits.unarchive", "habits.uncomplete", "habits.unpause", "habits.unremind", "habits.unskip",
                "habits.year",
            ])
    }

    // MARK: Shapes

    @Test(arguments: DatabaseBackend.available)
    func createReturnsTheHabitRecord(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let habit = try suite.fixture.call("habits.create", ["name": "  Run  ", "start": "2026-01-01"])
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
        #expect(try suite.fixture.call("habits.get", ["ref": .string(id)]) == habit)
    }

    @Test(arguments: DatabaseBackend.available)
    func createWithoutAStartStartsToday(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let habit = try suite.fixture.call("habits.create", ["name": "Run"])
        #expect(habit["start_day"] == "2026-01-06")
        #expect(habit["tracking_periods"] == [["start": "2026-01-06"]])
    }

    @Test(arguments: DatabaseBackend.available)
    func completeReturnsTheCompletionRecord(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let habit = try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        let completion = try suite.fixture.call("habits.complete", ["ref": "Run", "on": "2026-01-05"])
        #expect(completion["habit_id"] == habit["id"])
        #expect(completion["completed_on"] == "2026-01-05")
        #expect(completion["recorded_at"] == "2026-01-06T12:00:00+09:00")
        #expect(completion.recordValue?.keys == ["id", "habit_id", "completed_on", "recorded_at"])
        let removed = try suite.fixture.call("habits.uncomplete", ["ref": "Run", "on": "2026-01-05"])
        #expect(removed == completion)
        #expect(try suite.fixture.count("habit_completions") == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func archiveAndUnarchiveReturnThePeriods(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        let archived = try suite.fixture.call("habits.archive", ["ref": "Run"])
        #expect(archived["archived"] == true)
        #expect(archived["tracking_periods"] == [["start": "2026-01-01", "end": "2026-01-05"]])
        let unarchived = try suite.fixture.call("habits.unarchive", ["ref": "Run"])
        #expect(unarchived["archived"] == false)
        #expect(unarchived["tracking_periods"] == [["start": "2026-01-01"]])
    }

    @Test(arguments: DatabaseBackend.available)
    func archiveOnTheStartDayReturnsNoPeriods(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run"])
        let archived = try suite.fixture.call("habits.archive", ["ref": "Run"])
        #expect(archived["archived"] == true)
        #expect(archived["tracking_periods"].items.isEmpty)
    }

    @Test(arguments: DatabaseBackend.available)
    func renameReturnsTheRenamedHabit(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try suite.fixture.setNow("2026-01-06T13:30:00+09:00")
        let renamed = try suite.fixture.call("habits.rename", ["ref": "Run", "name": "\tWalk\n"])
        #expect(renamed["name"] == "Walk")
        #expect(renamed["updated_at"] == "2026-01-06T13:30:00+09:00")
        #expect(renamed["created_at"] == "2026-01-06T12:00:00+09:00")
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteReturnsNilAndRemovesTheHabitAndItsCompletions(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try suite.fixture.call("habits.complete", ["ref": "Run"])
        try suite.fixture.call("habits.complete", ["ref": "Run", "on": "2026-01-02"])
        #expect(try suite.fixture.call("habits.delete", ["ref": "Run"]) == .null)
        #expect(try suite.fixture.count("habits") == 0)
        #expect(try suite.fixture.count("habit_periods") == 0)
        #expect(try suite.fixture.count("habit_completions") == 0)
        #expect(try suite.fixture.error("habits.get", ["ref": "Run"]).code == "habits.not_found")
    }

    @Test(arguments: DatabaseBackend.available)
    func listIsActiveByDefaultArchivedOnRequestOrAll(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try suite.fixture.setNow("2026-01-06T12:01:00+09:00")
        try suite.fixture.call("habits.create", ["name": "Read", "start": "2026-01-01"])
        try suite.fixture.setNow("2026-01-06T12:02:00+09:00")
        try suite.fixture.call("habits.create", ["name": "Swim", "start": "2026-01-01"])
        try suite.fixture.call("habits.archive", ["ref": "Read"])
        #expect(try suite.fixture.call("habits.list").items.map { $0["name"] } == ["Run", "Swim"])
        #expect(try suite.fixture.call("habits.list", ["archived": false]).items.map { $0["name"] } == ["Run", "Swim"])
        #expect(try suite.fixture.call("habits.list", ["archived": true]).items.map { $0["name"] } == ["Read"])
        #expect(
            try suite.fixture.call("habits.list", ["archived": "all"]).items.map { $0["name"] } == [
                "Run", "Read", "Swim",
            ])
    }

    @Test(arguments: DatabaseBackend.available)
    func completionsRouteFiltersByAnInclusiveRange(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        for day in ["2026-01-04", "2026-01-01", "2026-01-02"] {
            try suite.fixture.call("habits.complete", ["ref": "Run", "on": .string(day)])
        }
        let all = try suite.fixture.call("habits.completions", ["ref": "Run"]).items
        #expect(all.map { $0["completed_on"] } == ["2026-01-01", "2026-01-02", "2026-01-04"])
        let some = try suite.fixture.call(
            "habits.completions", ["ref": "Run", "from": "2026-01-02", "to": "2026-01-04"]
        )
        .items
        #expect(some.map { $0["completed_on"] } == ["2026-01-02", "2026-01-04"])
        #expect(try suite.fixture.call("habits.completions", ["ref": "Run", "from": "2026-01-05"]).items.isEmpty)
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

    @Test(arguments: DatabaseBackend.available)
    func completingTwiceRaisesAlreadyCompletedAndKeepsOneRow(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try suite.fixture.call("habits.complete", ["ref": "Run"])
        let before = try suite.fixture.snapshot()
        let error = try suite.fixture.error("habits.complete", ["ref": "Run"])
        #expect(error.code == "habits.already_completed")
        #expect(error.field == "on")
        #expect(try suite.fixture.count("habit_completions") == 1)
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func uncompletingAnAbsentCompletionRaisesNotCompleted(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        let before = try suite.fixture.snapshot()
        let error = try suite.fixture.error("habits.uncomplete", ["ref": "Run", "on": "2026-01-03"])
        #expect(error.code == "habits.not_completed")
        #expect(error.field == "on")
        #expect(error.route == "habits.uncomplete")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func archiveAndUnarchiveInTheWrongStateRaiseTheirCodes(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2026-01-01"])
        try suite.fixture.call("habits.create", ["name": "Later", "start": "2026-02-01"])
        let before = try suite.fixture.snapshot()
        #expect(try suite.fixture.error("habits.unarchive", ["ref": "Run"]).code == "habits.not_archived")
        #expect(try suite.fixture.error("habits.archive", ["ref": "Later"]).code == "habits.before_start")
        #expect(try suite.fixture.snapshot() == before)
        try suite.fixture.call("habits.archive", ["ref": "Run"])
        let archived = try suite.fixture.snapshot()
        #expect(try suite.fixture.error("habits.archive", ["ref": "Run"]).code == "habits.already_archived")
        #expect(try suite.fixture.snapshot() == archived)
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

    @Test(arguments: DatabaseBackend.available)
    func leapDayIsAValidDayOnlyInALeapYear(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.call("habits.create", ["name": "Run", "start": "2024-02-01"])
        let completion = try suite.fixture.call("habits.complete", ["ref": "Run", "on": "2024-02-29"])
        #expect(completion["completed_on"] == "2024-02-29")
        let error = try suite.fixture.error("habits.complete", ["ref": "Run", "on": "2025-02-29"])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "on")
    }
}
