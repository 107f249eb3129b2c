import Testing
import Time

@Suite struct ScaledClockTests {
    @Test func aFastClockRunsThatManyTimesRealTime() async throws {
        let start = Instant(iso8601: "2026-11-29T08:00:00+09:00")!
        let clock = try ScaledClock(start: start, rate: 3_600, timeZone: .utc)
        let before = ContinuousClock.now
        #expect(clock.now() >= start)
        try await Task.sleep(for: .milliseconds(50))
        let moved = clock.now().millisecondsSince1970 - start.millisecondsSince1970
        let real = before.duration(to: .now).components
        let realMilliseconds = real.seconds * 1000 + real.attoseconds / 1_000_000_000_000_000
        // 50 ms of real time (or more, on a busy machine) at an hour per second: at least
        // 180 s of app time, and no more than the real time that passed allows.
        #expect(moved >= 180_000)
        #expect(moved <= (realMilliseconds + 1) * 3_600)
        #expect(clock.rate == 3_600)
    }

    /// A clock made waiting (as app-shell makes it) shows its start, however long the
    /// start-up takes, until the script's first line starts it.
    @Test func aWaitingClockShowsItsStartUntilItBeginsRunning() async throws {
        let start = Instant(millisecondsSince1970: 1_000_000)
        let clock = try ScaledClock(start: start, rate: 1_000_000, timeZone: .utc, running: false)
        try await Task.sleep(for: .milliseconds(20))
        #expect(clock.now() == start)
        clock.beginRunning()
        try await Task.sleep(for: .milliseconds(5))
        #expect(clock.now() > start)
    }

    /// The stepped clock moves only when told, and never backwards.
    @Test func theSteppedClockMovesOnlyForwardAndOnlyWhenTold() async throws {
        let start = Instant(millisecondsSince1970: 5_000)
        let clock = SteppedClock(start: start, timeZone: .utc)
        try await Task.sleep(for: .milliseconds(5))
        #expect(clock.now() == start)
        #expect(clock.stepsToNextDue && clock.rate == 0)
        clock.advance(to: Instant(millisecondsSince1970: 9_000))
        #expect(clock.now().millisecondsSince1970 == 9_000)
        clock.advance(to: Instant(millisecondsSince1970: 7_000))
        #expect(clock.now().millisecondsSince1970 == 9_000)
        #expect(!FixedClock(start).stepsToNextDue)
    }

    @Test(arguments: [0, -1, 0.0001, 1_000_001, Double.nan])
    func ratesOutsideTheLimitsAreRefused(rate: Double) {
        #expect(throws: TimeError.self) {
            try ScaledClock(start: Instant(millisecondsSince1970: 0), rate: rate, timeZone: .utc)
        }
    }

    @Test func theFixedClockStandsStillAndTheSystemClockRunsInRealTime() {
        #expect(FixedClock(Instant(millisecondsSince1970: 0)).rate == 0)
        #expect(SystemClock(timeZone: .utc).rate == 1)
    }
}
