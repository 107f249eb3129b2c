import Core
import Testing
import Time

@testable import Scripting

/// `os.time` and `os.date` follow the app's clock and zone (the fixture: 2026-11-29
/// 08:00 in Asia/Seoul, which is 2026-11-28 23:00 UTC).
@Suite struct OSClockTests {
    @Test func timeIsTheAppClocksNow() throws {
        let now = try #require(EngineFixture.now)
        #expect(try EngineFixture().values("return os.time()") == [.int(now.secondsSince1970)])
    }

    @Test(arguments: [
        ("%Y-%m-%d %H:%M:%S", "2026-11-29 08:00:00"),
        ("!%Y-%m-%d %H:%M:%S", "2026-11-28 23:00:00"),
        ("%z %Z", "+0900 KST"),
        ("!%Z", "GMT"),
        ("%A %j", "Sunday 333"),
        ("보리 🐶 %d", "보리 🐶 29"),
        ("%%\\0%d", "%\u{0}29"),
    ])
    func dateFormatsInTheAppsZone(format: String, expected: String) throws {
        #expect(try EngineFixture().values("return os.date(\"\(format)\")") == [.string(expected)])
    }

    @Test func dateTableFieldsMatch() throws {
        let values = try EngineFixture().values(
            "local d = os.date('*t') return d.year, d.month, d.day, d.hour, d.min, d.sec, d.wday, d.yday, d.isdst")
        #expect(values == [2026, 11, 29, 8, 0, 0, 1, 333, false])
    }

    @Test func timeOfATableReadsItInTheAppsZoneAndNormalises() throws {
        let values = try EngineFixture().values(
            """
            local t = {year = 2005, month = 1, day = 1, hour = 1, min = 0, sec = -3602}
            local s = os.time(t)
            return os.time{year = 2026, month = 11, day = 29, hour = 8} == os.time(), s, t.year, t.month, t.day,
              t.hour, t.min, t.sec, t.yday
            """)
        // 2004-12-31 23:59:58 in Seoul is 14:59:58 UTC.
        #expect(values == [true, 1_104_505_198, 2004, 12, 31, 23, 59, 58, 366])
    }

    @Test func summerTimeIsReadAndWrittenInTheZone() throws {
        let now = try #require(Instant(iso8601: "2026-07-01T12:00:00-04:00"))
        let fixture = try EngineFixture(now: now, zone: try TimeZoneRules.named("America/New_York"))
        let values = try fixture.values(
            "local d = os.date('*t') return d.hour, d.isdst, os.date('*t', os.time() + 183 * 86400).isdst, os.time(d) == os.time()"
        )
        #expect(values == [12, true, false, true])
    }

    @Test(arguments: [
        ("os.date('%Ea')", "bad argument #1 to 'date' (invalid conversion specifier '%Ea')"),
        ("os.date('%')", "invalid conversion specifier '%'"),
        ("os.date('%Y', 1.5)", "bad argument #2 to 'date' (number has no integer representation)"),
        ("os.date('%Y', 2^60)", "date result cannot be represented"),
        ("os.time{year = 2000, month = 1, day = 1, hour = 'x'}", "field 'hour' is not an integer"),
        ("os.time{hour = 12}", "field 'year' missing in date table"),
        ("os.time{year = 2000, month = 1, day = 2^32}", "field 'day' is out-of-bound"),
        ("os.time(1)", "bad argument #1 to 'time' (table expected, got number)"),
    ])
    func badArgumentsRaiseLuasMessages(call: String, message: String) throws {
        let values = try EngineFixture().values("local ok, e = pcall(function() return \(call) end) return ok, e")
        #expect(values.first == false)
        let text = try #require(values.last?.stringValue)
        #expect(text.contains(message), "\(text)")
    }
}
