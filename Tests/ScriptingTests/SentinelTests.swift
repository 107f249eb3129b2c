import Synchronization
import Testing

@testable import Scripting

#if canImport(Glibc)
    import Glibc
#endif

/// The sentinel thread that replaced libdispatch for deadlines and signal pipes.
@Suite struct SentinelTests {
    /// Polls `condition` every 5 ms for at most `seconds`.
    private func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Sentinel.now() + UInt64(seconds * 1e9)
        while Sentinel.now() < end {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    @Test func aTimerRunsOnceAndNotBeforeItIsDue() {
        let firedAt = Mutex<[UInt64]>([])
        let armed = Sentinel.now()
        _ = Sentinel.shared.after(0.05) { firedAt.withLock { $0.append(Sentinel.now()) } }
        #expect(waitUntil(5) { firedAt.withLock { !$0.isEmpty } })
        usleep(60_000)
        let times = firedAt.withLock { $0 }
        #expect(times.count == 1)
        #expect((times.first ?? 0) >= armed + 50_000_000)
    }

    @Test func aCancelledTimerNeverRuns() {
        let fired = Atomic<Int>(0)
        let timer = Sentinel.shared.after(0.05) { fired.add(1, ordering: .relaxed) }
        timer.cancel()
        // A later timer proves the thread went past the cancelled one's time.
        let later = Atomic<Int>(0)
        _ = Sentinel.shared.after(0.12) { later.add(1, ordering: .relaxed) }
        #expect(waitUntil(5) { later.load(ordering: .relaxed) == 1 })
        #expect(fired.load(ordering: .relaxed) == 0)
    }

    @Test func timersRunInTheOrderTheyFallDue() {
        let order = Mutex<[Int]>([])
        _ = Sentinel.shared.after(0.09) { order.withLock { $0.append(3) } }
        _ = Sentinel.shared.after(0.03) { order.withLock { $0.append(1) } }
        _ = Sentinel.shared.after(0.06) { order.withLock { $0.append(2) } }
        #expect(waitUntil(5) { order.withLock { $0.count == 3 } })
        #expect(order.withLock { $0 } == [1, 2, 3])
    }

    /// Timers that fell due while an action ran run in due order, not in arming order.
    @Test func timersDueTogetherRunInDueOrder() {
        let order = Mutex<[Int]>([])
        _ = Sentinel.shared.after(0.01) { usleep(150_000) }
        _ = Sentinel.shared.after(0.08) { order.withLock { $0.append(2) } }
        _ = Sentinel.shared.after(0.04) { order.withLock { $0.append(1) } }
        #expect(waitUntil(5) { order.withLock { $0.count == 2 } })
        #expect(order.withLock { $0 } == [1, 2])
    }

    @Test func anActionMayArmTheNextTimer() {
        let ticks = Atomic<Int>(0)
        @Sendable func tick() {
            if ticks.add(1, ordering: .relaxed).newValue < 3 { _ = Sentinel.shared.after(0.01, tick) }
        }
        _ = Sentinel.shared.after(0.01, tick)
        #expect(waitUntil(5) { ticks.load(ordering: .relaxed) == 3 })
    }

    @Test func aWatchedDescriptorIsReadWhenWrittenAndNotAfterUnwatch() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let reads = Atomic<Int>(0)
        let readEnd = ends[0]
        let watched = Sentinel.shared.watch(readEnd) {
            var byte: UInt8 = 0
            if read(readEnd, &byte, 1) == 1 { reads.add(1, ordering: .relaxed) }
        }
        #expect(watched)  // the thread runs, so a signal handler may count on it
        var byte: UInt8 = 7
        _ = write(ends[1], &byte, 1)
        #expect(waitUntil(5) { reads.load(ordering: .relaxed) == 1 })
        Sentinel.shared.unwatch(readEnd)
        usleep(20_000)
        _ = write(ends[1], &byte, 1)
        usleep(100_000)
        #expect(reads.load(ordering: .relaxed) == 1)
    }
}
