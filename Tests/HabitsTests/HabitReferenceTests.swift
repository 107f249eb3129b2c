import Core
import Habits
import Testing

/// A habit is referred to by its id or its exact name; an ambiguous name is an error, and
/// another user's habits are invisible (docs/lua-api.md conventions). Through the router.
@Suite struct HabitReferenceTests {
    let fixture: HabitFixture

    init() throws { fixture = try HabitFixture() }

    @Test func habitIsFoundByIdByUppercaseIdAndByExactName() throws {
        let habit = try fixture.create("Morning run", start: "2026-01-01")
        for reference in [habit.id, habit.id.uppercased(), "Morning run"] {
            let found = try fixture.call("habits.get", ["ref": .string(reference)])
            #expect(found["id"] == .string(habit.id))
            #expect(found["name"] == "Morning run")
        }
    }

    static let unknownReferences = [
        "Walk", "morning run", "Morning run ", "Morning", "00000000-0000-4000-8000-000000000000",
    ]

    @Test(arguments: unknownReferences)
    func referenceThatIsNotAnIdOrTheExactNameIsNotFound(reference: String) throws {
        try fixture.create("Morning run", start: "2026-01-01")
        let error = try fixture.error("habits.get", ["ref": .string(reference)])
        #expect(error.code == "habits.not_found")
        #expect(error.field == "ref")
        #expect(error.route == "habits.get")
    }

