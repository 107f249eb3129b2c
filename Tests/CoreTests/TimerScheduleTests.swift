import Core
import Testing
import Time

@Suite struct TimerScheduleTests {
    static let newYork = try! TimeZoneRules.named("America/New_York")
    static func instant(_ text: String) -> Instant { Instant(iso8601: text)! }

    /// Walks the schedule from `start` to `end` in steps of `step` seconds, as a loop that
    /// wakes that often would, and returns the firings as (timer, local time).
    static func walk(
        _ schedule: inout TimerSchedule, from start: Instant, to end: Instant, step: Int, zone: TimeZoneRules
    ) -> [(Int, String)] {
        var firings: [(Int, String)] = []
        var now = start
        while now <= end {
            for entry in schedule.takeDue(at: now, zone: zone) { firings.append((entry.id, now.iso8601(in: zone))) }
            now = now.adding(seconds: step)
        }
        return firings
    }

    @Test func aDayOfTimersAcrossTheSpringChangeFiresInOrder() throws {
        var schedule = TimerSchedule()
        let start = Self.instant("2026-03-07T23:00:00-05:00")
        let hourly = try schedule.add(.every(milliseconds: 3_600_000), now: start, zone: Self.newYork)
        let skipped = try schedule.add(.daily(DailyTime(hour: 2, minute: 30)!), now: start, zone: Self.newYork)
        let once = try schedule.add(.once(milliseconds: 90 * 60_000), now: start, zone: Self.newYork)
        let firings = Self.walk(
            &schedule, from: start, to: Self.instant("2026-03-08T05:00:00-04:00"), step: 60, zone: Self.newYork)
        #expect(firings.map(\.0) == [hourly, once, hourly, hourly, skipped, hourly, hourly])
        #expect(firings[4].1 == "2026-03-08T03:00:00-04:00")
        #expect(schedule.entries[once] == nil)
        #expect(schedule.entries.count == 2)
    }

    @Test func aRepeatedHourFiresTheDailyTimerOnceAndTheHourlyOneEveryRealHour() throws {
        var schedule = TimerSchedule()
        let start = Self.instant("2026-11-01T00:00:00-04:00")
        let hourly = try schedule.add(.every(milliseconds: 3_600_000), now: start, zone: Self.newYork)
        let daily = try schedule.add(.daily(DailyTime(hour: 1, minute: 30)!), now: start, zone: Self.newYork)
        let firings = Self.walk(
            &schedule, from: start, to: Self.instant("2026-11-01T03:00:00-05:00"), step: 60, zone: Self.newYork)
        // 01:00 EDT, 01:30 EDT (daily), 01:00 EST, 02:00 EST, 03:00 EST: four real hours.
        #expect(firings.map(\.0) == [hourly, daily, hourly, hourly, hourly])
        #expect(firings.filter { $0.0 == daily }.map(\.1) == ["2026-11-01T01:30:00-04:00"])
    }

    @Test func aTimerThatFellBehindFiresOnceAndKeepsItsGrid() throws {
        var schedule = TimerSchedule()
        let start = Self.instant("2026-11-29T08:00:00+09:00")
        let id = try schedule.add(.every(milliseconds: 60_000), now: start, zone: .utc)
        let late = start.adding(seconds: 60 * 10 + 30)
        #expect(schedule.takeDue(at: late, zone: .utc).map(\.id) == [id])
        #expect(schedule.takeDue(at: late, zone: .utc).isEmpty)
        #expect(schedule.nextDue == start.adding(seconds: 60 * 11))
    }

    @Test func tiesFireInTheOrderTheTimersWereSet() throws {
        var schedule = TimerSchedule()
        let start = Self.instant("2026-11-29T08:00:00Z")
        let second = try schedule.add(.once(milliseconds: 1_000), now: start.adding(seconds: -1), zone: .utc)
        let first = try schedule.add(.every(milliseconds: 2_000), now: start.adding(seconds: -2), zone: .utc)
        let third = try schedule.add(.once(milliseconds: 0), now: start, zone: .utc)
        #expect(schedule.takeDue(at: start, zone: .utc).map(\.id) == [second, first, third])
    }

    @Test func removingATimerStopsIt() throws {
        var schedule = TimerSchedule()
        let start = Self.instant("2026-11-29T08:00:00Z")
        let id = try schedule.add(.every(milliseconds: 1_000), now: start, zone: .utc)
        let removed = schedule.remove(id)
        let again = schedule.remove(id)
        #expect(removed && !again)
        #expect(schedule.takeDue(at: start.adding(seconds: 5), zone: .utc).isEmpty)
        #expect(schedule.nextDue == nil)
    }

    @Test func atMostAThousandTimers() throws {
        var schedule = TimerSchedule()
        let start = Self.instant("2026-11-29T08:00:00Z")
        for _ in 0..<TimerSchedule.maximumTimers {
            _ = try schedule.add(.once(milliseconds: 1_000), now: start, zone: .utc)
        }
        #expect(throws: AppError.self) { try schedule.add(.once(milliseconds: 1_000), now: start, zone: .utc) }
        do {
            _ = try schedule.add(.once(milliseconds: 1_000), now: start, zone: .utc)
        } catch let error as AppError {
            #expect(error.code == "app.too_many_timers")
            #expect(error.message.contains("1000"))
        }
    }

    @Test(arguments: [(0.05, true), (-1, false), (31_622_401, true), (Double.nan, false), (Double.infinity, true)])
    func intervalsOutsideTheLimitsAreRefused(seconds: Double, repeating: Bool) {
        #expect(throws: AppError.self) { try TimerSchedule.interval(seconds: seconds, repeating: repeating) }
    }

    @Test(arguments: [(0.1, true, 100), (0, false, 0), (1.5, false, 1_500), (86_400, true, 86_400_000)])
    func intervalsInsideTheLimitsAreMilliseconds(seconds: Double, repeating: Bool, milliseconds: Int) throws {
        #expect(try TimerSchedule.interval(seconds: seconds, repeating: repeating) == milliseconds)
    }
}
