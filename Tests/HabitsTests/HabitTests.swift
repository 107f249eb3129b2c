import AppTestSupport
import Core
import Habits
import Testing
import Time

/// The rules of the `Habit` entity and its `TrackingPeriod`s (docs/domain.md §2.2), with no storage.
@Suite struct HabitTests {
    static let created = Instant(secondsSince1970: 1_767_225_600)
    static let later = Instant(secondsSince1970: 1_767_700_000)

    private func day(_ text: String) throws -> LocalDay { try TestTime.day(text) }

    private func periods(_ texts: [String]) throws -> [TrackingPeriod] { try texts.map(HabitFixture.period) }

    // MARK: Name

    static let paddedNames = [
        "  Run  ", "\tRun\t", "\nRun\n", " \t\r\n Run \n\t ", "\r\nRun\r\n", "\u{3000}Run\u{00A0}",
    ]

    @Test(arguments: paddedNames)
    func nameIsTrimmedOfWhiteSpaceAndNewlines(raw: String) throws {
        let habit = try HabitFixture.habit(name: raw, start: "2026-01-01")
        #expect(habit.name == "Run")
    }

    @Test func whiteSpaceInsideTheNameIsKept() throws {
        let habit = try HabitFixture.habit(name: "  Morning  run\tlong \n", start: "2026-01-01")
        #expect(habit.name == "Morning  run\tlong")
    }

    static let blankNames = ["", " ", "   ", "\t", "\n", " \t\r\n ", "\u{3000}"]

    @Test(arguments: blankNames)
    func emptyOrBlankNameIsInvalidArgumentOnName(raw: String) throws {
        let error = try #require(throws: AppError.self) { try HabitFixture.habit(name: raw, start: "2026-01-01") }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
    }

    /// Names of exactly 100 characters (`Character`s, not bytes or scalars).
    static let hundredCharacterNames = [
        String(repeating: "a", count: 100),
        String(repeating: "가", count: 100),
        String(repeating: "\u{1100}\u{1161}", count: 100),  // 가 as two conjoining jamo: one Character
        String(repeating: "👍🏽", count: 100),
        "  " + String(repeating: "b", count: 100) + " \n",
    ]

    @Test(arguments: hundredCharacterNames)
    func nameOfOneHundredCharactersIsAccepted(raw: String) throws {
        let habit = try HabitFixture.habit(name: raw, start: "2026-01-01")
        #expect(habit.name.count == 100)
    }

    static let hundredAndOneCharacterNames = [
        String(repeating: "a", count: 101),
        String(repeating: "가", count: 101),
        String(repeating: "👍🏽", count: 101),
    ]

    @Test(arguments: hundredAndOneCharacterNames)
    func nameOfOneHundredAndOneCharactersIsRefused(raw: String) throws {
        let error = try #require(throws: AppError.self) { try HabitFixture.habit(name: raw, start: "2026-01-01") }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
    }

