import Testing
import Time

/// What a zone says about an instant besides its offset: summer time and the
/// abbreviation (`os.date`'s `isdst` and `%Z`).
@Suite struct TimeZoneLocalTimeTests {
    static let hour = 3600

    @Test(arguments: [
        ("America/New_York", "2026-01-15T12:00:00Z", -5 * hour, false, "EST"),
        ("America/New_York", "2026-07-01T12:00:00Z", -4 * hour, true, "EDT"),
        // After the file's last transition, the footer rule (EST5EDT,M3.2.0,M11.1.0) speaks.
        ("America/New_York", "2100-07-01T12:00:00Z", -4 * hour, true, "EDT"),
        ("America/New_York", "2100-01-15T12:00:00Z", -5 * hour, false, "EST"),
        ("Asia/Seoul", "2026-11-28T23:30:00Z", 9 * hour, false, "KST"),
        // Seoul kept summer time in 1988 (KDT).
        ("Asia/Seoul", "1988-07-01T00:00:00Z", 10 * hour, true, "KDT"),
        ("Australia/Sydney", "2026-01-15T12:00:00Z", 11 * hour, true, "AEDT"),
        ("Australia/Sydney", "2026-07-01T12:00:00Z", 10 * hour, false, "AEST"),
        ("Asia/Kolkata", "2026-11-28T23:30:00Z", 5 * hour + 1800, false, "IST"),
        ("America/Sao_Paulo", "2026-11-28T23:30:00Z", -3 * hour, false, "-03"),
        ("UTC", "2026-11-28T23:30:00Z", 0, false, "UTC"),
    ])
    func namedZonesGiveSummerTimeAndAbbreviation(
        zone: String, instant: String, offset: Int, summer: Bool, abbreviation: String
    ) throws {
        let seconds = try #require(Instant(iso8601: instant)).secondsSince1970
        let local = try TimeZoneRules.named(zone).localTimeType(atSecondsSince1970: seconds)
        #expect(local.offset == offset)
        #expect(local.isDaylightSaving == summer)
        #expect(local.abbreviation == abbreviation)
    }

    @Test(arguments: [
        ("EST5EDT,M3.2.0,M11.1.0", "2026-07-01T12:00:00Z", -4 * hour, true, "EDT"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-01-15T12:00:00Z", -5 * hour, false, "EST"),
        ("<+0330>-3:30", "2026-01-15T12:00:00Z", 3 * hour + 1800, false, "+0330"),
        ("KST-9", "2026-01-15T12:00:00Z", 9 * hour, false, "KST"),
    ])
    func posixRulesGiveSummerTimeAndAbbreviation(
        rule: String, instant: String, offset: Int, summer: Bool, abbreviation: String
    ) throws {
        let seconds = try #require(Instant(iso8601: instant)).secondsSince1970
        let local = try TimeZoneRules.named(rule).localTimeType(atSecondsSince1970: seconds)
        #expect(local.offset == offset)
        #expect(local.isDaylightSaving == summer)
        #expect(local.abbreviation == abbreviation)
    }

    @Test func aFixedOffsetZoneIsNamedByItsOffset() {
        let zone = TimeZoneRules(identifier: "fixed", fixedOffset: -(9 * 3600 + 1800))
        let local = zone.localTimeType(atSecondsSince1970: 0)
        #expect(local.offset == -(9 * 3600 + 1800) && !local.isDaylightSaving && local.abbreviation == "-0930")
    }
}
