import AppTestSupport
import Core
import Habits
import Testing

/// StackDay's statistics (docs/domain.md §2.3 and its test table, adapted to tracking periods,
/// and the examples of docs/domain.md §2.3), from the pure calculator; every case is computed both
/// from a set of days and from sorted days, and the two must agree.
@Suite struct HabitStatisticsCalculatorTests {
    let calculator = HabitStatisticsCalculator()

    private func statistics(
        start: String = "2026-01-01", periods: [String]? = nil, completed: [String], reference: String
    ) throws -> HabitStatistics {
        let habit = try HabitFixture.habit(start: start, periods: periods)
        let days = try completed.map(TestTime.day)
        let referenceDay = try TestTime.day(reference)
        let fromSorted = calculator.statistics(of: habit, sortedCompletedDays: days.sorted(), reference: referenceDay)
        let fromSet = calculator.statistics(of: habit, completedDays: Set(days), reference: referenceDay)
        #expect(fromSet == fromSorted, "the set and the sorted-days forms must agree")
        return fromSorted
    }

    @Test func completionsOnTheFirstAndThirdGiveTwoOfThreeDays() throws {
        let result = try statistics(completed: ["2026-01-01", "2026-01-03"], reference: "2026-01-03")
        #expect(result.totalCompletedDays == 2)
        #expect(result.eligibleTrackingDays == 3)
        #expect(result.completionRate == 2.0 / 3.0)
    }

    @Test func uncompletedReferenceDayIsStillEligibleForTheRate() throws {
        let result = try statistics(completed: ["2026-01-01"], reference: "2026-01-02")
        #expect(result.totalCompletedDays == 1)
        #expect(result.eligibleTrackingDays == 2)
        #expect(result.completionRate == 0.5)
    }

