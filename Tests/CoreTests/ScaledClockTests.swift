import Core
import Testing

@Suite struct ScaledClockTests {
    @Test func aFastClockRunsThatManyTimesRealTime() async throws {
        let start = Instant(iso8601: "2026-11-29T08:00:00+09:00")!
        let clock = try ScaledClock(start: start, rate: 3_600, timeZone: .utc)
        #expect(clock.now() >= start)
        try await Task.sleep(for: .milliseconds(50))
        let moved = clock.now().millisecondsSince1970 - start.millisecondsSince1970
        // 50 ms of real time at an hour per second: at least 180 s of app time.
        #expect(moved >= 180_000)
        #expect(moved < 3_600_000)
        #expect(clock.rate == 3_600)
    }

    @Test(arguments: [0, -1, 0.0001, 1_000_001, Double.nan])
    func ratesOutsideTheLimitsAreRefused(rate: Double) {
        #expect(throws: AppError.self) {
            try ScaledClock(start: Instant(millisecondsSince1970: 0), rate: rate, timeZone: .utc)
        }
    }

    @Test func theFixedClockStandsStillAndTheSystemClockRunsInRealTime() {
        #expect(FixedClock(Instant(millisecondsSince1970: 0)).rate == 0)
        #expect(SystemClock(timeZone: .utc).rate == 1)
    }
}
