import Assembly
import Core
import Storage
import Synchronization
import Testing

/// A watcher keeps when each part of the timeouts comes due apart (`InboxTimeouts.parts`):
/// a walk request sent reads again when the walks' next comes due, not the drops'; an
/// answer that arrives reads again only a part with something pending. Reading both after
/// every request sent and every answer cost a waiting sender two statements each time
/// where one could change (`make bench-scale`).
@Suite struct InboxDuePartsTests {
    @Test(arguments: DatabaseBackend.available)
    func aWalkRequestAndItsAnswerReadOnlyTheWalksDueTimeAgain(backend: DatabaseBackend) throws {
        let people = try InboxTests.People(backend)
        var parts: [InboxTests.CountedTimeouts] = []
        let joonID = people.joon.user.id
        let joons = try people.watcher(
            user: { joonID },
            timeouts: { list in
                parts = list.parts.map(InboxTests.CountedTimeouts.init)
                return InboxTimeoutsList(parts)
            })
        let walks = try #require(parts.first { $0.writtenBy.contains("walks.request") })
        let drops = try #require(parts.first { $0.writtenBy.contains("mates.drop") })
        #expect(parts.count == 2)
        func reads() -> [Int] { [walks.reads.withLock { $0 }, drops.reads.withLock { $0 }] }
        // The next look, whatever changed (SQLite's watcher looks at its slow poll then).
        func look() throws -> [Value] {
            people.ticks.now += UInt64(max(InboxWatcher.idlePollMilliseconds, InboxWatcher.slowPollMilliseconds))
            return try joons.collect()
        }
        #expect(try look() == [])
        #expect(reads() == [1, 1])  // the first look reads both
        let id = try people.request()
        joons.scriptRan(["walks.request"])  // as the loop tells it after the callback that sent it
        #expect(try look() == [])
        #expect(reads() == [2, 1])
        try people.call("walks.accept", people.mina, ["id": .string(id)])
        #expect(
            try people.awaited(joons).map(InboxTests.summary) == ["walks.answered id=\(id) to=mina answer=accepted"])
        #expect(try look() == [])
        #expect(reads() == [3, 1])  // the answer may have ended the walks' wait; no drop was pending
        // A drop made reads the drops' part alone; the loop's start, both.
        joons.scriptRan(["mates.drop"])
        #expect(try look() == [])
        #expect(reads() == [3, 2])
        joons.scriptRan(nil)
        #expect(try look() == [])
        #expect(reads() == [4, 3])
    }
}
