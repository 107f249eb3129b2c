import Testing
import Time

@Suite struct InstantTests {
    /// 2026-11-28T23:30:00Z in milliseconds.
    static let base = 1_795_908_600_000

    @Test(arguments: [
        ("2026-11-28T23:30:00Z", base),
        ("2026-11-28T23:30:00z", base),
        ("2026-11-28t23:30:00Z", base),
        ("2026-11-28 23:30:00Z", base),
        ("2026-11-29T08:30:00+09:00", base),
        ("2026-11-29T08:30:00+0900", base),
        ("2026-11-29T08:30:00+09", base),
        ("2026-11-28T18:30:00-05:00", base),
        ("2026-11-28T18:30:00-0500", base),
        ("2026-11-29T05:00:00+05:30", base),
        ("2026-11-28T23:30:00+00:00", base),
        ("2026-11-28T23:30:00.250Z", base + 250),
        ("2026-11-29T08:30:00.250+09:00", base + 250),
        ("2026-11-28T23:30:00.5Z", base + 500),
        ("2026-11-28T23:30:00,75Z", base + 750),
        ("2026-11-28T23:30:00.123456Z", base + 123),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59.999Z", -1),
        ("1970-01-01T09:00:00+09:00", 0),
        ("1970-01-01T08:27:52+08:27:52", 0),
        ("1969-12-31T19:03:58-04:56:02", 0),
    ])
    func parsesISO8601WithAnOffset(text: String, milliseconds: Int) throws {
        let instant = try #require(Instant(iso8601: text))
        #expect(instant.millisecondsSince1970 == milliseconds)
    }

    @Test(arguments: [
        "2026-11-28T23:30:00", "2026-11-28T23:30:00.250", "2026-11-28", "2026-11-28T23:30Z", "2026-11-28T24:00:00Z",
        "2026-11-28T23:60:00Z", "2026-11-28T23:30:60Z", "2026-02-30T00:00:00Z", "2026-11-28T23:30:00.Z",
        "2026-11-28T23:30:00+9", "2026-11-28T23:30:00+19:00", "2026-11-28T23:30:00+09:60", "2026-11-28T23:30:00Zjunk",
        "2026-11-28X23:30:00Z", "2026-11-28T23-30-00Z", "2026-11-28T23:30:00 +09:00", "",
        "2026-11-28T23:30:00+08:27:60", "2026-11-28T23:30:00+08:27:5", "2026-11-28T23:30:00+08:2752",
        "2026-11-28T23:30:00+082752",
    ])
    func refusesTextWithoutAValidOffsetOrTime(text: String) {
        #expect(Instant(iso8601: text) == nil)
    }

    @Test func formatsInUTCWithZ() {
        let instant = Instant(millisecondsSince1970: Self.base + 250)
        #expect(instant.iso8601(in: .utc) == "2026-11-28T23:30:00.250Z")
        #expect(instant.iso8601(in: .utc, milliseconds: true) == "2026-11-28T23:30:00.250Z")
        #expect(instant.description == "2026-11-28T23:30:00.250Z")
    }

    @Test func formatsInSeoulWithItsOffset() throws {
        let seoul = try TimeZoneRules.named("Asia/Seoul")
        let instant = Instant(millisecondsSince1970: Self.base + 7)
        #expect(instant.iso8601(in: seoul) == "2026-11-29T08:30:00.007+09:00")
        #expect(instant.iso8601(in: seoul, milliseconds: true) == "2026-11-29T08:30:00.007+09:00")
    }

    /// What the database holds is printed: the milliseconds whenever there are any (so a
    /// script can time what it sees), none for a whole second unless asked (events ask).
    @Test func printsMillisecondsWhenTheInstantHasThem() throws {
        let seoul = try TimeZoneRules.named("Asia/Seoul")
        #expect(Instant(millisecondsSince1970: Self.base).iso8601(in: seoul) == "2026-11-29T08:30:00+09:00")
        #expect(Instant(millisecondsSince1970: Self.base + 1).iso8601(in: seoul) == "2026-11-29T08:30:00.001+09:00")
        #expect(
            Instant(millisecondsSince1970: Self.base).iso8601(in: seoul, milliseconds: true)
                == "2026-11-29T08:30:00.000+09:00")
    }

    @Test func formatsWestOfUTCWithANegativeOffset() throws {
        let newYork = try TimeZoneRules.named("America/New_York")
        #expect(Instant(millisecondsSince1970: Self.base).iso8601(in: newYork) == "2026-11-28T18:30:00-05:00")
    }

    @Test func formatsAnOffsetWithMinutes() {
        let india = TimeZoneRules(identifier: "IST", fixedOffset: 19_800)
        #expect(Instant(millisecondsSince1970: Self.base).iso8601(in: india) == "2026-11-29T05:00:00+05:30")
    }

    @Test func formatsLocalMeanTimeWithSecondsAndParsesItBack() throws {
        let seoul = try TimeZoneRules.named("Asia/Seoul")
        let text = Instant(millisecondsSince1970: -2_840_140_800_000).iso8601(in: seoul)
        #expect(text == "1880-01-01T08:27:52+08:27:52")
        #expect(Instant(iso8601: text)?.millisecondsSince1970 == -2_840_140_800_000)
    }

    @Test func formatsInstantsBefore1970() {
        #expect(Instant(millisecondsSince1970: -1).iso8601(in: .utc, milliseconds: true) == "1969-12-31T23:59:59.999Z")
        #expect(Instant(millisecondsSince1970: -1).iso8601(in: .utc) == "1969-12-31T23:59:59.999Z")
    }

    /// -2_840_140_800_000 is 1880-01-01T00:00:00Z, when Seoul kept local mean time (+08:27:52).
    @Test(
        arguments: ["UTC", "Asia/Seoul", "America/New_York"],
        [0, -1, 1, 999, -86_400_001, 1_795_908_600_250, -2_840_140_800_000])
    func formattedTextParsesBackToTheSameInstant(zone: String, milliseconds: Int) throws {
        let instant = Instant(millisecondsSince1970: milliseconds)
        let text = instant.iso8601(in: try TimeZoneRules.named(zone), milliseconds: true)
        #expect(Instant(iso8601: text) == instant, "\(text)")
    }

    @Test(arguments: [(0, 0), (999, 0), (1000, 1), (-1, -1), (-1000, -1), (-1001, -2)])
    func secondsRoundDown(milliseconds: Int, seconds: Int) {
        #expect(Instant(millisecondsSince1970: milliseconds).secondsSince1970 == seconds)
    }

    @Test func addingMovesByMillisecondsOrSeconds() {
        let instant = Instant(secondsSince1970: 10)
        #expect(instant.adding(seconds: -3).millisecondsSince1970 == 7_000)
        #expect(instant.adding(milliseconds: 5).millisecondsSince1970 == 10_005)
        #expect(instant < instant.adding(milliseconds: 1))
    }

    @Test(arguments: [
        ("Asia/Seoul", "2026-11-29"), ("America/Los_Angeles", "2026-11-28"), ("UTC", "2026-11-28"),
        ("Pacific/Kiritimati", "2026-11-29"), ("Pacific/Pago_Pago", "2026-11-28"),
    ])
    func localDayDependsOnTheZone(zone: String, expected: String) throws {
        let instant = Instant(millisecondsSince1970: Self.base)
        #expect(instant.localDay(in: try TimeZoneRules.named(zone)).description == expected)
    }

    @Test func localDayBefore1970RoundsDown() {
        #expect(Instant(millisecondsSince1970: -1).localDay(in: .utc).description == "1969-12-31")
    }
}
