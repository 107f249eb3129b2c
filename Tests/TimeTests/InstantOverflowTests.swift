import Testing
import Time

/// No instant traps: every operation of `Instant` and `TimeZoneRules` takes any `Int`, and
/// outside numbers pass through the checked conversions, which take the years 1 to 9999.
@Suite struct InstantOverflowTests {
    static let extremes = [
        Int.min, Int.min + 1, Int.min / 1000, -(1 << 62), -62_135_596_800_001, -1, 0, 253_402_300_800_000,
        1 << 62, Int.max / 1000, Int.max / 1000 + 1, Int.max - 1, Int.max,
    ]

    /// Zones whose offset after their last transition comes from a POSIX rule with summer
    /// time (Berlin east of UTC, New York west, Sydney in the south), a bare rule, and fixed ones.
    static func zones() throws -> [TimeZoneRules] {
        [
            try TimeZoneRules.named("Europe/Berlin"), try TimeZoneRules.named("America/New_York"),
            try TimeZoneRules.named("Australia/Sydney"), try TimeZoneRules.named("Asia/Seoul"),
            try TimeZoneRules.named("EST5EDT,M3.2.0,M11.1.0"), try TimeZoneRules.named("<+14>-14"),
            try TimeZoneRules.named("<-12>12"), .utc,
        ]
    }

    @Test(arguments: extremes)
    func zonesAndFormattingTakeAnyInstant(milliseconds: Int) throws {
        let instant = Instant(millisecondsSince1970: milliseconds)
        for zone in try Self.zones() {
            let offset = zone.offset(atSecondsSince1970: milliseconds)
            #expect(abs(offset) <= 26 * 3600)
            _ = zone.localTimeType(atSecondsSince1970: milliseconds)
            _ = zone.offset(at: instant)
            _ = instant.localDay(in: zone)
            #expect(!instant.iso8601(in: zone).isEmpty)
            #expect(!instant.iso8601(in: zone, milliseconds: true).isEmpty)
        }
        #expect(!instant.description.isEmpty)
    }

    @Test(arguments: extremes)
    func arithmeticSaturatesAtTheEndsOfInt(value: Int) {
        let instant = Instant(millisecondsSince1970: value)
        let later = instant.adding(milliseconds: Int.max)
        #expect(later.millisecondsSince1970 == (value >= 0 ? Int.max : value + Int.max))
        let earlier = instant.adding(milliseconds: Int.min)
        #expect(earlier.millisecondsSince1970 == (value < 0 ? Int.min : value + Int.min))
        #expect(instant.adding(seconds: Int.max) == later)
        #expect(instant.adding(seconds: Int.min) == earlier)
        let fromSeconds = Instant(secondsSince1970: value)
        let product = value.multipliedReportingOverflow(by: 1000)
        let saturated = value < 0 ? Int.min : Int.max
        #expect(fromSeconds.millisecondsSince1970 == (product.overflow ? saturated : product.partialValue))
        _ = instant.secondsSince1970
    }

    @Test(arguments: [(Int.max, Int.max), (Int.min, Int.min), (Int.max / 86_400, Int.max), (Int.min / 86_400, Int.min)])
    func aLocalTimeOfAFarDaySaturates(dayNumber: Int, seconds: Int) throws {
        let day = LocalDay(dayNumber: dayNumber)
        for zone in try Self.zones() {
            _ = Instant(local: day, seconds: seconds, in: zone)
            _ = Instant(local: day, seconds: 0, in: zone)
        }
    }

    @Test func theCheckedRangeIsTheYearsOneTo9999() throws {
        let first = try #require(Instant(checkedMillisecondsSince1970: Instant.checkedMilliseconds.lowerBound))
        let last = try #require(Instant(checkedMillisecondsSince1970: Instant.checkedMilliseconds.upperBound))
        #expect(first.iso8601(in: .utc, milliseconds: true) == "0001-01-01T00:00:00.000Z")
        #expect(last.iso8601(in: .utc, milliseconds: true) == "9999-12-31T23:59:59.999Z")
        #expect(Instant(checkedMillisecondsSince1970: Instant.checkedMilliseconds.lowerBound - 1) == nil)
        #expect(Instant(checkedMillisecondsSince1970: Instant.checkedMilliseconds.upperBound + 1) == nil)
        #expect(Instant(checkedSecondsSince1970: 253_402_300_799)?.millisecondsSince1970 == 253_402_300_799_000)
        #expect(Instant(checkedSecondsSince1970: 253_402_300_800) == nil)
        #expect(Instant(checkedSecondsSince1970: Int.max) == nil)
        #expect(Instant(checkedSecondsSince1970: Int.min) == nil)
        #expect(Instant(checkedMillisecondsSince1970: 0)?.isInCheckedYears == true)
        #expect(!Instant(millisecondsSince1970: Int.max).isInCheckedYears)
    }

    @Test(arguments: [Int.min, -62_135_596_800_001, 253_402_300_800_000, Int.max])
    func aCheckedConversionNamesTheFieldAndTheNumber(milliseconds: Int) {
        #expect(
            throws: TimeError(
                "sections.walks.logs[1].started_at: \(milliseconds) ms since 1970 is not an instant in the years 1 to 9999",
                field: "sections.walks.logs[1].started_at")
        ) {
            try Instant.checked(milliseconds: milliseconds, field: "sections.walks.logs[1].started_at")
        }
    }

    @Test(arguments: ["0001-01-01T00:00:00+09:00", "9999-12-31T23:00:00-05:00"])
    func iso8601OutsideTheYearsInUTCIsRefused(text: String) {
        #expect(Instant(iso8601: text) == nil)
    }

    /// A rule repeats every 400 years, so a far instant gets the offset its date has now:
    /// ahead in a named zone (whose file's rule applies after its last transition), both ways
    /// under a bare rule.
    @Test func summerTimeFarAwayFollowsTheRule() throws {
        let cycle = 146_097 * 86_400
        let july2026 = try #require(Instant(iso8601: "2026-07-01T12:00:00Z")).secondsSince1970
        let december2026 = try #require(Instant(iso8601: "2026-12-01T12:00:00Z")).secondsSince1970
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let rule = try TimeZoneRules.named("CET-1CEST,M3.5.0,M10.5.0/3")
        for cycles in [1, 1000, 1_000_000] {
            #expect(berlin.offset(atSecondsSince1970: july2026 + cycles * cycle) == 7200)
            #expect(berlin.offset(atSecondsSince1970: december2026 + cycles * cycle) == 3600)
        }
        for cycles in [1, 1000, 1_000_000, -1, -1000, -1_000_000] {
            #expect(rule.offset(atSecondsSince1970: july2026 + cycles * cycle) == 7200)
            #expect(rule.offset(atSecondsSince1970: december2026 + cycles * cycle) == 3600)
        }
    }
}