    /// Two active namesakes can no longer be created, but a database from before that rule
    /// may hold them (stored here straight through the repository).
    @Test func nameSharedByTwoHabitsIsAmbiguousAndWritesNothing() throws {
        let first = try fixture.insert("Run", start: "2026-01-01", periods: ["2026-01-01..."])
        let second = try fixture.insert("Run", start: "2026-01-02", periods: ["2026-01-02..."])
        let before = try fixture.snapshot()
        let calls: [(String, [String: Value])] = [
            ("habits.get", ["ref": "Run"]), ("habits.complete", ["ref": "Run"]), ("habits.archive", ["ref": "Run"]),
            ("habits.delete", ["ref": "Run"]), ("habits.rename", ["ref": "Run", "name": "Walk"]),
            ("habits.stats", ["ref": "Run"]),
        ]
        for (route, arguments) in calls {
            let error = try fixture.error(route, arguments)
            #expect(error.code == "habits.ambiguous")
            #expect(error.field == "ref")
        }
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.call("habits.get", ["ref": .string(first.id)])["start_day"] == "2026-01-01")
        #expect(try fixture.call("habits.get", ["ref": .string(second.id)])["start_day"] == "2026-01-02")
    }

    @Test func renamingOneOfTwoNamesakesMakesTheNameUnambiguous() throws {
        let first = try fixture.insert("Run", start: "2026-01-01", periods: ["2026-01-01..."])
        let second = try fixture.insert("Run", start: "2026-01-02", periods: ["2026-01-02..."])
        try fixture.call("habits.rename", ["ref": .string(second.id), "name": "Walk"])
        #expect(try fixture.call("habits.get", ["ref": "Run"])["id"] == .string(first.id))
        #expect(try fixture.call("habits.get", ["ref": "Walk"])["id"] == .string(second.id))
    }

    @Test func unknownReferenceIsNotFoundOnEveryRouteThatTakesOne() throws {
        try fixture.create("Run", start: "2026-01-01")
        let before = try fixture.snapshot()
        for (route, arguments) in Self.routesTakingWalk {
            let error = try fixture.error(route, arguments)
            #expect(error.code == "habits.not_found", "\(route)")
            #expect(error.field == "ref", "\(route)")
        }
        #expect(try fixture.snapshot() == before)
    }

    static let routesTakingWalk: [(String, [String: Value])] = [
        ("habits.get", ["ref": "Walk"]), ("habits.rename", ["ref": "Walk", "name": "Run"]),
        ("habits.archive", ["ref": "Walk"]), ("habits.unarchive", ["ref": "Walk"]),
        ("habits.complete", ["ref": "Walk"]), ("habits.uncomplete", ["ref": "Walk"]),
        ("habits.completions", ["ref": "Walk"]), ("habits.calendar", ["ref": "Walk"]),
        ("habits.stats", ["ref": "Walk"]), ("habits.delete", ["ref": "Walk"]),
    ]

    // MARK: Another user's habits

    @Test func anotherUsersHabitIsNotFoundByIdOrByNameAndStaysUnchanged() throws {
        let other = try fixture.addUser(named: "other")
        let theirs = try fixture.create("Swim", start: "2026-01-01", as: other)
        try fixture.complete("Swim", on: "2026-01-03", as: other)
        let before = try fixture.snapshot()
        for reference in [theirs.id, "Swim"] {
            for (route, arguments) in Self.routesTakingWalk {
                var mine = arguments
                mine["ref"] = .string(reference)
                let error = try fixture.error(route, mine)
                #expect(error.code == "habits.not_found", "\(route) \(reference)")
            }
        }
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.call("habits.get", ["ref": "Swim"], as: other)["id"] == .string(theirs.id))
    }

    @Test func anotherUsersHabitNeverAppearsInListOverviewOrDay() throws {
        let other = try fixture.addUser(named: "other")
        let mine = try fixture.create("Run", start: "2026-01-01")
        try fixture.create("Swim", start: "2026-01-01", as: other)
        try fixture.complete("Swim", as: other)
        try fixture.call("habits.archive", ["ref": "Swim"], as: other)
        try fixture.create("Read", start: "2026-01-01", as: other)
        for route in ["habits.overview", "habits.today"] {
            let items = try fixture.call(route).items
            #expect(items.count == 1, "\(route)")
        }
        #expect(try fixture.call("habits.list", ["archived": "all"]).items.map { $0["id"] } == [.string(mine.id)])
        #expect(try fixture.call("habits.list", ["archived": true]).items.isEmpty)
        #expect(try fixture.call("habits.overview").items.map { $0["id"] } == [.string(mine.id)])
        #expect(
            try fixture.call("habits.day", ["on": "2026-01-05"]).items.map { $0["habit"]["id"] } == [.string(mine.id)])
        #expect(try fixture.call("habits.list", ["archived": "all"], as: other).items.count == 2)
    }

    @Test func twoUsersMayNameAHabitAlikeWithoutAmbiguity() throws {
        let other = try fixture.addUser(named: "other")
        let mine = try fixture.create("Run", start: "2026-01-01")
        let theirs = try fixture.create("Run", start: "2026-01-03", as: other)
        #expect(try fixture.call("habits.get", ["ref": "Run"])["id"] == .string(mine.id))
        #expect(try fixture.call("habits.get", ["ref": "Run"], as: other)["id"] == .string(theirs.id))
        try fixture.call("habits.complete", ["ref": "Run"])
        #expect(try fixture.completionCount(habitID: mine.id) == 1)
        #expect(try fixture.completionCount(habitID: theirs.id) == 0)
    }

    @Test func anotherUsersCompletionsDoNotCountInMyStatistics() throws {
        let other = try fixture.addUser(named: "other")
        try fixture.create("Run", start: "2026-01-01")
        try fixture.create("Run", start: "2026-01-01", as: other)
        for day in ["2026-01-03", "2026-01-04", "2026-01-05"] { try fixture.complete("Run", on: day, as: other) }
        try fixture.complete("Run", on: "2026-01-05")
        let mine = try fixture.call("habits.stats", ["ref": "Run"])
        #expect(mine["total_completed_days"] == 1)
        #expect(mine["streak"]["current"] == 1)
        let theirs = try fixture.call("habits.stats", ["ref": "Run"], as: other)
        #expect(theirs["total_completed_days"] == 3)
        #expect(theirs["streak"]["current"] == 3)
        let day = try fixture.call("habits.day", ["on": "2026-01-04"])
        #expect(day.items.map { $0["state"] } == ["missed"])
    }
}
