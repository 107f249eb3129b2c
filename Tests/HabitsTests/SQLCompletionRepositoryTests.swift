import Core
import Habits
import Storage
import Testing

/// The SQLite completion repository: one completion per (habit, day), looked up by that
/// key and deleted by id; `deleteAll` succeeds on nothing (domain.md §2.2, §2.4).
@Suite struct SQLCompletionRepositoryTests {
    let fixture: HabitFixture
    let repository: SQLCompletionRepository
    let habit: Habit

    init() throws {
        fixture = try HabitFixture()
        repository = fixture.completionRepository
        habit = try fixture.insert("Run", start: "2026-01-01", periods: ["2026-01-01..."])
    }

    private func completion(_ day: String, habitID: String? = nil, id: String = Identifier.random()) throws
        -> Completion
    {
        Completion(
            id: id, habitID: habitID ?? habit.id, completedOn: try HabitFixture.day(day),
            recordedAt: Instant(millisecondsSince1970: 1_767_668_400_250))
    }

    @Test func insertedCompletionReadsBackByHabitAndDay() throws {
        let stored = try completion("2026-01-05")
        try repository.insert(stored)
        #expect(try repository.completion(habitID: habit.id, on: try HabitFixture.day("2026-01-05")) == stored)
        #expect(try repository.completion(habitID: habit.id, on: try HabitFixture.day("2026-01-04")) == nil)
        #expect(try repository.completedDays(habitID: habit.id) == [try HabitFixture.day("2026-01-05")])
    }

    @Test func secondCompletionOfTheSameHabitAndDayIsAlreadyCompleted() throws {
        let first = try completion("2026-01-05")
        try repository.insert(first)
        let error = try #require(throws: AppError.self) { try repository.insert(try completion("2026-01-05")) }
        #expect(error.code == "habits.already_completed")
        #expect(try fixture.count("habit_completions") == 1)
        #expect(try repository.completion(habitID: habit.id, on: first.completedOn) == first)
    }

    @Test func sameDayForAnotherHabitIsAllowed() throws {
        let other = try fixture.insert("Read", start: "2026-01-01", periods: ["2026-01-01..."])
        try repository.insert(try completion("2026-01-05"))
        try repository.insert(try completion("2026-01-05", habitID: other.id))
        #expect(try fixture.count("habit_completions") == 2)
    }

    @Test func deleteRemovesTheCompletionWithThatIdOnly() throws {
        let removed = try completion("2026-01-04")
        let kept = try completion("2026-01-05")
        try repository.insert(removed)
        try repository.insert(kept)
        try repository.delete(id: removed.id)
        #expect(try repository.completions(habitID: habit.id, from: nil, to: nil) == [kept])
    }

    @Test func deleteOfAMissingIdIsNotCompleted() throws {
        try repository.insert(try completion("2026-01-04"))
        let error = try #require(throws: AppError.self) { try repository.delete(id: Identifier.random()) }
        #expect(error.code == "habits.not_completed")
        #expect(try fixture.count("habit_completions") == 1)
    }

    @Test func deleteAllOnAHabitWithoutCompletionsSucceeds() throws {
        #expect(throws: Never.self) { try repository.deleteAll(habitID: habit.id) }
        #expect(throws: Never.self) { try repository.deleteAll(habitID: Identifier.random()) }
    }

    @Test func deleteAllRemovesOnlyThatHabitsCompletions() throws {
        let other = try fixture.insert("Read", start: "2026-01-01", periods: ["2026-01-01..."])
        for day in ["2026-01-01", "2026-01-02", "2026-01-03"] { try repository.insert(try completion(day)) }
        try repository.insert(try completion("2026-01-02", habitID: other.id))
        try repository.deleteAll(habitID: habit.id)
        #expect(try fixture.completionCount(habitID: habit.id) == 0)
        #expect(try fixture.completionCount(habitID: other.id) == 1)
    }

