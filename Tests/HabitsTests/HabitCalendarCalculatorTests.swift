import AppTestSupport
import Core
import Habits
import Testing
import Time

/// Day states and monthly calendars from the pure calculator (docs/domain.md §2.1 heatmap, §2.4).
@Suite struct HabitCalendarCalculatorTests {
    let calculator = HabitCalendarCalculator()

    private func day(_ text: String) throws -> LocalDay { try TestTime.day(text) }

    /// Start 2026-01-02; tracked 01-02…01-03 and from 01-05; today is 2026-01-06.
    private func habitWithAGap() throws -> Habit {
        try HabitFixture.habit(start: "2026-01-02", periods: ["2026-01-02...2026-01-03", "2026-01-05..."])
    }

    static let states: [(String, Bool, DayState)] = [
        ("2026-01-05", true, .completed),
        ("2026-01-06", true, .completed),
        ("2026-01-05", false, .missed),
        ("2026-01-02", false, .missed),
        ("2026-01-06", false, .pending),
        ("2026-01-07", false, .future),
        ("2026-03-01", false, .future),
    ]

    @Test(arguments: states)
    func trackedDayIsCompletedPendingMissedOrFuture(target: String, completed: Bool, expected: DayState) throws {
        let state = calculator.state(
            of: try habitWithAGap(), on: try day(target), completed: completed, today: try day("2026-01-06"))
        #expect(state == expected)
    }

    static let untrackedDays = ["2026-01-01", "2026-01-04", "2025-12-31"]

    @Test(arguments: untrackedDays)
    func dayBeforeStartOrBetweenPeriodsHasNoState(target: String) throws {
        let state = calculator.state(
            of: try habitWithAGap(), on: try day(target), completed: false, today: try day("2026-01-06"))
        #expect(state == nil)
    }

    @Test func dayAfterAnArchivedPeriodHasNoState() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01", periods: ["2026-01-01...2026-01-03"])
        #expect(
            calculator.state(of: habit, on: try day("2026-01-04"), completed: false, today: try day("2026-01-06"))
                == nil)
        #expect(
            calculator.state(of: habit, on: try day("2026-01-03"), completed: false, today: try day("2026-01-06"))
                == .missed)
    }

    @Test func monthShowsCompletedMissedPendingAndEmptyDays() throws {
        let calendar = calculator.calendar(
            of: try habitWithAGap(), month: try day("2026-01-01"),
            completedDays: try HabitFixture.days(["2026-01-02", "2026-01-05"]), today: try day("2026-01-06"))
        #expect(calendar.year == 2026)
        #expect(calendar.month == 1)
        #expect(calendar.days.count == 31)
        #expect(calendar.days.map(\.date) == (1...31).compactMap { LocalDay(year: 2026, month: 1, day: $0) })
        let expected: [CalendarDayState] =
            [.empty, .completed, .missed, .empty, .completed, .pending] + Array(repeating: .empty, count: 25)
        #expect(calendar.days.map(\.state) == expected)
        #expect(calendar.days.filter(\.isToday).map(\.date) == [try day("2026-01-06")])
        #expect(calendar.canMoveToNextMonth == false)
    }

    @Test func completedTodayIsCompletedAndToday() throws {
        let calendar = calculator.calendar(
            of: try habitWithAGap(), month: try day("2026-01-01"), completedDays: try HabitFixture.days(["2026-01-06"]),
            today: try day("2026-01-06"))
        let today = try #require(calendar.days.first { $0.isToday })
        #expect(today.date == (try day("2026-01-06")))
        #expect(today.state == .completed)
    }

    @Test func futureDaysAreEmptyEvenWhenTracked() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01")
        let calendar = calculator.calendar(
            of: habit, month: try day("2026-01-01"), completedDays: [], today: try day("2026-01-06"))
        #expect(calendar.days.dropFirst(6).allSatisfy { $0.state == .empty && !$0.isToday })
        #expect(calendar.days.prefix(5).allSatisfy { $0.state == .missed })
    }

    @Test func earlierMonthCanMoveToTheNextOneAcrossTheYearBoundary() throws {
        let habit = try HabitFixture.habit(start: "2025-12-01")
        let calendar = calculator.calendar(
            of: habit, month: try day("2025-12-01"), completedDays: try HabitFixture.days(["2025-12-31"]),
            today: try day("2026-01-06"))
        #expect(calendar.year == 2025)
        #expect(calendar.month == 12)
        #expect(calendar.canMoveToNextMonth)
        #expect(calendar.days.count == 31)
        #expect(calendar.days.dropLast().allSatisfy { $0.state == .missed })
        #expect(calendar.days.last?.state == .completed)
        #expect(calendar.days.contains { $0.isToday } == false)
    }

    @Test func laterMonthIsAllEmptyAndCannotMoveOn() throws {
        let habit = try HabitFixture.habit(start: "2026-01-01")
        let calendar = calculator.calendar(
            of: habit, month: try day("2026-02-01"), completedDays: [], today: try day("2026-01-06"))
        #expect(calendar.days.count == 28)
        #expect(calendar.days.allSatisfy { $0.state == .empty })
        #expect(calendar.canMoveToNextMonth == false)
    }

    static let monthLengths: [(String, Int)] = [
        ("2026-02-01", 28), ("2028-02-01", 29), ("2100-02-01", 28), ("2000-02-01", 29), ("2026-04-01", 30),
        ("2026-12-01", 31),
    ]

    @Test(arguments: monthLengths)
    func monthHasADayPerCalendarDate(first: String, length: Int) throws {
        let habit = try HabitFixture.habit(start: "2026-01-01")
        let calendar = calculator.calendar(
            of: habit, month: try day(first), completedDays: [], today: try day("2026-01-06"))
        #expect(calendar.days.count == length)
        #expect(calendar.days.last?.date.day == length)
    }
}
