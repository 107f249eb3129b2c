import Testing
import Time

@Suite struct DailyTimeTests {
    static let newYork = try! TimeZoneRules.named("America/New_York")
    static let berlin = try! TimeZoneRules.named("Europe/Berlin")
    static let seoul = try! TimeZoneRules.named("Asia/Seoul")

    static func instant(_ text: String) -> Instant { Instant(iso8601: text)! }
    static func day(_ text: String) -> LocalDay { LocalDay(parsing: text)! }

    @Test(arguments: [
        ("07:30", 7, 30), ("7:30", 7, 30), ("00:00", 0, 0), ("23:59", 23, 59), ("21:00", 21, 0),
    ])
    func parsesTimesOfDay(text: String, hour: Int, minute: Int) throws {
        let time = try #require(DailyTime(parsing: text))
        #expect(time.hour == hour && time.minute == minute)
    }

    @Test(arguments: ["24:00", "07:60", "7:5", "0730", "07:30:00", "", "ab:cd", "-1:00", " 7:30", "７:30"])
    func refusesWhatIsNotATimeOfDay(text: String) {
        #expect(DailyTime(parsing: text) == nil)
    }

    @Test func anOrdinaryDayIsThatWallTime() {
        let time = DailyTime(hour: 21, minute: 0)!
        #expect(
            time.occurrence(on: Self.day("2026-11-29"), in: Self.seoul) == Self.instant("2026-11-29T21:00:00+09:00"))
    }

    /// 2026-03-08 in New York: 02:00 EST becomes 03:00 EDT, so 02:30 does not exist.
    @Test(arguments: [
        ("02:30", "2026-03-08T03:00:00-04:00"), ("02:00", "2026-03-08T03:00:00-04:00"),
        ("03:00", "2026-03-08T03:00:00-04:00"), ("01:59", "2026-03-08T01:59:00-05:00"),
        ("03:01", "2026-03-08T03:01:00-04:00"),
    ])
    func aTimeSkippedInNewYorkFiresAtTheFirstMinuteAfterTheGap(text: String, expected: String) {
        let time = DailyTime(parsing: text)!
        #expect(time.occurrence(on: Self.day("2026-03-08"), in: Self.newYork) == Self.instant(expected))
    }

    /// 2026-03-29 in Berlin: 02:00 CET becomes 03:00 CEST.
    @Test func aTimeSkippedInBerlinFiresAtThreeOClock() {
        let time = DailyTime(hour: 2, minute: 15)!
        #expect(
            time.occurrence(on: Self.day("2026-03-29"), in: Self.berlin) == Self.instant("2026-03-29T03:00:00+02:00"))
    }

    /// 2026-11-01 in New York: 02:00 EDT goes back to 01:00 EST, so 01:30 happens twice.
    @Test func aRepeatedTimeInNewYorkFiresOnceAtTheFirst() {
        let time = DailyTime(hour: 1, minute: 30)!
        let first = time.occurrence(on: Self.day("2026-11-01"), in: Self.newYork)
        #expect(first == Self.instant("2026-11-01T01:30:00-04:00"))
        // The second 01:30 (EST) is not a new occurrence: the next one is the day after.
        #expect(time.nextOccurrence(after: first, in: Self.newYork) == Self.instant("2026-11-02T01:30:00-05:00"))
        #expect(
            time.nextOccurrence(after: Self.instant("2026-11-01T01:15:00-05:00"), in: Self.newYork)
                == Self.instant("2026-11-02T01:30:00-05:00"))
    }

    /// 2026-10-25 in Berlin: 03:00 CEST goes back to 02:00 CET.
    @Test func aRepeatedTimeInBerlinFiresOnce() {
        let time = DailyTime(hour: 2, minute: 30)!
        let first = time.nextOccurrence(after: Self.instant("2026-10-25T00:00:00+02:00"), in: Self.berlin)
        #expect(first == Self.instant("2026-10-25T02:30:00+02:00"))
        #expect(time.nextOccurrence(after: first, in: Self.berlin) == Self.instant("2026-10-26T02:30:00+01:00"))
    }

    @Test func walkingAcrossBothChangesFiresOnceEachDay() {
        let time = DailyTime(hour: 2, minute: 30)!
        var instant = Self.instant("2026-03-06T12:00:00-05:00")
        var days: [String] = []
        for _ in 0..<5 {
            instant = time.nextOccurrence(after: instant, in: Self.newYork)
            days.append(instant.iso8601(in: Self.newYork))
        }
        #expect(
            days == [
                "2026-03-07T02:30:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00",
                "2026-03-10T02:30:00-04:00", "2026-03-11T02:30:00-04:00",
            ])
    }

    @Test func nextOccurrenceIsStrictlyLater() {
        let time = DailyTime(hour: 8, minute: 0)!
        let now = Self.instant("2026-11-29T08:00:00+09:00")
        #expect(time.nextOccurrence(after: now, in: Self.seoul) == Self.instant("2026-11-30T08:00:00+09:00"))
        #expect(
            time.nextOccurrence(after: now.adding(milliseconds: -1), in: Self.seoul) == now)
    }
}