    @Test func renameTrimsTheNameAndKeepsEverythingButTheUpdateInstant() throws {
        let habit = try HabitFixture.habit(
            name: "Run", start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-05..."], at: Self.created)
        let renamed = try habit.renamed(to: "\t Walk \n", at: Self.later)
        #expect(renamed.name == "Walk")
        #expect(renamed.id == habit.id)
        #expect(renamed.ownerID == habit.ownerID)
        #expect(renamed.startDay == habit.startDay)
        #expect(renamed.trackingPeriods == habit.trackingPeriods)
        #expect(renamed.createdAt == Self.created)
        #expect(renamed.updatedAt == Self.later)
    }

    @Test(arguments: blankNames)
    func renameToABlankNameIsInvalidArgumentOnName(raw: String) throws {
        let habit = try HabitFixture.habit(start: "2026-01-01")
        let error = try #require(throws: AppError.self) { try habit.renamed(to: raw, at: Self.later) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
    }

    @Test func renameToOneHundredAndOneCharactersIsRefused() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01")
        let error = try #require(throws: AppError.self) {
            try habit.renamed(to: String(repeating: "가", count: 101), at: Self.later)
        }
        #expect(error.field == "name")
    }

    // MARK: New habit and periods

    @Test func newHabitHasOneOpenPeriodFromItsStartDay() throws {
        let habit = try Habit.new(
            id: "an-id", ownerID: "owner", name: "Run", startDay: try day("2026-01-10"), at: Self.created)
        #expect(habit.trackingPeriods == [try HabitFixture.period("2026-01-10...")])
        #expect(habit.isArchived == false)
        #expect(habit.createdAt == Self.created)
        #expect(habit.updatedAt == Self.created)
    }

    static let refusedLayouts: [[String]] = [
        ["2026-01-01...2026-01-05", "2026-01-03..."],  // overlap
        ["2026-01-01...2026-01-05", "2026-01-05...2026-01-08"],  // share a day
        ["2026-01-01...2026-01-05", "2026-01-06..."],  // adjacent: no untracked day between
        ["2026-01-01...", "2026-01-07..."],  // an open period before another
        ["2026-01-07...2026-01-09", "2026-01-01...2026-01-05"],  // out of order
        ["2025-12-31..."],  // before the habit's start
    ]

    @Test(arguments: refusedLayouts)
    func periodsThatOverlapTouchOrPrecedeTheStartAreRefused(layout: [String]) throws {
        let error = try #require(throws: AppError.self) {
            try HabitFixture.habit(start: "2026-01-01", periods: layout)
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "tracking_periods")
    }

    static let acceptedLayouts: [[String]] = [
        [],
        ["2026-01-01..."],
        ["2026-01-01...2026-01-05", "2026-01-07..."],
        ["2026-01-01...2026-01-01", "2026-01-03...2026-01-03", "2026-01-05...2026-01-09"],
        ["2026-01-03..."],
    ]

    @Test(arguments: acceptedLayouts)
    func periodsSeparatedByAtLeastOneUntrackedDayAreAccepted(layout: [String]) throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: layout)
        #expect(habit.trackingPeriods == (try periods(layout)))
    }

    @Test func periodEndingBeforeItStartsCannotBeMade() throws {
        #expect(TrackingPeriod(start: try day("2026-01-05"), end: try day("2026-01-04")) == nil)
        let oneDay = try #require(TrackingPeriod(start: try day("2026-01-05"), end: try day("2026-01-05")))
        #expect(oneDay.contains(try day("2026-01-05")))
        #expect(oneDay.isOpen == false)
    }

    @Test func periodContainsItsStartAndEndAndNothingOutside() throws {
        let closed = try HabitFixture.period("2026-01-02...2026-01-04")
        #expect(closed.contains(try day("2026-01-01")) == false)
        #expect(closed.contains(try day("2026-01-02")))
        #expect(closed.contains(try day("2026-01-04")))
        #expect(closed.contains(try day("2026-01-05")) == false)
        let open = try HabitFixture.period("2026-01-02...")
        #expect(open.isOpen)
        #expect(open.contains(try day("2099-12-31")))
        #expect(open.contains(try day("2026-01-01")) == false)
    }

    static let archivedLayouts: [([String], Bool)] = [
        ([], true),
        (["2026-01-01...2026-01-03"], true),
        (["2026-01-01...2026-01-03", "2026-01-05...2026-01-06"], true),
        (["2026-01-01...2026-01-03", "2026-01-05..."], false),
        (["2026-01-01..."], false),
    ]

    @Test(arguments: archivedLayouts)
    func habitIsArchivedWithoutPeriodsOrWhenTheLastIsClosed(layout: [String], archived: Bool) throws {
        #expect(try HabitFixture.habit(start: "2026-01-01", periods: layout).isArchived == archived)
    }

    // MARK: Archive

    @Test func archiveOnStartDayWithoutCompletionRemovesPeriod() throws {
        let habit = try HabitFixture.habit(start: "2026-01-06")
        let archived = try habit.archived(today: try day("2026-01-06"), completedToday: false, at: Self.later)
        #expect(archived.trackingPeriods.isEmpty)
        #expect(archived.isArchived)
        #expect(archived.startDay == (try day("2026-01-06")))
    }

    @Test func archiveOnStartDayWithCompletionKeepsThatOneDay() throws {
        let habit = try HabitFixture.habit(start: "2026-01-06")
        let archived = try habit.archived(today: try day("2026-01-06"), completedToday: true, at: Self.later)
        #expect(archived.trackingPeriods == [try HabitFixture.period("2026-01-06...2026-01-06")])
        #expect(archived.isArchived)
    }

    @Test func archiveWithACompletionTodayEndsThePeriodToday() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01")
        let archived = try habit.archived(today: try day("2026-01-06"), completedToday: true, at: Self.later)
        #expect(archived.trackingPeriods == [try HabitFixture.period("2026-01-01...2026-01-06")])
    }

    @Test func archiveWithoutACompletionTodayEndsThePeriodYesterday() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01")
        let archived = try habit.archived(today: try day("2026-01-06"), completedToday: false, at: Self.later)
        #expect(archived.trackingPeriods == [try HabitFixture.period("2026-01-01...2026-01-05")])
        #expect(archived.updatedAt == Self.later)
        #expect(archived.createdAt == habit.createdAt)
    }

    @Test func archiveOnTheStartOfALaterPeriodRemovesOnlyThatPeriod() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-06..."])
        let archived = try habit.archived(today: try day("2026-01-06"), completedToday: false, at: Self.later)
        #expect(archived.trackingPeriods == [try HabitFixture.period("2026-01-01...2026-01-03")])
        #expect(archived.isArchived)
    }

    static let alreadyArchivedLayouts: [[String]] = [[], ["2026-01-01...2026-01-03"]]

    @Test(arguments: alreadyArchivedLayouts)
    func archiveOfAnArchivedHabitIsAlreadyArchived(layout: [String]) throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: layout)
        let error = try #require(throws: AppError.self) {
            try habit.archived(today: try day("2026-01-06"), completedToday: false, at: Self.later)
        }
        #expect(error.code == "habits.already_archived")
    }

    @Test func archiveBeforeAFutureStartIsBeforeStart() throws {
        let habit = try HabitFixture.habit(start: "2026-01-10")
        let error = try #require(throws: AppError.self) {
            try habit.archived(today: try day("2026-01-06"), completedToday: false, at: Self.later)
        }
        #expect(error.code == "habits.before_start")
    }

    @Test func archiveBeforeTheStartOfTheOpenPeriodIsBeforeStart() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-08..."])
        let error = try #require(throws: AppError.self) {
            try habit.archived(today: try day("2026-01-06"), completedToday: true, at: Self.later)
        }
        #expect(error.code == "habits.before_start")
    }

    // MARK: Unarchive

    static let sameDayCases: [(String, Bool)] = [
        ("2026-01-01", false), ("2026-01-01", true), ("2026-01-06", false), ("2026-01-06", true),
    ]

    @Test(arguments: sameDayCases)
    func sameDayArchiveThenUnarchiveLeavesTheOpenPeriodAsBefore(start: String, completedToday: Bool) throws {
        let today = try day("2026-01-06")
        let habit = try HabitFixture.habit(start: start)
        let restored =
            try habit
            .archived(today: today, completedToday: completedToday, at: Self.later)
            .unarchived(today: today, at: Self.later)
        #expect(restored.trackingPeriods == habit.trackingPeriods)
        #expect(restored.trackingPeriods.count == 1)
        #expect(restored.isArchived == false)
    }

    @Test func unarchiveTheDayAfterThePeriodEndedReopensIt() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-05"])
        let unarchived = try habit.unarchived(today: try day("2026-01-06"), at: Self.later)
        #expect(unarchived.trackingPeriods == [try HabitFixture.period("2026-01-01...")])
        #expect(unarchived.updatedAt == Self.later)
    }

    @Test func unarchiveTwoDaysAfterThePeriodEndedStartsANewPeriod() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-05"])
        let unarchived = try habit.unarchived(today: try day("2026-01-07"), at: Self.later)
        #expect(unarchived.trackingPeriods == (try periods(["2026-01-01...2026-01-05", "2026-01-07..."])))
    }

    @Test func unarchiveWithoutPeriodsStartsOneToday() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: [])
        let unarchived = try habit.unarchived(today: try day("2026-01-09"), at: Self.later)
        #expect(unarchived.trackingPeriods == [try HabitFixture.period("2026-01-09...")])
        #expect(unarchived.startDay == (try day("2026-01-01")))
    }

    @Test func unarchiveOfAnActiveHabitIsNotArchived() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-05..."])
        let error = try #require(throws: AppError.self) {
            try habit.unarchived(today: try day("2026-01-06"), at: Self.later)
        }
        #expect(error.code == "habits.not_archived")
    }

    // MARK: Recordable days and tracking days

    static let unrecordableDays: [(String, String)] = [
        ("2025-12-31", "habits.before_start"),
        ("2026-01-09", "habits.future_day"),
        ("2027-01-01", "habits.future_day"),
        ("2026-01-04", "habits.outside_tracking_period"),
        ("2026-01-05", "habits.outside_tracking_period"),
    ]

    @Test(arguments: unrecordableDays)
    func dayBeforeStartInTheFutureOrBetweenPeriodsIsNotRecordable(target: String, code: String) throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-06..."])
        let error = try #require(throws: AppError.self) {
            try habit.checkRecordable(try day(target), today: try day("2026-01-08"))
        }
        #expect(error.code == code)
        #expect(error.field == "on")
    }

    static let recordableDays = ["2026-01-01", "2026-01-03", "2026-01-06", "2026-01-08"]

    @Test(arguments: recordableDays)
    func trackedDayUpToTodayIsRecordable(target: String) throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-06..."])
        #expect(throws: Never.self) { try habit.checkRecordable(try day(target), today: try day("2026-01-08")) }
        #expect(habit.isTracked(on: try day(target)))
    }

    @Test func trackingDaysAreThePeriodDaysUpToTheReference() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-06..."])
        let throughEighth = try ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-06", "2026-01-07", "2026-01-08"]
            .map(day)
        #expect(habit.trackingDays(through: try day("2026-01-08")) == throughEighth)
        #expect(habit.trackingDays(through: try day("2026-01-04")) == Array(throughEighth.prefix(3)))
        #expect(habit.trackingDays(through: try day("2026-01-02")) == Array(throughEighth.prefix(2)))
        #expect(habit.trackingDays(through: try day("2025-12-31")).isEmpty)
    }

    @Test func daysBetweenPeriodsAreNotTracked() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03", "2026-01-06..."])
        #expect(habit.isTracked(on: try day("2026-01-04")) == false)
        #expect(habit.isTracked(on: try day("2026-01-05")) == false)
        #expect(habit.isTracked(on: try day("2025-12-31")) == false)
        #expect(habit.isTracked(on: try day("2026-02-01")))
    }
}
