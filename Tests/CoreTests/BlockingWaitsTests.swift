import Synchronization
import Testing

@testable import Core

/// `BlockingWaits`: a deadline cancels the waits of the thread it watches and no other's,
/// so one engine's timeout never cuts short another engine's statement in the same
/// process; Ctrl-C too cancels only the waits of the thread running the chunk it stops.
/// (Found when the unit tests ran beside the end-to-end scripts: a Lua timeout test
/// cancelled another test's `mate_join`.)
@Suite struct BlockingWaitsTests {
    @Test func aDeadlineCancelsTheWaitsOfItsOwnThreadOnly() {
        let cancelled = Mutex(0)
        let here = BlockingWaits.currentThread
        // Any other thread's name: the waits of this one are not its waits.
        let elsewhere = here &+ 1
        let counts = BlockingWaits.shared.during({ cancelled.withLock { $0 += 1 } }) {
            let other = BlockingWaits.shared.cancelAll(on: elsewhere)
            let mine = BlockingWaits.shared.cancelAll(on: here)
            return (other: other, mine: mine)
        }
        #expect(counts.other == 0)
        #expect(counts.mine == 1)
        #expect(cancelled.withLock { $0 } == 1)
    }

    /// A wait with a limit of its own (a COMMIT waiting for a synchronous standby, which the
    /// server's statement_timeout does not bound) is cancelled once past it, and only once;
    /// a wait within its limit, or without one, is left alone. The instant is given, so no
    /// test races the clock.
    @Test func aWaitPastItsOwnLimitIsCancelledOnce() {
        let limited = Mutex(0)
        let unlimited = Mutex(0)
        let started = ContinuousClock.now
        // Waits of their own: the process's may hold other tests' COMMITs.
        let waits = BlockingWaits()
        waits.during({ unlimited.withLock { $0 += 1 } }) {
            waits.during({ limited.withLock { $0 += 1 } }, within: .seconds(5)) {
                waits.cancelOverdue(at: started + .seconds(4))
                #expect(limited.withLock { $0 } == 0)
                waits.cancelOverdue(at: started + .seconds(6))
                #expect(limited.withLock { $0 } == 1)
                waits.cancelOverdue(at: started + .seconds(7))
                #expect(limited.withLock { $0 } == 1)
            }
        }
        #expect(unlimited.withLock { $0 } == 0)
    }
}
