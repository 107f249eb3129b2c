import Testing
import Time

@Suite struct TimeZoneRulesTests {
    static let hour = 3600

    static func offset(_ zone: TimeZoneRules, at text: String) throws -> Int {
        zone.offset(at: try #require(Instant(iso8601: text)))
    }

    @Test(arguments: [
        // New York: EDT from 2026-03-08 07:00Z (02:00 EST) to 2026-11-01 06:00Z (02:00 EDT).
        ("America/New_York", "2026-01-15T12:00:00Z", -5 * hour),
        ("America/New_York", "2026-03-08T06:59:59Z", -5 * hour),
        ("America/New_York", "2026-03-08T07:00:00Z", -4 * hour),
        ("America/New_York", "2026-07-01T12:00:00Z", -4 * hour),
        ("America/New_York", "2026-11-01T05:59:59Z", -4 * hour),
        ("America/New_York", "2026-11-01T06:00:00Z", -5 * hour),
        // Berlin: CEST from 2026-03-29 01:00Z to 2026-10-25 01:00Z.
        ("Europe/Berlin", "2026-01-15T12:00:00Z", 1 * hour),
        ("Europe/Berlin", "2026-03-29T00:59:59Z", 1 * hour),
        ("Europe/Berlin", "2026-03-29T01:00:00Z", 2 * hour),
        ("Europe/Berlin", "2026-10-25T00:59:59Z", 2 * hour),
        ("Europe/Berlin", "2026-10-25T01:00:00Z", 1 * hour),
        ("America/Los_Angeles", "2026-11-28T23:30:00Z", -8 * hour),
        ("America/Los_Angeles", "2026-07-01T12:00:00Z", -7 * hour),
        ("Asia/Seoul", "2026-11-28T23:30:00Z", 9 * hour),
        ("Asia/Seoul", "2026-07-01T12:00:00Z", 9 * hour),
        ("Asia/Kolkata", "2026-11-28T23:30:00Z", 5 * hour + 1800),
        ("Australia/Sydney", "2026-01-15T12:00:00Z", 11 * hour),
        ("Australia/Sydney", "2026-07-01T12:00:00Z", 10 * hour),
    ])
    func offsetFollowsTheZonesRulesAcrossDaylightSavingChanges(zone: String, instant: String, offset: Int) throws {
        #expect(try Self.offset(TimeZoneRules.named(zone), at: instant) == offset)
    }

    @Test(arguments: [
        ("America/New_York", "2100-07-01T12:00:00Z", -4 * hour),
        ("America/New_York", "2100-01-15T12:00:00Z", -5 * hour),
        ("America/New_York", "2100-03-14T07:00:00Z", -4 * hour),
        ("America/New_York", "2100-03-14T06:59:59Z", -5 * hour),
        ("Europe/Berlin", "2100-07-01T12:00:00Z", 2 * hour),
        ("Europe/Berlin", "2100-12-01T12:00:00Z", 1 * hour),
        ("Australia/Sydney", "2100-01-15T12:00:00Z", 11 * hour),
        ("Asia/Seoul", "2100-07-01T12:00:00Z", 9 * hour),
    ])
    func offsetBeyondTheLastTransitionFollowsTheFooterRule(zone: String, instant: String, offset: Int) throws {
        #expect(try Self.offset(TimeZoneRules.named(zone), at: instant) == offset)
    }

    @Test(arguments: [
        ("Asia/Seoul", "2026-11-29"), ("America/Los_Angeles", "2026-11-28"), ("UTC", "2026-11-28"),
        ("Europe/Berlin", "2026-11-29"), ("America/New_York", "2026-11-28"),
    ])
    func todayDependsOnTheClocksZone(zone: String, expected: String) throws {
        let now = try #require(Instant(iso8601: "2026-11-28T23:30:00Z"))
        let clock = FixedClock(now, timeZone: try TimeZoneRules.named(zone))
        #expect(clock.today().description == expected)
    }

    @Test(arguments: [
        // Just after midnight local time on the first day of daylight-saving time and the day after.
        ("America/New_York", "2026-03-08T05:00:00Z", "2026-03-08"),
        ("America/New_York", "2026-03-08T04:59:59Z", "2026-03-07"),
        ("America/New_York", "2026-03-09T04:00:00Z", "2026-03-09"),
        ("America/New_York", "2026-03-09T03:59:59Z", "2026-03-08"),
        ("America/New_York", "2026-11-01T03:59:59Z", "2026-10-31"),
        ("America/New_York", "2026-11-01T04:00:00Z", "2026-11-01"),
        ("America/New_York", "2026-11-02T04:59:59Z", "2026-11-01"),
        ("America/New_York", "2026-11-02T05:00:00Z", "2026-11-02"),
        ("Europe/Berlin", "2026-03-28T23:00:00Z", "2026-03-29"),
        ("Europe/Berlin", "2026-03-29T21:59:59Z", "2026-03-29"),
        ("Europe/Berlin", "2026-03-29T22:00:00Z", "2026-03-30"),
    ])
    func localMidnightMovesWithDaylightSavingTime(zone: String, instant: String, expected: String) throws {
        let clock = FixedClock(try #require(Instant(iso8601: instant)), timeZone: try TimeZoneRules.named(zone))
        #expect(clock.today().description == expected)
    }

    @Test(arguments: [
        ("America/New_York", "2026-03-08T06:59:59Z", "2026-03-08T01:59:59-05:00"),
        ("America/New_York", "2026-03-08T07:00:00Z", "2026-03-08T03:00:00-04:00"),
        ("America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T01:30:00-04:00"),
        ("America/New_York", "2026-11-01T06:30:00Z", "2026-11-01T01:30:00-05:00"),
        ("Europe/Berlin", "2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00"),
    ])
    func formattingUsesTheOffsetInForceAtTheInstant(zone: String, instant: String, expected: String) throws {
        let clock = FixedClock(try #require(Instant(iso8601: instant)), timeZone: try TimeZoneRules.named(zone))
        #expect(clock.format(clock.now()) == expected)
    }

    @Test(arguments: ["UTC", "GMT", "Z", "Etc/UTC", ":UTC"])
    func utcAliasesAreUTC(name: String) throws {
        let zone = try TimeZoneRules.named(name)
        #expect(zone.identifier == "UTC")
        #expect(try Self.offset(zone, at: "2026-07-01T12:00:00Z") == 0)
    }

    @Test func leadingColonIsAllowedBeforeAName() throws {
        let zone = try TimeZoneRules.named(":Asia/Seoul")
        #expect(zone.identifier == "Asia/Seoul")
        #expect(try Self.offset(zone, at: "2026-07-01T12:00:00Z") == 9 * Self.hour)
    }

    @Test(arguments: [
        ("EST5EDT,M3.2.0,M11.1.0", "2026-01-15T12:00:00Z", -5 * hour),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-08T06:59:59Z", -5 * hour),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-11-01T06:00:00Z", -5 * hour),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T00:59:59Z", 1 * hour),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T01:00:00Z", 1 * hour),
        ("KST-9", "2026-11-28T23:30:00Z", 9 * hour),
        ("KST-9", "2026-07-01T12:00:00Z", 9 * hour),
        ("<+0330>-3:30", "2026-07-01T12:00:00Z", 3 * hour + 1800),
    ])
    func posixRuleNamesGiveStandardTimeOutsideDaylightSaving(name: String, instant: String, offset: Int) throws {
        let zone = try TimeZoneRules.named(name)
        #expect(zone.identifier == name)
        #expect(try Self.offset(zone, at: instant) == offset)
    }

    @Test(arguments: [
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-08T07:00:00Z", -4 * hour),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-07-01T12:00:00Z", -4 * hour),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-11-01T05:59:59Z", -4 * hour),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T01:00:00Z", 2 * hour),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T00:59:59Z", 2 * hour),
    ])
    func posixRuleNamesGiveDaylightTimeInsideDaylightSaving(name: String, instant: String, offset: Int) throws {
        let actual = try Self.offset(TimeZoneRules.named(name), at: instant)
        do {
            #expect(actual == offset)
        }
    }

    @Test func posixRuleZoneGivesTheSameDayAsTheNamedZone() throws {
        let now = try #require(Instant(iso8601: "2026-11-28T23:30:00Z"))
        #expect(FixedClock(now, timeZone: try TimeZoneRules.named("KST-9")).today().description == "2026-11-29")
        #expect(
            FixedClock(now, timeZone: try TimeZoneRules.named("PST8PDT,M3.2.0,M11.1.0")).today().description
                == "2026-11-28")
    }

    @Test func posixRuleZoneTodayFollowsDaylightSaving() throws {
        // 00:30 EDT on July 1, but 23:30 on June 30 if daylight time were ignored.
        let now = try #require(Instant(iso8601: "2026-07-01T04:30:00Z"))
        let named = FixedClock(now, timeZone: try TimeZoneRules.named("America/New_York"))
        let rule = FixedClock(now, timeZone: try TimeZoneRules.named("EST5EDT,M3.2.0,M11.1.0"))
        #expect(named.today().description == "2026-07-01")
        do {
            #expect(rule.today() == named.today())
        }
    }

    @Test(arguments: [
        "Mars/Olympus_Mons", "", "../etc/passwd", "Not a zone", "Asia/Seoul\n", "EST5EDT,M13.1.0,M11.1.0", ":",
    ])
    func unknownZoneThrowsInvalidArgumentForTz(name: String) throws {
        let error = try #require(throws: TimeError.self) { try TimeZoneRules.named(name) }
        #expect(error.field == "tz")
    }

    @Test func unknownZoneMessageNamesTheZone() throws {
        let error = try #require(throws: TimeError.self) { try TimeZoneRules.named("Mars/Olympus_Mons") }
        #expect(error.message.contains("'Mars/Olympus_Mons'"))
    }

    @Test func namedZoneIsLookedUpInTheGivenDirectory() throws {
        let error = try #require(throws: TimeError.self) {
            try TimeZoneRules.named("Asia/Seoul", directory: "/nonexistent/zoneinfo")
        }
        #expect(error.field == "tz")
    }

    @Test(arguments: [[], Array("TZif".utf8), Array("not a time zone file at all, not even close".utf8)])
    func bytesThatAreNotTZifAreRefused(bytes: [UInt8]) throws {
        let error = try #require(throws: TimeError.self) { try TimeZoneRules(identifier: "broken", tzif: bytes) }
        #expect(error.field == "tz")
    }

    @Test func fixedOffsetZoneNeverChanges() throws {
        let zone = TimeZoneRules(identifier: "+05:30", fixedOffset: 19_800)
        #expect(try Self.offset(zone, at: "1900-01-01T00:00:00Z") == 19_800)
        #expect(try Self.offset(zone, at: "2100-07-01T00:00:00Z") == 19_800)
        #expect(zone.description == "+05:30")
    }

    @Test func zoneFromAPosixRuleFollowsTheRule() throws {
        let rule = try #require(PosixTimeZoneRule(parsing: "EST5EDT,M3.2.0,M11.1.0"))
        let zone = TimeZoneRules(identifier: "US Eastern", rule: rule)
        #expect(try Self.offset(zone, at: "2026-12-01T12:00:00Z") == -5 * Self.hour)
        let summer = try Self.offset(zone, at: "2026-07-01T12:00:00Z")
        do {
            #expect(summer == -4 * Self.hour)
        }
    }
}
