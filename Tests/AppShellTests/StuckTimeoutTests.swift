import AppTestSupport
import Core
import Storage
import Synchronization
import Testing
import Time
import Walks

/// A due time that recording cannot clear (a member holds the expiring row locked, and the
/// expiries pass over locked rows) does not make a waiting loop ask again at once, over and
/// over: the watcher looks again only when it next reads the due time.
@Suite struct StuckTimeoutTests {
    /// Timeouts whose next due time stays in the past whatever is recorded.
    final class Stuck: InboxTimeouts {
        let due: Instant
        let recorded = Mutex(0)

        init(due: Instant) { self.due = due }

        func recordDue(at now: Instant) throws { recorded.withLock { $0 += 1 } }
        func nextDue(for userID: String) throws -> Instant? { due }
        var writtenBy: Set<String> { ["walks"] }
    }

    @Test func aDueTimeStillPastOnceRecordedIsNotAskedAgainAtOnce() throws {
        let app = try TestApp(plugins: [WalksPlugin()], repositories: [WalksSQLRepositories()])
        let stuck = Stuck(due: app.clock.now().adding(seconds: -5))
        let ticks = InboxTests.Ticks()
        let watcher = InboxWatcher(
            database: app.database, inbox: try app.container.resolve((any Inbox).self), timeouts: stuck,
            clock: app.clock, user: { [id = app.user.id] in id }, milliseconds: { ticks.now })
        _ = try watcher.collect()
        #expect(stuck.recorded.withLock { $0 } == 1)
        // A hundred looks at the watcher's own pace: it does not spin on the stuck due time.
        for _ in 0..<100 {
            let wait = try #require(watcher.pollInterval)
            #expect(wait > 1, "the watcher would ask again at once")
            ticks.now += UInt64(max(wait, 1))
            _ = try watcher.collect()
        }
        #expect(stuck.recorded.withLock { $0 } < 10)
    }
}
