import Testing
import Time

@Suite struct LocalDayTests {
    static func day(_ text: String) throws -> LocalDay {
        try #require(LocalDay(parsing: text))
    }

    @Test(arguments: ["2026-11-29", "1970-01-01", "1969-12-31", "2000-02-29", "0001-01-01", "9999-12-31", "0999-06-15"])
    func parsingThenFormattingGivesTheSameText(text: String) throws {
        #expect(try Self.day(text).description == text)
    }

    @Test func componentsComeFromTheParsedText() throws {
        let day = try Self.day("2026-11-29")
        #expect(day.year == 2026)
        #expect(day.month == 11)
        #expect(day.day == 29)
        #expect(LocalDay(year: 2026, month: 11, day: 29) == day)
    }

    @Test(arguments: [
        "2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-11-00", "2026-1-01",
        "20261101", "2026-11-01x", "0000-01-01", "", "2026/11/01", "+026-11-01", " 2026-11-01", "2026-11-1 ",
        "2026-1a-01", "１２３４-11-01",
    ])
    func invalidDayTextIsRefused(text: String) {
        #expect(LocalDay(parsing: text) == nil)
    }

    @Test(arguments: [
        (2026, 2, 30), (2026, 13, 1), (2026, 0, 10), (0, 1, 1), (10000, 1, 1), (2026, 1, 0), (2026, 1, 32),
    ])
    func invalidComponentsAreRefused(year: Int, month: Int, day: Int) {
        #expect(LocalDay(year: year, month: month, day: day) == nil)
    }

    @Test func parseThrowsInvalidArgumentNamingTheFieldAndText() throws {
        let error = try #require(throws: TimeError.self) { try LocalDay.parse("2026-02-30", field: "on") }
        #expect(error.field == "on")
        #expect(error.message == "on: '2026-02-30' is not a valid day (expected YYYY-MM-DD)")
    }

    @Test func parseWithoutAFieldNamesOnlyTheText() throws {
        let error = try #require(throws: TimeError.self) { try LocalDay.parse("nope") }
        #expect(error.field == nil)
        #expect(error.message == "'nope' is not a valid day (expected YYYY-MM-DD)")
    }

    @Test(arguments: [
        ("2024-02-29", true), ("2000-02-29", true), ("1900-02-29", false), ("2100-02-29", false), ("2025-02-29", false),
        ("1600-02-29", true),
    ])
    func februaryTwentyNinthExistsOnlyInLeapYears(text: String, exists: Bool) {
        #expect((LocalDay(parsing: text) != nil) == exists)
    }

