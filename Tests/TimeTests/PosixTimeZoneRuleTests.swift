import Testing
import Time

@Suite struct PosixTimeZoneRuleTests {
    static let hour = 3600

    static func rule(_ text: String) throws -> PosixTimeZoneRule {
        try #require(PosixTimeZoneRule(parsing: text))
    }

    static func offset(_ rule: PosixTimeZoneRule, at text: String) throws -> Int {
        rule.offset(atSecondsSince1970: try #require(Instant(iso8601: text)).secondsSince1970)
    }

    @Test(arguments: [
        ("KST-9", 9 * hour, nil as Int?),
        ("EST5EDT,M3.2.0,M11.1.0", -5 * hour, -4 * hour),
        ("EST5EDT", -5 * hour, -4 * hour),
        ("EST5EDT4,M3.2.0,M11.1.0", -5 * hour, -4 * hour),
        ("<+0330>-3:30", 3 * hour + 1800, nil),
        ("<-03>3", -3 * hour, nil),
        ("UTC0", 0, nil),
        ("IST-5:30", 5 * hour + 1800, nil),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", 10 * hour, 11 * hour),
        ("GMT0BST,M3.5.0/1,M10.5.0", 0, 1 * hour),
        ("<+1345>-13:45<+1445>,M9.5.0/2:45,M4.1.0/3:45", 13 * hour + 2700, 14 * hour + 2700),
    ])
    func parsesOffsetsEastOfUTC(text: String, standard: Int, daylight: Int?) throws {
        let rule = try Self.rule(text)
        #expect(rule.standardOffset == standard)
        #expect(rule.daylightOffset == daylight)
    }

    @Test(arguments: [
        "", "EST", "E5", "5", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,M3.0.0,M11.1.0", "EST5EDT,J0,J300", "EST5EDT,J366,J300",
        "EST5EDT,366,300", "EST5EDT,M3.2.0,M11.1.0x", "EST5EDT,M3.2.0/,M11.1.0", "EST99", "EST5:60", "<AB>5",
        "<+0330-3:30", "EST5EDT;M3.2.0,M11.1.0",
    ])
    func refusesTextThatIsNoRule(text: String) {
        #expect(PosixTimeZoneRule(parsing: text) == nil)
    }

    @Test(arguments: ["2026-01-01T00:00:00Z", "2026-07-01T00:00:00Z", "1950-07-01T00:00:00Z", "2300-07-01T00:00:00Z"])
    func ruleWithoutDaylightSavingIsAlwaysStandard(instant: String) throws {
        #expect(try Self.offset(Self.rule("KST-9"), at: instant) == 9 * Self.hour)
    }

    @Test(arguments: [
        // US rules: second Sunday of March 02:00 standard, first Sunday of November 02:00 daylight.
        ("2026-03-08T06:59:59Z", -5 * hour), ("2026-03-08T07:00:00Z", -4 * hour),
        ("2026-11-01T05:59:59Z", -4 * hour), ("2026-11-01T06:00:00Z", -5 * hour),
        // 2027: March 14 and November 7.
        ("2027-03-14T06:59:59Z", -5 * hour), ("2027-03-14T07:00:00Z", -4 * hour),
        ("2027-11-07T05:59:59Z", -4 * hour), ("2027-11-07T06:00:00Z", -5 * hour),
        ("2100-07-01T12:00:00Z", -4 * hour), ("2100-12-25T12:00:00Z", -5 * hour),
    ])
    func usRuleChangesOnTheSecondSundayOfMarchAndFirstOfNovember(instant: String, offset: Int) throws {
        #expect(try Self.offset(Self.rule("EST5EDT,M3.2.0,M11.1.0"), at: instant) == offset)
    }

    @Test(arguments: ["2026-03-08T07:00:00Z", "2026-11-01T05:59:59Z", "2026-11-01T06:00:00Z", "2026-01-01T00:00:00Z"])
    func missingRulesDefaultToTheUSRules(instant: String) throws {
        let explicit = try Self.rule("EST5EDT,M3.2.0,M11.1.0")
        let implicit = try Self.rule("EST5EDT")
        #expect(try Self.offset(implicit, at: instant) == Self.offset(explicit, at: instant))
    }

    @Test(arguments: [
        // Sydney: daylight time ends on the first Sunday of April at 03:00 daylight, starts on the
        // first Sunday of October at 02:00 standard; in 2026 April 5 and October 4.
        ("2026-01-15T00:00:00Z", 11 * hour), ("2026-04-04T15:59:59Z", 11 * hour),
        ("2026-04-04T16:00:00Z", 10 * hour), ("2026-07-01T00:00:00Z", 10 * hour),
        ("2026-10-03T15:59:59Z", 10 * hour), ("2026-10-03T16:00:00Z", 11 * hour),
        ("2026-12-31T23:00:00Z", 11 * hour),
    ])
    func southernHemisphereDaylightTimeSpansTheNewYear(instant: String, offset: Int) throws {
        #expect(try Self.offset(Self.rule("AEST-10AEDT,M10.1.0,M4.1.0/3"), at: instant) == offset)
    }

    @Test(arguments: [
        // London: last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC.
        ("2026-03-29T00:59:59Z", 0), ("2026-03-29T01:00:00Z", 1 * hour),
        ("2026-10-25T00:59:59Z", 1 * hour), ("2026-10-25T01:00:00Z", 0),
        // 2027: March has four Sundays (the last is the 28th), October five (the last is the 31st).
        ("2027-03-28T00:59:59Z", 0), ("2027-03-28T01:00:00Z", 1 * hour),
        ("2027-10-31T00:59:59Z", 1 * hour), ("2027-10-31T01:00:00Z", 0),
    ])
    func weekFiveMeansTheLastWeekdayOfTheMonth(instant: String, offset: Int) throws {
        #expect(try Self.offset(Self.rule("GMT0BST,M3.5.0/1,M10.5.0"), at: instant) == offset)
    }

    @Test(arguments: [
        // J60 is March 1 in every year, leap or not.
        ("2024-03-01T01:59:59Z", 0), ("2024-03-01T02:00:00Z", 1 * hour),
        ("2025-03-01T01:59:59Z", 0), ("2025-03-01T02:00:00Z", 1 * hour),
    ])
    func julianDaysNeverCountFebruaryTwentyNinth(instant: String, offset: Int) throws {
        #expect(try Self.offset(Self.rule("AAA0BBB,J60,J300"), at: instant) == offset)
    }

    @Test(arguments: [
        // Zero-based day 59 is February 29 in a leap year and March 1 otherwise.
        ("2024-02-29T01:59:59Z", 0), ("2024-02-29T02:00:00Z", 1 * hour),
        ("2025-02-28T12:00:00Z", 0), ("2025-03-01T01:59:59Z", 0), ("2025-03-01T02:00:00Z", 1 * hour),
    ])
    func zeroBasedDaysCountFebruaryTwentyNinth(instant: String, offset: Int) throws {
        #expect(try Self.offset(Self.rule("AAA0BBB,59,300"), at: instant) == offset)
    }

    @Test func changeTimesMayBeNegativeOrBeyondADay() throws {
        // Starts at 24:00 on the last Thursday of March (Friday 00:00), ends at -1:00 on
        // the first Sunday of November (Saturday 23:00), both local.
        let rule = try Self.rule("AAA0BBB,M3.5.4/24,M11.1.0/-1")
        #expect(try Self.offset(rule, at: "2026-03-26T23:59:59Z") == 0)
        #expect(try Self.offset(rule, at: "2026-03-27T00:00:00Z") == Self.hour)
        #expect(try Self.offset(rule, at: "2026-10-31T21:59:59Z") == Self.hour)
        #expect(try Self.offset(rule, at: "2026-10-31T22:00:00Z") == 0)
    }
}
