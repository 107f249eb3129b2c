import AppTestSupport
import Core
import Habits
import Storage
import Testing
import Time

/// CreateHabit, RenameHabit, ArchiveHabit, UnarchiveHabit, DeleteHabit and ListHabits over
/// a real database, with the clock fixed in Seoul (docs/domain.md §2.2, §2.4).
@Suite struct HabitLifecycleUseCaseTests {
    let fixture: HabitFixture

    init() throws { fixture = try HabitFixture() }

    private func day(_ text: String) throws -> LocalDay { try TestTime.day(text) }

    private func periods(_ texts: [String]) throws -> [TrackingPeriod] { try texts.map(HabitFixture.period) }

    private func archive(_ reference: String) throws -> Habit {
        try ArchiveHabit(try fixture.dependencies())(reference, ownerID: fixture.user.id)
    }

    private func unarchive(_ reference: String) throws -> Habit {
        try UnarchiveHabit(try fixture.dependencies())(reference, ownerID: fixture.user.id)
    }

    // MARK: Create and rename

    @Test func createWithoutAStartTracksFromTodayAndStoresTheHabit() throws {
        let habit = try fixture.create("  Run \n")
        #expect(habit.name == "Run")
        #expect(habit.startDay == (try day("2026-01-06")))
        #expect(habit.trackingPeriods == (try periods(["2026-01-06..."])))
        #expect(habit.createdAt == fixture.clock.now())
        #expect(habit.updatedAt == fixture.clock.now())
        #expect(habit.ownerID == fixture.user.id)
        #expect(try fixture.stored(habit.id) == habit)
        #expect(Identifier.looksLikeIdentifier(habit.id))
        #expect(habit.id == habit.id.lowercased())
    }

    @Test func createWithAPastOrFutureStartKeepsThatDay() throws {
        let past = try fixture.create("Read", start: "2025-11-30")
        let future = try fixture.create("Swim", start: "2026-03-01")
        #expect(try fixture.stored(past.id)?.trackingPeriods == (try periods(["2025-11-30..."])))
        #expect(try fixture.stored(future.id)?.startDay == (try day("2026-03-01")))
    }

    @Test func createWithABlankNameWritesNothing() throws {
        let error = try #require(throws: AppError.self) { try fixture.create(" \t\n ") }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(try fixture.count("habits") == 0)
        #expect(try fixture.count("habit_periods") == 0)
    }

