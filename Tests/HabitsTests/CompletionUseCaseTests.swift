import AppTestSupport
import Core
import Habits
import Testing

/// RecordCompletion and CancelCompletion: the day checks, one completion a day, and no
/// write after an error (docs/domain.md §2.2, §2.4; docs/lua-api.md `habits.complete`/`uncomplete`).
/// Today is 2026-01-06 in Seoul.
@Suite struct CompletionUseCaseTests {
    let fixture: HabitFixture

    init() throws { fixture = try HabitFixture() }

    private func cancel(_ reference: String, on day: String? = nil) throws -> Completion {
        try CancelCompletion(try fixture.dependencies())(
            reference, on: try day.map(TestTime.day), ownerID: fixture.user.id)
    }

    /// Start 2026-01-02; tracked 01-02…01-03 and from 01-05.
    @discardableResult
    private func insertHabitWithAGap() throws -> Habit {
        try fixture.insert("Run", start: "2026-01-02", periods: ["2026-01-02...2026-01-03", "2026-01-05..."])
    }

    @Test func recordWithoutADayCompletesTodayAtTheClockInstant() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        let completion = try fixture.complete("Run")
        #expect(completion.habitID == habit.id)
        #expect(completion.completedOn == (try TestTime.day("2026-01-06")))
        #expect(completion.recordedAt == fixture.clock.now())
        #expect(
            try fixture.completionRepository.completion(habitID: habit.id, on: completion.completedOn) == completion)
    }

    @Test func recordOfAPastTrackedDayIsStored() throws {
        let habit = try insertHabitWithAGap()
        let completion = try fixture.complete("Run", on: "2026-01-03")
        #expect(completion.completedOn == (try TestTime.day("2026-01-03")))
        #expect(try fixture.completionRepository.completions(habitID: habit.id, from: nil, to: nil) == [completion])
    }

    static let unrecordableDays: [(String, String)] = [
        ("2026-01-07", "habits.future_day"),
        ("2027-01-06", "habits.future_day"),
        ("2026-01-01", "habits.before_start"),
        ("2025-12-31", "habits.before_start"),
        ("2026-01-04", "habits.outside_tracking_period"),
    ]

    @Test(arguments: unrecordableDays)
    func recordOnAnUnrecordableDayFailsWithItsCodeAndWritesNothing(target: String, code: String) throws {
        try insertHabitWithAGap()
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try fixture.complete("Run", on: target) }
        #expect(error.code == code)
        #expect(error.field == "on")
        #expect(try fixture.count("habit_completions") == 0)
        #expect(try fixture.snapshot() == before)
    }

    @Test(arguments: unrecordableDays)
    func cancelOnAnUnrecordableDayFailsWithItsCodeAndWritesNothing(target: String, code: String) throws {
        try insertHabitWithAGap()
        try fixture.complete("Run", on: "2026-01-05")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try cancel("Run", on: target) }
        #expect(error.code == code)
        #expect(error.field == "on")
        #expect(try fixture.count("habit_completions") == 1)
        #expect(try fixture.snapshot() == before)
    }

    @Test func recordOnAFutureStartDayIsBeforeStart() throws {
        try fixture.create("Run", start: "2026-01-10")
        let error = try #require(throws: AppError.self) { try fixture.complete("Run") }
        #expect(error.code == "habits.before_start")
        #expect(error.field == "on")
        #expect(try fixture.count("habit_completions") == 0)
    }

    @Test func recordingTheSameDayTwiceIsAlreadyCompletedAndKeepsTheFirst() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        let first = try fixture.complete("Run", on: "2026-01-05")
        try fixture.setNow("2026-01-06T18:00:00+09:00")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try fixture.complete("Run", on: "2026-01-05") }
        #expect(error.code == "habits.already_completed")
        #expect(error.field == "on")
        #expect(try fixture.completionCount(habitID: habit.id) == 1)
        #expect(try fixture.completionRepository.completion(habitID: habit.id, on: first.completedOn) == first)
        #expect(try fixture.snapshot() == before)
    }

    @Test func cancelOfAnAbsentCompletionIsNotCompletedAndWritesNothing() throws {
        try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run", on: "2026-01-04")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try cancel("Run", on: "2026-01-05") }
        #expect(error.code == "habits.not_completed")
        #expect(error.field == "on")
        #expect(try fixture.snapshot() == before)
    }

    @Test func cancelReturnsTheRemovedCompletionAndTheDayCanBeRecordedAgain() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        let recorded = try fixture.complete("Run")
        let removed = try cancel("Run")
        #expect(removed == recorded)
        #expect(try fixture.completionCount(habitID: habit.id) == 0)
        let again = try fixture.complete("Run")
        #expect(again.id != recorded.id)
        #expect(try fixture.completionCount(habitID: habit.id) == 1)
    }

    @Test func cancelOfACompletionOnTheArchiveDayWorks() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run")
        let archived = try ArchiveHabit(try fixture.dependencies())("Run", ownerID: fixture.user.id)
        #expect(archived.trackingPeriods == [try HabitFixture.period("2026-01-01...2026-01-06")])
        let removed = try cancel("Run")
        #expect(removed.completedOn == (try TestTime.day("2026-01-06")))
        #expect(try fixture.completionCount(habitID: habit.id) == 0)
        // Without today's completion the archive ends yesterday, as archiving now would.
        #expect(try fixture.stored(habit.id)?.trackingPeriods == [try HabitFixture.period("2026-01-01...2026-01-05")])
    }

    @Test func uncompletingTodayOnAHabitArchivedTodayLeavesItArchivedNotPending() throws {
        try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run")
        _ = try fixture.call("habits.archive", ["ref": "Run"])
        try fixture.call("habits.uncomplete", ["ref": "Run"])
        #expect(try fixture.call("habits.today").items.isEmpty)
        let habit = try fixture.call("habits.get", ["ref": "Run"])
        #expect(habit["archived"] == .bool(true))
        let error = try #require(throws: AppError.self) { try fixture.complete("Run") }
        #expect(error.code == "habits.outside_tracking_period")
    }

    @Test func uncompletingTodayOnAHabitStartedAndArchivedTodayRemovesItsOnlyPeriod() throws {
        let habit = try fixture.create("Run")
        try fixture.complete("Run")
        _ = try ArchiveHabit(try fixture.dependencies())("Run", ownerID: fixture.user.id)
        _ = try cancel("Run")
        let stored = try #require(try fixture.stored(habit.id))
        #expect(stored.trackingPeriods.isEmpty)
        #expect(stored.isArchived)
    }

    @Test func uncompletingAnEarlierDayOfAnArchivedHabitKeepsItsEnd() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run", on: "2026-01-03")
        try fixture.complete("Run")
        _ = try ArchiveHabit(try fixture.dependencies())("Run", ownerID: fixture.user.id)
        _ = try cancel("Run", on: "2026-01-03")
        #expect(try fixture.stored(habit.id)?.trackingPeriods == [try HabitFixture.period("2026-01-01...2026-01-06")])
    }

    @Test func recordAfterTheArchivedPeriodEndedIsOutsideTheTrackingPeriod() throws {
        try fixture.create("Run", start: "2026-01-01")
        _ = try ArchiveHabit(try fixture.dependencies())("Run", ownerID: fixture.user.id)  // ends 2026-01-05
        let error = try #require(throws: AppError.self) { try fixture.complete("Run") }
        #expect(error.code == "habits.outside_tracking_period")
        #expect(try fixture.count("habit_completions") == 0)
        #expect(try fixture.complete("Run", on: "2026-01-05").completedOn == (try TestTime.day("2026-01-05")))
    }

    @Test func listCompletionsIsByDayWithinAnInclusiveRange() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        for day in ["2026-01-05", "2026-01-01", "2026-01-03", "2026-01-02"] { try fixture.complete("Run", on: day) }
        let list = ListCompletions(try fixture.dependencies())
        let all = try list("Run", from: nil, to: nil, ownerID: fixture.user.id)
        #expect(all.map(\.completedOn.description) == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05"])
        #expect(all.allSatisfy { $0.habitID == habit.id })
        let range = try list(
            "Run", from: try TestTime.day("2026-01-02"), to: try TestTime.day("2026-01-03"),
            ownerID: fixture.user.id)
        #expect(range.map(\.completedOn.description) == ["2026-01-02", "2026-01-03"])
    }
}
