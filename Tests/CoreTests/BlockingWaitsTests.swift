import Core
import Synchronization
import Testing

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
}
