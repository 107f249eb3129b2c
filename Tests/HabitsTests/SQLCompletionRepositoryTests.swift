import AppTestSupport
import Core
import Habits
import Storage
import Testing
import Time

/// The SQLite completion repository: one completion per (habit, day), looked up by that
/// key and deleted by id; `deleteAll` succeeds on nothing (docs/domain.md §2.2, §2.4).
@Suite struct SQLCompletionRepositoryTests {
    let fixture: HabitFixture
    let repository: SQLCompletionRepository
    let habit: Habit

    init(_ backend: DatabaseBackend = .sqlite) throws {
        fixture = try HabitFixture(backend: backend)
        repository = fixture.completionRepository
        habit = try fixture.insert("Run", start: "2026-01-01", periods: ["2026-01-01..."])
    }

    private func completion(_ day: String, habitID: String? = nil, id: String = Identifier.random()) throws
        -> Completion
    {
        Completion(
            id: id, habitID: habitID ?? habit.id, completedOn: try TestTime.day(day),
            recordedAt: Instant(millisecondsSince1970: 1_767_668_400_250))
    }

    @Test(arguments: DatabaseBackend.available)
    func insertedCompletionReadsBackByHabitAndDay(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let stored = try suite.completion("2026-01-05")
        try suite.repository.insert(stored)
        #expect(
            try suite.repository.completion(habitID: suite.habit.id, on: try TestTime.day("2026-01-05")) == stored)
        #expect(try suite.repository.completion(habitID: suite.habit.id, on: try TestTime.day("2026-01-04")) == nil)
        #expect(try suite.repository.completedDays(habitID: suite.habit.id) == [try TestTime.day("2026-01-05")])
    }

    @Test(arguments: DatabaseBackend.available)
    func secondCompletionOfTheSameHabitAndDayIsAlreadyCompleted(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let first = try suite.completion("2026-01-05")
        try suite.repository.insert(first)
        let error = try #require(throws: AppError.self) {
            try suite.repository.insert(try suite.completion("2026-01-05"))
        }
        #expect(error.code == "habits.already_completed")
        #expect(try suite.fixture.count("habit_completions") == 1)
        #expect(try suite.repository.completion(habitID: suite.habit.id, on: first.completedOn) == first)
    }

    @Test(arguments: DatabaseBackend.available)
    func sameDayForAnotherHabitIsAllowed(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.insert("Read", start: "2026-01-01", periods: ["2026-01-01..."])
        try suite.repository.insert(try suite.completion("2026-01-05"))
        try suite.repository.insert(try suite.completion("2026-01-05", habitID: other.id))
        #expect(try suite.fixture.count("habit_completions") == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteRemovesTheCompletionWithThatIdOnly(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let removed = try suite.completion("2026-01-04")
        let kept = try suite.completion("2026-01-05")
        try suite.repository.insert(removed)
        try suite.repository.insert(kept)
        try suite.repository.delete(id: removed.id)
        #expect(try suite.repository.completions(habitID: suite.habit.id, from: nil, to: nil) == [kept])
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteOfAMissingIdIsNotCompleted(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.repository.insert(try suite.completion("2026-01-04"))
        let error = try #require(throws: AppError.self) { try suite.repository.delete(id: Identifier.random()) }
        #expect(error.code == "habits.not_completed")
        #expect(try suite.fixture.count("habit_completions") == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteAllOnAHabitWithoutCompletionsSucceeds(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        #expect(throws: Never.self) { try suite.repository.deleteAll(habitID: suite.habit.id) }
        #expect(throws: Never.self) { try suite.repository.deleteAll(habitID: Identifier.random()) }
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteAllRemovesOnlyThatHabitsCompletions(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.insert("Read", start: "2026-01-01", periods: ["2026-01-01..."])
        for day in ["2026-01-01", "2026-01-02", "2026-01-03"] { try suite.repository.insert(try suite.completion(day)) }
        try suite.repository.insert(try suite.completion("2026-01-02", habitID: other.id))
        try suite.repository.deleteAll(habitID: suite.habit.id)
        #expect(try suite.fixture.completionCount(habitID: suite.habit.id) == 0)
        #expect(try suite.fixture.completionCount(habitID: other.id) == 1)
    }

    static let ranges: [(String?, String?, [String])] = [
        (nil, nil, ["2025-12-31", "2026-01-01", "2026-01-03", "2026-02-01"]),
        ("2026-01-01", nil, ["2026-01-01", "2026-01-03", "2026-02-01"]),
        (nil, "2026-01-03", ["2025-12-31", "2026-01-01", "2026-01-03"]),
        ("2026-01-01", "2026-01-03", ["2026-01-01", "2026-01-03"]),
        ("2026-01-02", "2026-01-02", []),
        ("2026-01-04", "2026-01-02", []),
    ]

    @Test(arguments: DatabaseBackend.available.flatMap { backend in ranges.map { (backend, $0) } })
    func completionsInARangeAreInclusiveAndByDay(
        backend: DatabaseBackend, range: (from: String?, to: String?, expected: [String])
    ) throws {
        let (from, to, expected) = range
        let suite = try Self(backend)
        let early = try suite.fixture.insert("Early", start: "2025-12-01", periods: ["2025-12-01..."])
        for day in ["2026-02-01", "2026-01-03", "2025-12-31", "2026-01-01"] {
            try suite.repository.insert(try suite.completion(day, habitID: early.id))
        }
        let found = try suite.repository.completions(
            habitID: early.id, from: try from.map(TestTime.day), to: try to.map(TestTime.day))
        #expect(found.map(\.completedOn.description) == expected)
    }

    @Test(arguments: DatabaseBackend.available)
    func completedDaysAreInAscendingOrderWhateverTheInsertOrder(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.insert("Read", start: "2025-12-01", periods: ["2025-12-01..."])
        let days = ["2026-01-05", "2025-12-31", "2026-01-01", "2026-01-03"]
        for day in days {
            try suite.repository.insert(try suite.completion(day))
            try suite.repository.insert(try suite.completion(day, habitID: other.id))
        }
        let ascending = try days.sorted().map(TestTime.day)
        #expect(try suite.repository.completedDays(habitID: suite.habit.id) == ascending)
        #expect(
            try suite.repository.completedDays(ownedBy: suite.fixture.user.id) == [
                suite.habit.id: ascending, other.id: ascending,
            ])
    }

    @Test(arguments: DatabaseBackend.available)
    func completedDaysByOwnerLeaveOutHabitsWithoutCompletions(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.insert("Read", start: "2026-01-01", periods: ["2026-01-01..."])
        try suite.repository.insert(try suite.completion("2026-01-02", habitID: other.id))
        #expect(
            try suite.repository.completedDays(ownedBy: suite.fixture.user.id) == [
                other.id: [try TestTime.day("2026-01-02")]
            ])
        #expect(try suite.repository.completedDays(habitID: suite.habit.id).isEmpty)
    }

    @Test(arguments: DatabaseBackend.available)
    func recordedAtKeepsItsMilliseconds(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let stored = try suite.completion("2026-01-05")
        try suite.repository.insert(stored)
        #expect(
            try suite.repository.completions(habitID: suite.habit.id, from: nil, to: nil).first?.recordedAt
                == stored.recordedAt)
    }

    @Test(arguments: DatabaseBackend.available)
    func completedDaysByOwnerAndByDayAreKeptApartBetweenUsers(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.addUser(named: "other")
        let theirs = try suite.fixture.insert("Run", start: "2026-01-01", periods: ["2026-01-01..."], as: other)
        try suite.repository.insert(try suite.completion("2026-01-05"))
        try suite.repository.insert(try suite.completion("2026-01-04", habitID: theirs.id))
        try suite.repository.insert(try suite.completion("2026-01-05", habitID: theirs.id))
        #expect(
            try suite.repository.completedDays(ownedBy: suite.fixture.user.id) == [
                suite.habit.id: [try TestTime.day("2026-01-05")]
            ])
        #expect(
            try suite.repository.completedDays(ownedBy: other.id)
                == [theirs.id: try ["2026-01-04", "2026-01-05"].map(TestTime.day)])
        #expect(
            try suite.repository.completedHabitIDs(
                ownedBy: suite.fixture.user.id, on: try TestTime.day("2026-01-05")) == [
                    suite.habit.id
                ])
        #expect(
            try suite.repository.completedHabitIDs(
                ownedBy: suite.fixture.user.id, on: try TestTime.day("2026-01-04")
            ).isEmpty)
        #expect(
            try suite.repository.completedHabitIDs(ownedBy: other.id, on: try TestTime.day("2026-01-04")) == [
                theirs.id
            ])
    }

    @Test(arguments: DatabaseBackend.available)
    func completionForAnUnknownHabitIsRefused(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        #expect(throws: StorageError.self) {
            try suite.repository.insert(try suite.completion("2026-01-05", habitID: Identifier.random()))
        }
        #expect(try suite.fixture.count("habit_completions") == 0)
    }
}