    static let ranges: [(String?, String?, [String])] = [
        (nil, nil, ["2025-12-31", "2026-01-01", "2026-01-03", "2026-02-01"]),
        ("2026-01-01", nil, ["2026-01-01", "2026-01-03", "2026-02-01"]),
        (nil, "2026-01-03", ["2025-12-31", "2026-01-01", "2026-01-03"]),
        ("2026-01-01", "2026-01-03", ["2026-01-01", "2026-01-03"]),
        ("2026-01-02", "2026-01-02", []),
        ("2026-01-04", "2026-01-02", []),
    ]

    @Test(arguments: ranges)
    func completionsInARangeAreInclusiveAndByDay(from: String?, to: String?, expected: [String]) throws {
        let early = try fixture.insert("Early", start: "2025-12-01", periods: ["2025-12-01..."])
        for day in ["2026-02-01", "2026-01-03", "2025-12-31", "2026-01-01"] {
            try repository.insert(try completion(day, habitID: early.id))
        }
        let found = try repository.completions(
            habitID: early.id, from: try from.map(HabitFixture.day), to: try to.map(HabitFixture.day))
        #expect(found.map(\.completedOn.description) == expected)
    }

    @Test func completedDaysAreInAscendingOrderWhateverTheInsertOrder() throws {
        let other = try fixture.insert("Read", start: "2025-12-01", periods: ["2025-12-01..."])
        let days = ["2026-01-05", "2025-12-31", "2026-01-01", "2026-01-03"]
        for day in days {
            try repository.insert(try completion(day))
            try repository.insert(try completion(day, habitID: other.id))
        }
        let ascending = try days.sorted().map(HabitFixture.day)
        #expect(try repository.completedDays(habitID: habit.id) == ascending)
        #expect(try repository.completedDays(ownedBy: fixture.user.id) == [habit.id: ascending, other.id: ascending])
    }

    @Test func completedDaysByOwnerLeaveOutHabitsWithoutCompletions() throws {
        let other = try fixture.insert("Read", start: "2026-01-01", periods: ["2026-01-01..."])
        try repository.insert(try completion("2026-01-02", habitID: other.id))
        #expect(
            try repository.completedDays(ownedBy: fixture.user.id) == [other.id: [try HabitFixture.day("2026-01-02")]])
        #expect(try repository.completedDays(habitID: habit.id).isEmpty)
    }

    @Test func recordedAtKeepsItsMilliseconds() throws {
        let stored = try completion("2026-01-05")
        try repository.insert(stored)
        #expect(
            try repository.completions(habitID: habit.id, from: nil, to: nil).first?.recordedAt == stored.recordedAt)
    }

    @Test func completedDaysByOwnerAndByDayAreKeptApartBetweenUsers() throws {
        let other = try fixture.addUser(named: "other")
        let theirs = try fixture.insert("Run", start: "2026-01-01", periods: ["2026-01-01..."], as: other)
        try repository.insert(try completion("2026-01-05"))
        try repository.insert(try completion("2026-01-04", habitID: theirs.id))
        try repository.insert(try completion("2026-01-05", habitID: theirs.id))
        #expect(
            try repository.completedDays(ownedBy: fixture.user.id) == [habit.id: [try HabitFixture.day("2026-01-05")]])
        #expect(
            try repository.completedDays(ownedBy: other.id)
                == [theirs.id: try ["2026-01-04", "2026-01-05"].map(HabitFixture.day)])
        #expect(
            try repository.completedHabitIDs(ownedBy: fixture.user.id, on: try HabitFixture.day("2026-01-05")) == [
                habit.id
            ])
        #expect(
            try repository.completedHabitIDs(ownedBy: fixture.user.id, on: try HabitFixture.day("2026-01-04")).isEmpty)
        #expect(
            try repository.completedHabitIDs(ownedBy: other.id, on: try HabitFixture.day("2026-01-04")) == [theirs.id])
    }

    @Test func completionForAnUnknownHabitIsRefused() throws {
        #expect(throws: AppError.self) {
            try repository.insert(try completion("2026-01-05", habitID: Identifier.random()))
        }
        #expect(try fixture.count("habit_completions") == 0)
    }
}