    @Test func daysAreCountedAcrossTheYearBoundary() throws {
        let result = try statistics(
            start: "2025-12-31", completed: ["2025-12-31", "2026-01-01", "2026-01-02"], reference: "2026-01-02")
        #expect(
            result
                == HabitStatistics(
                    totalCompletedDays: 3, eligibleTrackingDays: 3, completionRate: 1,
                    streak: HabitStreak(current: 3, longest: 3)))
    }

    @Test func archivedHabitIgnoresDaysAfterItsPeriodEnded() throws {
        let result = try statistics(
            periods: ["2026-01-01...2026-01-03"],
            completed: ["2026-01-01", "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-06"], reference: "2026-01-10")
        #expect(result.eligibleTrackingDays == 3)
        #expect(result.totalCompletedDays == 2)
        #expect(result.completionRate == 2.0 / 3.0)
        #expect(result.streak == HabitStreak(current: 1, longest: 1))
    }

    @Test func completionsOnOneTwoThreeFiveSixGiveCurrentTwoLongestThree() throws {
        let result = try statistics(
            completed: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-01-06"], reference: "2026-01-06")
        #expect(result.streak == HabitStreak(current: 2, longest: 3))
        #expect(result.totalCompletedDays == 5)
        #expect(result.eligibleTrackingDays == 6)
    }

    @Test func uncompletedReferenceDayKeepsTheStreak() throws {
        let result = try statistics(completed: ["2026-01-01", "2026-01-02"], reference: "2026-01-03")
        #expect(result.streak == HabitStreak(current: 2, longest: 2))
        #expect(result.eligibleTrackingDays == 3)
    }

    @Test func missedPastDayResetsTheCurrentStreak() throws {
        let result = try statistics(completed: ["2026-01-01", "2026-01-02"], reference: "2026-01-04")
        #expect(result.streak == HabitStreak(current: 0, longest: 2))
        #expect(result.eligibleTrackingDays == 4)
        #expect(result.completionRate == 0.5)
    }

    @Test func referenceBeforeStartGivesAllZeros() throws {
        let result = try statistics(start: "2026-01-10", completed: ["2026-01-10"], reference: "2026-01-05")
        #expect(
            result
                == HabitStatistics(
                    totalCompletedDays: 0, eligibleTrackingDays: 0, completionRate: 0,
                    streak: HabitStreak(current: 0, longest: 0)))
    }

    @Test func completedReferenceDayCountsInTheCurrentStreak() throws {
        let result = try statistics(completed: ["2026-01-02", "2026-01-03"], reference: "2026-01-03")
        #expect(result.streak == HabitStreak(current: 2, longest: 2))
    }

    @Test func uncompletedStartDayAsReferenceGivesZeros() throws {
        let result = try statistics(start: "2026-01-05", completed: [], reference: "2026-01-05")
        #expect(result.eligibleTrackingDays == 1)
        #expect(result.totalCompletedDays == 0)
        #expect(result.completionRate == 0)
        #expect(result.streak == HabitStreak(current: 0, longest: 0))
    }

    @Test func daysBetweenPeriodsAreNeitherEligibleNorBreakTheLongestStreak() throws {
        let result = try statistics(
            periods: ["2026-01-01...2026-01-03", "2026-01-06..."],
            completed: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-06", "2026-01-07"], reference: "2026-01-07")
        #expect(result.eligibleTrackingDays == 5)
        #expect(result.totalCompletedDays == 5)
        #expect(result.completionRate == 1)
        #expect(result.streak == HabitStreak(current: 5, longest: 5))
    }

    @Test func completionsOutsideEveryPeriodAreNotCounted() throws {
        let result = try statistics(
            periods: ["2026-01-01...2026-01-03", "2026-01-06..."],
            completed: ["2025-12-31", "2026-01-04", "2026-01-05", "2026-01-08"], reference: "2026-01-07")
        #expect(result.totalCompletedDays == 0)
        #expect(result.eligibleTrackingDays == 5)
        #expect(result.streak == HabitStreak(current: 0, longest: 0))
    }

    @Test func referenceBetweenPeriodsKeepsTheStreakOfTheLastPeriod() throws {
        let result = try statistics(
            periods: ["2026-01-01...2026-01-03", "2026-01-06..."], completed: ["2026-01-02", "2026-01-03"],
            reference: "2026-01-05")
        #expect(result.eligibleTrackingDays == 3)
        #expect(result.streak == HabitStreak(current: 2, longest: 2))
    }

    @Test func completionsAfterTheReferenceAreNotCounted() throws {
        let result = try statistics(
            completed: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"], reference: "2026-01-03")
        #expect(
            result
                == HabitStatistics(
                    totalCompletedDays: 3, eligibleTrackingDays: 3, completionRate: 1,
                    streak: HabitStreak(current: 3, longest: 3)))
    }

    @Test func currentStreakRunsAcrossTheGapBetweenPeriods() throws {
        let result = try statistics(
            periods: ["2026-01-01...2026-01-03", "2026-01-06..."], completed: ["2026-01-03", "2026-01-06"],
            reference: "2026-01-07")
        #expect(result.streak == HabitStreak(current: 2, longest: 2))
        #expect(result.eligibleTrackingDays == 5)
    }

    @Test func uncompletedReferenceOnTheLastDayOfAClosedPeriodKeepsTheStreak() throws {
        let result = try statistics(
            periods: ["2026-01-01...2026-01-03"], completed: ["2026-01-01", "2026-01-02"], reference: "2026-01-03")
        #expect(result.streak == HabitStreak(current: 2, longest: 2))
        #expect(result.eligibleTrackingDays == 3)
    }

    @Test func habitWithoutPeriodsHasNoEligibleDaysAndARateOfZero() throws {
        let result = try statistics(periods: [], completed: ["2026-01-01"], reference: "2026-01-10")
        #expect(result.eligibleTrackingDays == 0)
        #expect(result.totalCompletedDays == 0)
        #expect(result.completionRate == 0)
        #expect(result.streak == HabitStreak(current: 0, longest: 0))
    }

    @Test func streakRunsThroughTheLeapDay() throws {
        let result = try statistics(
            start: "2028-02-27", completed: ["2028-02-28", "2028-02-29", "2028-03-01"], reference: "2028-03-01")
        #expect(result.eligibleTrackingDays == 4)
        #expect(result.streak == HabitStreak(current: 3, longest: 3))
    }

    @Test func februaryOfACommonYearHasNoTwentyNinth() throws {
        let result = try statistics(
            start: "2026-02-27", completed: ["2026-02-28", "2026-03-01"], reference: "2026-03-01")
        #expect(result.eligibleTrackingDays == 3)
        #expect(result.streak == HabitStreak(current: 2, longest: 2))
    }

    @Test func eligibleDaysOfALongSpanAreCalendarDays() throws {
        let result = try statistics(start: "2026-01-01", completed: [], reference: "2026-12-31")
        #expect(result.eligibleTrackingDays == 365)
        let leapYear = try statistics(start: "2028-01-01", completed: [], reference: "2028-12-31")
        #expect(leapYear.eligibleTrackingDays == 366)
    }
}