    @Test func renameStoresTheTrimmedNameAndTheNewInstant() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.setNow("2026-01-07T09:00:00+09:00")
        let renamed = try RenameHabit(try fixture.dependencies())("Run", to: " Morning run\n", ownerID: fixture.user.id)
        #expect(renamed.name == "Morning run")
        #expect(renamed.updatedAt == (try TestTime.instant("2026-01-07T09:00:00+09:00")))
        #expect(renamed.createdAt == habit.createdAt)
        #expect(try fixture.stored(habit.id) == renamed)
    }

    @Test func renameToABlankNameChangesNothing() throws {
        try fixture.create("Run", start: "2026-01-01")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) {
            try RenameHabit(try fixture.dependencies())("Run", to: "   ", ownerID: fixture.user.id)
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(try fixture.snapshot() == before)
    }

    // MARK: Archive

    @Test func archiveOnStartDayWithoutCompletionRemovesPeriod() throws {
        let habit = try fixture.create("Run")
        let archived = try archive("Run")
        #expect(archived.trackingPeriods.isEmpty)
        #expect(archived.isArchived)
        #expect(try fixture.stored(habit.id) == archived)
        #expect(try fixture.count("habit_periods") == 0)
    }

    @Test func archiveWithACompletionTodayEndsThePeriodToday() throws {
        try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run")
        let archived = try archive("Run")
        #expect(archived.trackingPeriods == (try periods(["2026-01-01...2026-01-06"])))
    }

    @Test func archiveWithoutACompletionTodayEndsThePeriodYesterday() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run", on: "2026-01-05")
        let archived = try archive("Run")
        #expect(archived.trackingPeriods == (try periods(["2026-01-01...2026-01-05"])))
        #expect(try fixture.stored(habit.id)?.trackingPeriods == archived.trackingPeriods)
    }

    @Test func archiveOfAnArchivedHabitIsAlreadyArchivedAndChangesNothing() throws {
        try fixture.create("Run", start: "2026-01-01")
        _ = try archive("Run")
        try fixture.setNow("2026-01-08T12:00:00+09:00")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try archive("Run") }
        #expect(error.code == "habits.already_archived")
        #expect(try fixture.snapshot() == before)
    }

    @Test func archiveBeforeAFutureStartIsBeforeStartAndChangesNothing() throws {
        let habit = try fixture.create("Run", start: "2026-01-10")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try archive("Run") }
        #expect(error.code == "habits.before_start")
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.stored(habit.id)?.isArchived == false)
    }

    // MARK: Unarchive

    @Test func sameDayArchiveThenUnarchiveLeavesExactlyTheOpenPeriodOfBefore() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        _ = try archive("Run")
        let unarchived = try unarchive("Run")
        #expect(unarchived.trackingPeriods == habit.trackingPeriods)
        #expect(try fixture.stored(habit.id)?.trackingPeriods == (try periods(["2026-01-01..."])))
        #expect(try fixture.count("habit_periods") == 1)
    }

    @Test func sameDayArchiveThenUnarchiveOnTheStartDayRestoresThePeriod() throws {
        let habit = try fixture.create("Run")
        _ = try archive("Run")
        let unarchived = try unarchive("Run")
        #expect(unarchived.trackingPeriods == habit.trackingPeriods)
        #expect(try fixture.count("habit_periods") == 1)
    }

    @Test func unarchiveTheDayAfterThePeriodEndedReopensIt() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run")
        _ = try archive("Run")  // ends 2026-01-06
        try fixture.setNow("2026-01-07T08:00:00+09:00")
        let unarchived = try unarchive("Run")
        #expect(unarchived.trackingPeriods == (try periods(["2026-01-01..."])))
        #expect(try fixture.stored(habit.id)?.trackingPeriods == unarchived.trackingPeriods)
    }

    @Test func unarchiveTwoDaysAfterThePeriodEndedStartsANewPeriod() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run")
        _ = try archive("Run")  // ends 2026-01-06
        try fixture.setNow("2026-01-08T08:00:00+09:00")
        let unarchived = try unarchive("Run")
        let expected = try periods(["2026-01-01...2026-01-06", "2026-01-08..."])
        #expect(unarchived.trackingPeriods == expected)
        #expect(try fixture.stored(habit.id)?.trackingPeriods == expected)
        #expect(try fixture.count("habit_periods") == 2)
    }

    @Test func unarchiveOfAnActiveHabitIsNotArchivedAndChangesNothing() throws {
        try fixture.create("Run", start: "2026-01-01")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try unarchive("Run") }
        #expect(error.code == "habits.not_archived")
        #expect(try fixture.snapshot() == before)
    }

    @Test func archiveOnTheFirstDayOfASecondPeriodRemovesOnlyThatPeriod() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run")
        _ = try archive("Run")
        try fixture.setNow("2026-01-08T08:00:00+09:00")
        _ = try unarchive("Run")
        let archived = try archive("Run")
        #expect(archived.trackingPeriods == (try periods(["2026-01-01...2026-01-06"])))
        #expect(try fixture.stored(habit.id)?.trackingPeriods == archived.trackingPeriods)
    }

    @Test func daysBetweenPeriodsAreNeitherEligibleNorBreakTheLongestStreak() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        for day in 1...6 { try fixture.complete("Run", on: "2026-01-0\(day)") }
        _ = try archive("Run")  // ends 2026-01-06
        try fixture.setNow("2026-01-08T08:00:00+09:00")
        _ = try unarchive("Run")  // from 2026-01-08
        try fixture.setNow("2026-01-10T08:00:00+09:00")
        for day in ["2026-01-08", "2026-01-09", "2026-01-10"] { try fixture.complete("Run", on: day) }
        let statistics = try LoadHabitStatistics(try fixture.dependencies())(
            habit.id, asOf: nil, ownerID: fixture.user.id)
        #expect(statistics.eligibleTrackingDays == 9)
        #expect(statistics.totalCompletedDays == 9)
        #expect(statistics.completionRate == 1)
        #expect(statistics.streak == HabitStreak(current: 9, longest: 9))
        let error = try #require(throws: AppError.self) { try fixture.complete("Run", on: "2026-01-07") }
        #expect(error.code == "habits.outside_tracking_period")
    }

    // MARK: Delete

    @Test func deleteRemovesTheHabitItsPeriodsAndItsCompletions() throws {
        let run = try fixture.create("Run", start: "2026-01-01")
        let read = try fixture.create("Read", start: "2026-01-01")
        try fixture.complete("Run", on: "2026-01-02")
        try fixture.complete("Run", on: "2026-01-03")
        try fixture.complete("Read", on: "2026-01-03")
        try DeleteHabit(try fixture.dependencies())("Run", ownerID: fixture.user.id)
        #expect(try fixture.stored(run.id) == nil)
        #expect(try fixture.completionCount(habitID: run.id) == 0)
        #expect(try fixture.count("habit_periods") == 1)
        #expect(try fixture.completionCount(habitID: read.id) == 1)
        #expect(try fixture.stored(read.id) == read)
    }

    @Test func deleteOfAnArchivedHabitWithoutPeriodsWorks() throws {
        let habit = try fixture.create("Run")
        _ = try archive("Run")
        try DeleteHabit(try fixture.dependencies())(habit.id, ownerID: fixture.user.id)
        #expect(try fixture.count("habits") == 0)
    }

    @Test func deleteRollsBackTheCompletionsWhenRemovingTheHabitFails() throws {
        let habit = try fixture.create("Run", start: "2026-01-01")
        try fixture.complete("Run", on: "2026-01-02")
        try fixture.complete("Run", on: "2026-01-03")
        let real = try fixture.dependencies()
        let failing = HabitDependencies(
            habits: HabitRepositoryFailingOnDelete(base: fixture.habitRepository), completions: real.completions,
            transactions: real.transactions, clock: real.clock)
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try DeleteHabit(failing)("Run", ownerID: fixture.user.id) }
        #expect(error.code == "test.delete_failed")
        #expect(try fixture.completionCount(habitID: habit.id) == 2)
        #expect(try fixture.snapshot() == before)
    }

    @Test func deleteOfAnUnknownHabitIsNotFound() throws {
        try fixture.create("Run", start: "2026-01-01")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) {
            try DeleteHabit(try fixture.dependencies())("Walk", ownerID: fixture.user.id)
        }
        #expect(error.code == "habits.not_found")
        #expect(error.field == "ref")
        #expect(try fixture.snapshot() == before)
    }

    // MARK: List

    @Test func listFiltersActiveArchivedOrAllOldestFirst() throws {
        let run = try fixture.create("Run", start: "2026-01-01")
        try fixture.setNow("2026-01-06T13:00:00+09:00")
        let read = try fixture.create("Read", start: "2026-01-01")
        try fixture.setNow("2026-01-06T14:00:00+09:00")
        let swim = try fixture.create("Swim", start: "2026-01-01")
        _ = try archive("Read")
        let list = ListHabits(try fixture.dependencies())
        #expect(try list(.active, ownerID: fixture.user.id).map(\.id) == [run.id, swim.id])
        #expect(try list(.archived, ownerID: fixture.user.id).map(\.id) == [read.id])
        #expect(try list(.all, ownerID: fixture.user.id).map(\.id) == [run.id, read.id, swim.id])
    }
}

/// A habit repository whose `delete` always fails, to show that DeleteHabit is one transaction.
private struct HabitRepositoryFailingOnDelete: HabitRepository {
    let base: SQLHabitRepository

    func habits(ownedBy ownerID: String) throws -> [Habit] { try base.habits(ownedBy: ownerID) }
    func habit(id: String, ownedBy ownerID: String) throws -> Habit? { try base.habit(id: id, ownedBy: ownerID) }
    func habits(named name: String, ownedBy ownerID: String) throws -> [Habit] {
        try base.habits(named: name, ownedBy: ownerID)
    }
    func activeNameCandidates(folded: String, ownedBy ownerID: String) throws -> [(id: String, name: String)] {
        try base.activeNameCandidates(folded: folded, ownedBy: ownerID)
    }
    func insert(_ habit: Habit) throws { try base.insert(habit) }
    func update(_ habit: Habit) throws { try base.update(habit) }
    func delete(id: String) throws { throw AppError(code: "test.delete_failed", message: "delete fails on purpose") }
}
