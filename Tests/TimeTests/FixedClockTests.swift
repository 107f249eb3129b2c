import Testing
import Time

@Suite struct FixedClockTests {
    static func instant(_ text: String) throws -> Instant {
        try #require(Instant(iso8601: text))
    }

    @Test func todayIsTomorrowEastOfUTCAndYesterdayWestOfIt() throws {
        let now = try Self.instant("2026-11-28T23:30:00Z")
        let seoul = FixedClock(now, timeZone: try TimeZoneRules.named("Asia/Seoul"))
        let losAngeles = FixedClock(now, timeZone: try TimeZoneRules.named("America/Los_Angeles"))
        #expect(seoul.today() == LocalDay(year: 2026, month: 11, day: 29))
        #expect(losAngeles.today() == LocalDay(year: 2026, month: 11, day: 28))
    }

    @Test func defaultZoneIsUTC() throws {
        let clock = FixedClock(try Self.instant("2026-11-28T23:30:00Z"))
        #expect(clock.timeZone.identifier == "UTC")
        #expect(clock.today().description == "2026-11-28")
    }

    @Test func clockStandsStill() throws {
        let now = try Self.instant("2026-11-28T23:30:00.250Z")
        let clock = FixedClock(now)
        #expect(clock.now() == now)
        #expect(clock.now() == now)
    }

    @Test func advancingOneSecondCrossesLocalMidnight() throws {
        let clock = FixedClock(
            try Self.instant("2026-11-29T23:59:59+09:00"), timeZone: try TimeZoneRules.named("Asia/Seoul"))
        #expect(clock.today().description == "2026-11-29")
        clock.advance(seconds: 1)
        #expect(clock.today().description == "2026-11-30")
        #expect(clock.format(clock.now()) == "2026-11-30T00:00:00+09:00")
    }

    @Test func advancingByMillisecondsMovesTheClockBothWays() throws {
        let start = try Self.instant("2026-11-28T23:30:00Z")
        let clock = FixedClock(start)
        clock.advance(milliseconds: 1_500)
        #expect(clock.now() == start.adding(milliseconds: 1_500))
        clock.advance(milliseconds: -2_000)
        #expect(clock.now() == start.adding(milliseconds: -500))
    }

    @Test func setMovesTheClockToTheInstant() throws {
        let clock = FixedClock(try Self.instant("2026-11-28T23:30:00Z"))
        let later = try Self.instant("2027-01-01T00:00:00Z")
        clock.set(later)
        #expect(clock.now() == later)
    }

    @Test func formatAndLocalDayUseTheClocksZone() throws {
        let clock = FixedClock(
            try Self.instant("2026-11-28T23:30:00Z"), timeZone: try TimeZoneRules.named("Asia/Seoul"))
        let instant = try Self.instant("2026-11-28T14:59:59.123Z")
        #expect(clock.format(instant) == "2026-11-28T23:59:59.123+09:00")
        #expect(clock.format(instant, milliseconds: true) == "2026-11-28T23:59:59.123+09:00")
        #expect(clock.localDay(of: instant).description == "2026-11-28")
        #expect(clock.localDay(of: instant.adding(seconds: 1)).description == "2026-11-29")
    }

    @Test func todayAcrossTheSpringForwardInNewYork() throws {
        // 2026-03-08 has 23 hours in New York: local midnight of the 9th is 04:00Z, not 05:00Z.
        let clock = FixedClock(
            try Self.instant("2026-03-08T05:00:00Z"), timeZone: try TimeZoneRules.named("America/New_York"))
        #expect(clock.today().description == "2026-03-08")
        clock.advance(seconds: 23 * 3600 - 1)
        #expect(clock.today().description == "2026-03-08")
        clock.advance(seconds: 1)
        #expect(clock.today().description == "2026-03-09")
    }
}