    @Test(arguments: [(2024, true), (2000, true), (1600, true), (1900, false), (2100, false), (2026, false), (4, true)])
    func leapYearsAreGregorian(year: Int, isLeap: Bool) {
        #expect(LocalDay.isLeapYear(year) == isLeap)
    }

    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-01"), ("2026-12-31", 1, "2027-01-01"), ("2024-02-28", 1, "2024-02-29"),
        ("2024-02-29", 1, "2024-03-01"), ("2026-02-28", 1, "2026-03-01"), ("2026-04-30", 1, "2026-05-01"),
        ("2026-03-01", -1, "2026-02-28"), ("2024-03-01", -1, "2024-02-29"), ("2027-01-01", -1, "2026-12-31"),
        ("1970-01-01", -1, "1969-12-31"), ("2026-11-29", 365, "2027-11-29"), ("2024-01-01", 366, "2025-01-01"),
        ("2026-11-29", 0, "2026-11-29"),
    ])
    func addingDaysCrossesMonthAndYearEnds(start: String, days: Int, expected: String) throws {
        #expect(try Self.day(start).adding(days: days).description == expected)
    }

    @Test func nextAndPreviousAreOneDayAway() throws {
        let day = try Self.day("2026-12-31")
        #expect(day.next.description == "2027-01-01")
        #expect(day.previous.description == "2026-12-30")
        #expect(day.next.previous == day)
    }

    @Test(arguments: [
        ("2026-01-01", "2026-12-31", 364), ("2024-01-01", "2024-12-31", 365), ("2026-11-29", "2026-11-28", -1),
        ("1969-12-31", "1970-01-01", 1), ("2026-11-29", "2026-11-29", 0), ("2000-01-01", "2100-01-01", 36_525),
    ])
    func distanceCountsDaysToTheOtherDay(from: String, to: String, days: Int) throws {
        #expect(try Self.day(from).distance(to: Self.day(to)) == days)
    }

    @Test func daysStrideAndCompareInTimeOrder() throws {
        let start = try Self.day("2026-02-27")
        let end = try Self.day("2026-03-02")
        #expect((start...end).map(\.description) == ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
        #expect(start < end)
        #expect(!(end < start))
    }

    @Test(arguments: [
        ("2026-11-29", 7), ("1970-01-01", 4), ("1969-12-31", 3), ("2024-02-29", 4), ("2000-01-01", 6),
        ("2026-11-30", 1), ("0001-01-01", 1), ("9999-12-31", 5), ("1900-03-01", 4),
    ])
    func weekdayIsISOWithMondayOneAndSundaySeven(text: String, weekday: Int) throws {
        #expect(try Self.day(text).weekday == weekday)
    }

    @Test(arguments: [
        ("1970-01-01", 0), ("1969-12-31", -1), ("1970-01-02", 1), ("2000-01-01", 10_957), ("0001-01-01", -719_162),
        ("9999-12-31", 2_932_896), ("1900-01-01", -25_567),
    ])
    func dayNumberCountsFromTheEpochAndIsNegativeBefore(text: String, dayNumber: Int) throws {
        #expect(try Self.day(text).dayNumber == dayNumber)
        #expect(LocalDay(dayNumber: dayNumber).description == text)
    }

    @Test func daysBefore1970HaveTheirOwnComponents() {
        let day = LocalDay(dayNumber: -1)
        #expect(day.year == 1969)
        #expect(day.month == 12)
        #expect(day.day == 31)
    }

    @Test(arguments: [
        ("2026-01-15", 31), ("2026-02-01", 28), ("2024-02-10", 29), ("1900-02-10", 28), ("2000-02-10", 29),
        ("2026-04-30", 30), ("2026-06-01", 30), ("2026-09-09", 30), ("2026-11-29", 30), ("2026-12-31", 31),
    ])
    func daysInMonthKnowsMonthLengthsAndLeapYears(text: String, days: Int) throws {
        #expect(try Self.day(text).daysInMonth == days)
    }

    @Test(arguments: [("2026-11-29", "2026-11-01"), ("2024-02-29", "2024-02-01"), ("1969-12-31", "1969-12-01")])
    func firstOfMonthIsDayOne(text: String, first: String) throws {
        #expect(try Self.day(text).firstOfMonth.description == first)
    }

    /// Days of years 0 to 9999 are written as ten bytes at once; days past them (reached by
    /// day number only) the general way, with the same padding and sign.
    @Test(arguments: [
        (LocalDay(year: 1, month: 1, day: 1)?.dayNumber ?? 0, "0001-01-01"),
        (LocalDay(year: 9999, month: 12, day: 31)?.dayNumber ?? 0, "9999-12-31"),
        ((LocalDay(year: 9999, month: 12, day: 31)?.dayNumber ?? 0) + 1, "10000-01-01"),
        ((LocalDay(year: 1, month: 1, day: 1)?.dayNumber ?? 0) - 1, "0000-12-31"),
        ((LocalDay(year: 1, month: 1, day: 1)?.dayNumber ?? 0) - 367, "-001-12-31"),
        (0, "1970-01-01"),
    ])
    func describesEveryYearPadded(dayNumber: Int, text: String) {
        #expect(LocalDay(dayNumber: dayNumber).description == text)
    }
}
