import Assembly
import Core
import FoundationEssentials
import Storage
import Synchronization
import Testing
import Time
import Walks

#if canImport(Glibc)
    import Glibc
#endif

/// The inbox on every backend: what other people's actions leave for whom (written by the
/// database's own triggers), what `app.inbox` lists, when an unanswered request is recorded
/// as expired, and how a loop's watcher hands each event over once.
@Suite struct InboxTests {
    /// The whole app on a fresh database of `backend` (a SQLite file, or a PostgreSQL
    /// scratch schema) with a clock that moves only when told; Mina and Joon have profiles,
    /// and Joon joined Mina with her code. Watchers run on an app of their own over the same
    /// database, as another process's would: SQLite's data version counts other
    /// connections' commits only.
    final class People {
        let app: AssembledApp
        let clock: FixedClock
        /// The watchers' real milliseconds, stepped by `awaited`.
        let ticks = Ticks()
        let mina: Session
        let joon: Session
        let code: String
        /// Where the database is: a file or a URL.
        private let location: String
        /// The PostgreSQL scratch schema, dropped with the app.
        private let scratch: (server: String, schema: String)?
        private let folder: String?
        private var others: [AssembledApp] = []

        static let start = "2026-11-29T08:00:00+09:00"

        init(_ backend: DatabaseBackend) throws {
            clock = FixedClock(
                try #require(Instant(iso8601: Self.start)), timeZone: try TimeZoneRules.named("Asia/Seoul"))
            scratch = backend == .postgres ? try PostgresDatabase.makeScratchSchema() : nil
            if let scratch {
                folder = nil
                location = PostgresDatabase.scratchURL(server: scratch.server, schema: scratch.schema)
            } else {
                let made = "/tmp/inbox-tests-\(Identifier.random())"
                try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: false)
                folder = made
                location = "\(made)/app.db"
            }
            app = try Self.open(location, clock: clock)
            mina = try app.session(for: "mina")
            joon = try app.session(for: "joon")
            let router = app.router
            for (session, nickname) in [(mina, "미나"), (joon, "준호🐶")] {
                _ = try router.call(
                    "profiles.save",
                    Arguments(
                        [
                            "nickname": .string(nickname),
                            "dog": ["name": "콩", "age": 3, "sex": "female", "size": "small", "keywords": ["friendly"]],
                        ]), session: session)
            }
            code = try router.call("mates.invite", Arguments([:]), session: mina)["code"].stringValue ?? ""
            _ = try router.call("mates.join", Arguments(["code": .string(code)]), session: joon)
        }

        deinit {
            for other in others { other.database.close() }
            app.database.close()
            if let scratch { PostgresDatabase.dropScratchSchema(server: scratch.server, schema: scratch.schema) }
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }

        static func open(_ location: String, clock: any Clock) throws -> AssembledApp {
            try AppAssembly.assemble(AppOptions(databasePath: location, clock: clock, superuserActsAsAnyone: true))
        }

        @discardableResult
        func call(_ route: String, _ session: Session, _ arguments: [String: Value] = [:]) throws -> Value {
            try app.router.call(route, Arguments(arguments), session: session)
        }

        /// `app.inbox` of `session`, as a list.
        func inbox(_ session: Session, _ arguments: [String: Value] = [:]) throws -> [Value] {
            try call("app.inbox", session, arguments).arrayValue ?? []
        }

        /// Joon asks Mina for a walk; returns the request's id.
        func request(_ message: String = "한강 갈래? 🐕") throws -> String {
            try call(
                "walks.request", joon,
                ["mate": "mina", "message": .string(message), "place": ["lat": 37.52, "lng": 126.93, "name": "한강"]]
            )["id"].stringValue ?? ""
        }

        /// A watcher of `session`'s inbox in an app of its own, as `app-shell` makes one for a
        /// loop in another process.
        func watcher(of session: Session) throws -> InboxWatcher {
            let userID = session.user.id
            return try watcher(user: { userID })
        }

        /// A watcher, in an app of its own, of whichever user `user()` names at each look,
        /// reading through `inbox` made from the app's own.
        func watcher(
            user: @escaping () -> String, inbox: (any Inbox) -> any Inbox = { $0 },
            timeouts: (any InboxTimeouts) -> any InboxTimeouts = { $0 }
        ) throws -> InboxWatcher {
            let other = try Self.open(location, clock: clock)
            others.append(other)
            return InboxWatcher(
                database: other.database, inbox: inbox(try other.container.resolve((any Inbox).self)),
                timeouts: try other.container.resolveIfRegistered((any InboxTimeouts).self).map(timeouts),
                clock: clock, user: user, milliseconds: { [ticks] in ticks.now })
        }

        /// Closes the watchers' databases, as a server that went away.
        func closeWatchers() {
            for other in others { other.database.close() }
        }

        /// What `watcher` hands over at its next look: its interval passes (a PostgreSQL
        /// watcher reads the inbox then; SQLite's reads the data version, which another
        /// connection's commit has changed already).
        func awaited(_ watcher: InboxWatcher) throws -> [Value] {
            ticks.now += UInt64(watcher.pollInterval ?? 0)
            return try watcher.collect()
        }
    }

    /// Real milliseconds that move only when a test steps them.
    final class Ticks {
        var now: UInt64 = 1_000_000
    }

    /// An event's name and params, for comparing.
    static func summary(_ event: Value) -> String {
        let params = (event["params"].recordValue?.fields ?? []).map { "\($0.key)=\($0.value.stringValue ?? "?")" }
        return "\(event["name"].stringValue ?? "?") \(params.joined(separator: " "))"
    }

    @Test(arguments: DatabaseBackend.available)
    func eachActionLeavesOneEventForItsRecipientAlone(backend: DatabaseBackend) throws {
        let people = try People(backend)
        // Joining with Mina's code tells Mina, not Joon.
        let joined = try people.inbox(people.mina)
        #expect(joined.map(Self.summary) == ["mates.joined mate=joon code=\(people.code)"])
        #expect(joined.first?["view"] == "inbox")
        #expect(joined.first?["user_id"] == .string(people.mina.user.id))
        #expect(try people.inbox(people.joon) == [])

        // A request tells Mina, with what she may see of it anyway.
        let id = try people.request()
        let incoming = try people.inbox(people.mina).dropFirst()
        #expect(
            incoming.map(Self.summary) == [
                "walks.incoming id=\(id) from=joon message=한강 갈래? 🐕 place=한강 lat=37.52 lng=126.93 "
                    + "expires_at=2026-11-29T08:01:00+09:00"
            ])
        #expect(incoming.first?["occurred_at"] == "2026-11-29T08:00:00.000+09:00")
        #expect(try people.inbox(people.joon) == [])

        // Her answers tell Joon, dated when she gave them.
        people.clock.advance(seconds: 30)
        try people.call("walks.accept", people.mina, ["id": .string(id)])
        let declined = try people.request("내일?")
        try people.call("walks.decline", people.mina, ["id": .string(declined)])
        let answers = try people.inbox(people.joon)
        #expect(
            answers.map(Self.summary) == [
                "walks.answered id=\(id) to=mina answer=accepted",
                "walks.answered id=\(declined) to=mina answer=declined",
            ])
        #expect(answers.first?["occurred_at"] == "2026-11-29T08:00:30.000+09:00")
        // A cancel tells nobody; Mina's inbox holds her three events and nothing of Joon's.
        let cancelled = try people.request("취소")
        try people.call("walks.cancel", people.joon, ["id": .string(cancelled)])
        #expect(try people.inbox(people.joon).count == 2)
        #expect(
            try people.inbox(people.mina).map { $0["name"].stringValue ?? "" } == [
                "mates.joined", "walks.incoming", "walks.incoming", "walks.incoming",
            ])
    }

    @Test(arguments: DatabaseBackend.available)
    func anUnansweredRequestIsRecordedExpiredOnceSomeoneLooks(backend: DatabaseBackend) throws {
        let people = try People(backend)
        let id = try people.request()
        people.clock.advance(seconds: 59)
        #expect(try people.inbox(people.joon) == [])
        people.clock.advance(seconds: 1)
        // Looking at any inbox records it, dated at the window's end, for the sender only.
        #expect(try people.inbox(people.mina).count == 2)
        let expired = try people.inbox(people.joon)
        #expect(expired.map(Self.summary) == ["walks.answered id=\(id) to=mina answer=expired"])
        #expect(expired.first?["occurred_at"] == "2026-11-29T08:01:00.000+09:00")
        #expect(try people.call("walks.outgoing", people.joon).arrayValue?.first?["status"] == "expired")
        let late = try #require(throws: AppError.self) {
            try people.call("walks.accept", people.mina, ["id": .string(id)])
        }
        #expect(late.code == "walks.not_pending")
        // Recorded once, however often one looks.
        people.clock.advance(seconds: 600)
        #expect(try people.inbox(people.joon).count == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func sinceTakesAnIdOrAnInstantAndTheLimitIsANumber(backend: DatabaseBackend) throws {
        let people = try People(backend)
        people.clock.advance(seconds: 10)
        _ = try people.request("one")
        people.clock.advance(seconds: 10)
        _ = try people.request("two")
        let all = try people.inbox(people.mina)
        #expect(all.count == 3)
        let firstID = try #require(all.first?["id"])
        #expect(try people.inbox(people.mina, ["since": firstID]).map { $0["params"]["message"] } == ["one", "two"])
        #expect(
            try people.inbox(people.mina, ["since": "2026-11-29T08:00:20+09:00"]).map { $0["params"]["message"] } == [
                "two"
            ])
        #expect(try people.inbox(people.mina, ["limit": 1]).map { $0["name"] } == ["mates.joined"])
        for (arguments, field) in [
            (["limit": Value.int(0)], "limit"), (["limit": 1001], "limit"), (["since": "yesterday"], "since"),
        ] as [([String: Value], String)] {
            let error = try #require(throws: AppError.self) { try people.call("app.inbox", people.mina, arguments) }
            #expect(error.code == "invalid_argument")
            #expect(error.field == field)
        }
    }

    @Test(arguments: DatabaseBackend.available)
    func aLoopGetsEachEventOnceAndNothingAgainOnItsNextStart(backend: DatabaseBackend) throws {
        let people = try People(backend)
        // A loop started later gets what arrived while none ran.
        let first = try people.watcher(of: people.mina)
        #expect(try first.collect().map(Self.summary) == ["mates.joined mate=joon code=\(people.code)"])
        #expect(try first.collect() == [])
        let id = try people.request()
        let delivered = try people.awaited(first)
        #expect(delivered.map { $0["params"]["id"] } == [.string(id)])
        #expect(delivered.first?["view"] == "inbox")
        #expect(delivered.first?["params"]["expires_at"] == "2026-11-29T08:01:00+09:00")
        // The next start (a new watcher) gets nothing twice; app.inbox still lists all.
        let second = try people.watcher(of: people.mina)
        #expect(try second.collect() == [])
        #expect(try people.inbox(people.mina).count == 2)
        // Two loops of one user: each new event goes to exactly one of them.
        for message in ["a", "b", "c"] { _ = try people.request(message) }
        let got = try people.awaited(first) + people.awaited(second)
        #expect(got.compactMap { $0["params"]["message"].stringValue }.sorted() == ["a", "b", "c"])
    }

    /// A watcher whose user switches (a script's `app.login` on a database of one's own)
    /// reads the new user's inbox at its next look, and hands over nothing of the old one's.
    @Test(arguments: DatabaseBackend.available)
    func aWatcherWhoseUserSwitchesReadsTheNewUsersInbox(backend: DatabaseBackend) throws {
        let people = try People(backend)
        final class Current { var id = "" }
        let current = Current()
        current.id = people.mina.user.id
        let watcher = try people.watcher(user: { current.id })
        #expect(try watcher.collect().map(Self.summary) == ["mates.joined mate=joon code=\(people.code)"])
        let id = try people.request()
        #expect(try people.awaited(watcher).map { $0["params"]["id"] } == [.string(id)])
        // Now Joon's: Mina's answer reaches Joon's inbox only.
        current.id = people.joon.user.id
        #expect(try watcher.collect() == [])
        try people.call("walks.accept", people.mina, ["id": .string(id)])
        #expect(try people.awaited(watcher).map(Self.summary) == ["walks.answered id=\(id) to=mina answer=accepted"])
    }

    /// Timeouts that count the reads of the next due time.
    final class CountedTimeouts: InboxTimeouts {
        let inner: any InboxTimeouts
        let reads = Mutex(0)

        init(_ inner: any InboxTimeouts) { self.inner = inner }

        func recordDue(at now: Instant) throws { try inner.recordDue(at: now) }
        func nextDue(for userID: String) throws -> Instant? {
            reads.withLock { $0 += 1 }
            return try inner.nextDue(for: userID)
        }
        var writtenBy: Set<String> { inner.writtenBy }
    }

    /// What arrives can end only a wait of the user's own (an answer to their request): a
    /// watcher whose user has nothing pending does not read the due time again when
    /// something arrives; a sender's watcher does, at the next look.
    @Test(arguments: DatabaseBackend.available)
    func onlyAWatcherWithSomethingPendingReadsTheDueTimeAgainWhenSomethingArrives(backend: DatabaseBackend) throws {
        let people = try People(backend)
        var counted: [CountedTimeouts] = []
        func watcher(of session: Session) throws -> InboxWatcher {
            let id = session.user.id
            return try people.watcher(
                user: { id },
                timeouts: {
                    counted.append(CountedTimeouts($0))
                    return counted[counted.count - 1]
                })
        }
        let minas = try watcher(of: people.mina)
        let minasCount = counted[0]
        #expect(try people.awaited(minas).map { $0["name"] } == ["mates.joined"])
        #expect(minasCount.reads.withLock { $0 } == 1)
        var ids: [String] = []
        for message in ["한강?", "공원?", "산책 🐕?"] {
            ids.append(try people.request(message))
            #expect(try people.awaited(minas).map { $0["params"]["id"] } == [.string(ids[ids.count - 1])])
        }
        #expect(try people.awaited(minas) == [])
        #expect(minasCount.reads.withLock { $0 } == 1)  // nothing pending of hers: nothing to read again
        let joons = try watcher(of: people.joon)
        let joonsCount = counted[1]
        #expect(try people.awaited(joons) == [])
        #expect(joonsCount.reads.withLock { $0 } == 1)  // his three requests are pending
        try people.call("walks.accept", people.mina, ["id": .string(ids[0])])
        #expect(try people.awaited(joons).map(Self.summary) == ["walks.answered id=\(ids[0]) to=mina answer=accepted"])
        people.ticks.now += UInt64(max(InboxWatcher.idlePollMilliseconds, InboxWatcher.slowPollMilliseconds))
        #expect(try joons.collect() == [])  // the next look, whatever changed
        #expect(joonsCount.reads.withLock { $0 } == 2)  // the answer may have ended his wait
    }

    /// A PostgreSQL watcher reads the inbox no more often than its interval: the idle one
    /// (less its jitter) while nothing comes, and what arrives does not change it (the
    /// receiver of a request waits for nothing more); the quick one just after the script
    /// asked something that awaits an answer (`scriptRan`: a request sent), doubling back to
    /// the idle one. What arrives in between waits for the next look.
    @Test func aPostgresWatcherLooksEveryIntervalAndSoonerAfterTheScriptAsked() throws {
        guard DatabaseBackend.available.contains(.postgres) else { return }
        let people = try People(.postgres)
        let idle = Int((Double(InboxWatcher.idlePollMilliseconds) * (1 - InboxWatcher.pollJitter)).rounded(.up))
        let minas = try people.watcher(of: people.mina)
        #expect(minas.pollInterval == 1)  // the first look is at once
        #expect(try minas.collect().map { $0["name"] } == ["mates.joined"])
        let afterArrival = try #require(minas.pollInterval)
        #expect(afterArrival >= idle && afterArrival <= InboxWatcher.idlePollMilliseconds)
        let watcher = try people.watcher(of: people.joon)
        #expect(try watcher.collect() == [])
        // Joon asks Mina for a walk, and his loop tells the watcher the script ran.
        let id = try people.request()
        people.ticks.now += 300
        watcher.scriptRan(["walks.request"])
        #expect(watcher.pollInterval == 1)  // the quick interval, from the last look, has passed
        #expect(try watcher.collect() == [])
        let next = try #require(watcher.pollInterval)
        let doubled = 2 * InboxWatcher.quickPollMilliseconds
        #expect(next >= Int((Double(doubled) * (1 - InboxWatcher.pollJitter)).rounded(.up)) && next <= doubled)
        try people.call("walks.accept", people.mina, ["id": .string(id)])
        people.ticks.now += UInt64(next - 1)
        #expect(watcher.pollInterval == 1)
        #expect(try watcher.collect() == [])  // not yet: the answer waits for the look
        people.ticks.now += 1
        #expect(try watcher.collect().map(Self.summary) == ["walks.answered id=\(id) to=mina answer=accepted"])
        // Nothing more: the interval doubles up to the idle one and stays there.
        var intervals: [Int] = []
        for _ in 0..<6 {
            let interval = try #require(watcher.pollInterval)
            intervals.append(interval)
            people.ticks.now += UInt64(interval)
            #expect(try watcher.collect() == [])
        }
        #expect(intervals.first ?? 0 <= 4 * InboxWatcher.quickPollMilliseconds)
        #expect(zip(intervals, intervals.dropFirst()).allSatisfy { $0 <= $1 || $1 >= idle })
        #expect(intervals.suffix(2).allSatisfy { $0 >= idle && $0 <= InboxWatcher.idlePollMilliseconds })
    }

    /// A script that asks again and again (a timer every 0.1 s sending requests) does not put
    /// the next look off: the quick interval counts from the last look, not from each ask.
    @Test func aScriptThatKeepsAskingDoesNotPutTheLookOff() throws {
        guard DatabaseBackend.available.contains(.postgres) else { return }
        let people = try People(.postgres)
        let watcher = try people.watcher(of: people.joon)
        #expect(try watcher.collect() == [])
        var waits: [Int] = []
        for _ in 0..<3 {
            people.ticks.now += 100
            watcher.scriptRan(["walks.request"])
            waits.append(try #require(watcher.pollInterval))
        }
        #expect(waits.last == 1, "\(waits)")
    }

    /// A watcher whose server is gone fails its look, and the next waits an interval again:
    /// a loop never asks a server that is down in a tight loop, not even for a request
    /// already due.
    @Test(arguments: DatabaseBackend.available)
    func aFailingLookWaitsAnIntervalBeforeTheNext(backend: DatabaseBackend) throws {
        let people = try People(backend)
        let watcher = try people.watcher(of: people.joon)
        #expect(try watcher.collect() == [])
        _ = try people.request()
        watcher.scriptRan(["walks.request"])
        people.ticks.now += UInt64(watcher.pollInterval ?? 0)
        #expect(try watcher.collect() == [])  // the request's due time is known now
        people.clock.advance(seconds: 61)
        people.closeWatchers()
        people.ticks.now += UInt64(watcher.pollInterval ?? 0)
        #expect(throws: (any Error).self) { try watcher.collect() }
        let after = try #require(watcher.pollInterval)
        #expect(after >= 100, "\(after)")
        if backend == .postgres {
            // Not asked again before the interval: the last failure is said again, the wait kept.
            #expect(throws: (any Error).self) { try watcher.collect() }
            #expect(try #require(watcher.pollInterval) == after)
            people.ticks.now += UInt64(after)
        }
        #expect(throws: (any Error).self) { try watcher.collect() }
        #expect(try #require(watcher.pollInterval) >= 100)
    }

    /// The first claim succeeds on the server and its answer is lost, as when a connection
    /// drops after the server committed: the claim failed as far as the loop knows.
    final class AnswerLostOnce: Inbox, @unchecked Sendable {
        let base: any Inbox
        /// Set when the next claim is the one to lose.
        var armed = false
        init(_ base: any Inbox) { self.base = base }
        func entries(of userID: String, after: Int?, since: Instant?, limit: Int) throws -> [InboxEntry] {
            try base.entries(of: userID, after: after, since: since, limit: limit)
        }
        func hasUndelivered(for userID: String) throws -> Bool { try base.hasUndelivered(for: userID) }
        func claimUndelivered(of userID: String, at now: Instant, limit: Int, claim: String) throws -> [InboxEntry] {
            let claimed = try base.claimUndelivered(of: userID, at: now, limit: limit, claim: claim)
            guard !armed else {
                armed = false
                throw StorageError(.unavailable, message: "server closed the connection unexpectedly")
            }
            return claimed
        }
        func claimed(of userID: String, by claim: String) throws -> [InboxEntry] {
            try base.claimed(of: userID, by: claim)
        }
    }

    /// Nothing a claim took is lost when its answer is: the next look hands it over, once.
    @Test(arguments: DatabaseBackend.available)
    func whatAClaimWhoseAnswerWasLostTookComesAtTheNextLook(backend: DatabaseBackend) throws {
        let people = try People(backend)
        let minaID = people.mina.user.id
        var losing: AnswerLostOnce?
        let watcher = try people.watcher(
            user: { minaID },
            inbox: { base in
                let inbox = AnswerLostOnce(base)
                losing = inbox
                return inbox
            })
        _ = try watcher.collect()  // what the fixture's own steps left
        let first = try people.request()
        let second = try people.request("또 갈래?")
        losing?.armed = true
        people.ticks.now += UInt64(watcher.pollInterval ?? 0) + 1_000
        #expect(throws: StorageError.self) { try watcher.collect() }
        // Marked delivered on the server, handed to no loop:
        let waiting = try people.app.database.queryOne(
            "SELECT count(*) FROM inbox WHERE recipient_id = ? AND delivered_at IS NULL", [.text(minaID)]
        ) { try $0.int(0) }
        #expect(waiting == 0)
        people.ticks.now += UInt64(watcher.pollInterval ?? 0)
        let got = try watcher.collect().map { $0["params"]["id"].stringValue ?? "?" }
        #expect(got == [first, second])
        people.ticks.now += UInt64(watcher.pollInterval ?? 0)
        #expect(try watcher.collect() == [])
        people.ticks.now += 2_000
        #expect(try watcher.collect() == [])
    }

    /// A server that stays down is asked less and less often, never more rarely than every
    /// `longestRetryMilliseconds`, each wait jittered; the first look that works goes back
    /// to the idle interval.
    @Test(arguments: DatabaseBackend.available.filter { $0 == .postgres })
    func looksThatKeepFailingWaitLongerUpToTheLongestRetry(backend: DatabaseBackend) throws {
        let people = try People(backend)
        let watcher = try people.watcher(of: people.joon)
        #expect(try watcher.collect() == [])
        people.closeWatchers()
        var waits: [Int] = []
        for _ in 0..<6 {
            people.ticks.now += UInt64(watcher.pollInterval ?? 0)
            #expect(throws: (any Error).self) { try watcher.collect() }
            waits.append(try #require(watcher.pollInterval))
        }
        // Asked again before its interval (another source woke the loop), it does not look,
        // and says the last failure again rather than nothing: the loop hears of one failure.
        #expect(throws: (any Error).self) { try watcher.collect() }
        #expect(try #require(watcher.pollInterval) >= waits[5] - 1)
        let longest = InboxWatcher.longestRetryMilliseconds
        let shortest = { (interval: Int) in Int((Double(interval) * (1 - InboxWatcher.pollJitter)).rounded(.down)) }
        #expect(waits[0] >= shortest(2 * InboxWatcher.idlePollMilliseconds), "\(waits)")
        #expect(waits[1] >= shortest(4 * InboxWatcher.idlePollMilliseconds), "\(waits)")
        #expect(waits.allSatisfy { $0 <= longest }, "\(waits)")
        #expect(waits.suffix(2).allSatisfy { $0 >= shortest(longest) }, "\(waits)")
    }

    @Test(arguments: DatabaseBackend.available)
    func aWaitingSendersLoopHearsTheExpiryWhenItComesDue(backend: DatabaseBackend) throws {
        let people = try People(backend)
        let watcher = try people.watcher(of: people.joon)
        #expect(try watcher.collect() == [])
        let id = try people.request()
        watcher.scriptRan(["walks.request"])  // as the loop tells it after the callback that sent the request
        people.clock.advance(seconds: 59)
        #expect(try people.awaited(watcher) == [])
        // Nothing else changes in the database: the due time alone makes the watcher look.
        people.clock.advance(seconds: 1)
        #expect(try watcher.collect().map(Self.summary) == ["walks.answered id=\(id) to=mina answer=expired"])
        #expect(try watcher.collect() == [])
    }

    /// A request the sender made elsewhere (another process of theirs) is found when the
    /// kept due time grows stale, well within the 60-second window.
    @Test(arguments: DatabaseBackend.available)
    func aRequestSentElsewhereComesDueInTheSendersLoopToo(backend: DatabaseBackend) throws {
        let people = try People(backend)
        let watcher = try people.watcher(of: people.joon)
        #expect(try watcher.collect() == [])
        let id = try people.request()
        // One millisecond short of stale: a look keeps the due time it had (none), so the
        // request's expiry is not seen yet.
        people.ticks.now += UInt64(InboxWatcher.dueKeptMilliseconds - 1)
        people.clock.advance(seconds: 60)
        #expect(try watcher.collect() == [])
        // At the edge it is read again: the expiry comes.
        people.ticks.now += UInt64(InboxWatcher.idlePollMilliseconds)
        #expect(try watcher.collect().map(Self.summary) == ["walks.answered id=\(id) to=mina answer=expired"])
    }

    @Test(arguments: DatabaseBackend.available)
    func aHundredAndOneEventsComeInTwoBatches(backend: DatabaseBackend) throws {
        let people = try People(backend)
        let watcher = try people.watcher(of: people.mina)
        _ = try watcher.collect()
        // Paced: at most `WalkRequest.maximumPerMinute` walk requests a minute from one sender.
        for number in 1...(InboxWatcher.batchSize + 1) {
            people.clock.advance(seconds: 60 / WalkRequest.maximumPerMinute)
            _ = try people.request("#\(number)")
        }
        #expect(try people.awaited(watcher).count == InboxWatcher.batchSize)
        #expect(watcher.pollInterval == 1)  // the rest at once
        #expect(try watcher.collect().map { $0["params"]["message"] } == [.string("#\(InboxWatcher.batchSize + 1)")])
    }
}

/// The inbox on a set-up server with real member logins: each member reads only their own
/// events, also in SQL; only the database writes them, also when a member writes the row
/// that causes one in SQL; an expiry is stored only through `walk_requests_expire`, never
/// before the server's clock says; and a member's watcher reads through the policies.
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct InboxRowSecurityTests {
    /// A member's app, session and plain SQL connection.
    struct Member {
        let app: AssembledApp
        let session: Session
        let sql: PostgresDatabase

        @discardableResult
        func call(_ route: String, _ arguments: [String: Value] = [:]) throws -> Value {
            try app.router.call(route, Arguments(arguments), session: session)
        }

        func inboxIDs() throws -> Set<String> {
            Set(try call("app.inbox").arrayValue?.compactMap { $0["id"].intValue.map(String.init) } ?? [])
        }

        func column(_ query: String, _ arguments: [SQLValue] = []) throws -> Set<String> {
            Set(try sql.query(query, arguments) { try $0.string(0) })
        }

        func failure(_ statement: String, _ arguments: [SQLValue] = []) -> String? {
            do {
                try sql.execute(statement, arguments)
                return nil
            } catch {
                return AppError.wrapping(error).code
            }
        }
    }

    /// Mina and Joon, mates through Mina's code; the real clock, so the server judges time.
    final class Pair: @unchecked Sendable {
        let server: PostgresMembers
        let mina: Member
        let joon: Member

        init() throws {
            let server = try PostgresMembers(["mina", "joon"])
            func member(_ prefix: String) throws -> Member {
                let (app, session) = try server.app(of: server.name(prefix))
                return Member(app: app, session: session, sql: try server.sql(of: server.name(prefix)))
            }
            self.server = server
            mina = try member("mina")
            joon = try member("joon")
            for (person, nickname) in [(mina, "미나"), (joon, "준호")] {
                try person.call(
                    "profiles.save",
                    [
                        "nickname": .string(nickname),
                        "dog": ["name": "콩", "age": 3, "sex": "female", "size": "small", "keywords": ["shy"]],
                    ])
            }
            let code = try mina.call("mates.invite")["code"]
            try joon.call("mates.join", ["code": code])
        }
    }

    @Test func eachMemberReadsOnlyTheirOwnEventsAndOnlyTheDatabaseWritesThem() throws {
        let pair = try Pair()
        let (mina, joon) = (pair.mina, pair.joon)
        let minaID = mina.session.user.id
        let request = try joon.call(
            "walks.request",
            ["mate": .string(mina.session.user.name), "message": "산책?", "place": ["lat": 1, "lng": 2]])
        // Joon's join (through mate_join) and request reached Mina; SQL shows her the same.
        #expect(try mina.call("app.inbox").arrayValue?.map { $0["name"] } == ["mates.joined", "walks.incoming"])
        #expect(try mina.column("SELECT id::text FROM inbox") == mina.inboxIDs())
        #expect(try joon.column("SELECT id::text FROM inbox") == [])
        #expect(try joon.inboxIDs() == [])
        // A request Joon writes in SQL (as pgsec's psql would) reaches Mina too. The policy
        // takes only one made now by the server's clock, with its 60 seconds.
        let now = "CAST(floor(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT)"
        let send =
            "INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status, "
            + "created_at, expires_at) VALUES ('by-hand', (SELECT app_user_id()), ?, 'psql', 0, 0, 'pending', "
            + "\(now), \(now) + 60000)"
        #expect(try joon.sql.execute(send, [.text(minaID)]) == 1)
        #expect(
            try mina.call("app.inbox").arrayValue?.last?["params"]["id"] == "by-hand")
        // Mina's answer reaches Joon, with her name and nothing of hers beyond it.
        try mina.call("walks.accept", ["id": request["id"]])
        let answered = try joon.call("app.inbox").arrayValue ?? []
        // by-hand is still within its window, so nothing of it comes back to Joon yet.
        #expect(answered.map { $0["params"]["answer"] } == ["accepted"])
        #expect(try joon.column("SELECT id::text FROM inbox") == joon.inboxIDs())
        // Nobody writes the inbox but the database, nor reads or marks another's.
        let refused = [
            "INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (?, 'walks.incoming', '{}', 0)",
            "UPDATE inbox SET params = '{}' WHERE recipient_id = ?",
            "DELETE FROM inbox WHERE recipient_id = ?",
        ]
        for statement in refused {
            #expect(joon.failure(statement, [.text(minaID)]) == "forbidden", "\(statement)")
        }
        #expect(try joon.sql.execute("UPDATE inbox SET delivered_at = 1 WHERE recipient_id = ?", [.text(minaID)]) == 0)
        #expect(try joon.column("SELECT count(*)::text FROM inbox WHERE recipient_id = ?", [.text(minaID)]) == ["0"])
        // Storing an expiry goes through walk_requests_expire, which the server's clock bounds:
        // a request made now stays pending whatever "now" a member claims.
        let fresh = try joon.call(
            "walks.request", ["mate": .string(mina.session.user.name), "message": "또?", "place": ["lat": 1, "lng": 2]])
        #expect(
            joon.failure(
                "UPDATE walk_requests SET status = 'expired' WHERE id = ?",
                [fresh["id"].stringValue.map(SQLValue.text) ?? .null])
                == "forbidden")
        #expect(
            try joon.sql.queryOne("SELECT walk_requests_expire(?)", [.int(Int.max)]) { try $0.int(0) } == 0)
        #expect(try mina.call("walks.accept", ["id": fresh["id"]])["status"] == "accepted")
    }

    /// A member's watcher reads through the policies: their own entries only, with
    /// nothing of anyone's in between.
    @Test func aMembersWatcherReadsThroughThePolicies() throws {
        let pair = try Pair()
        let (mina, joon) = (pair.mina, pair.joon)
        let ticks = InboxTests.Ticks()
        let watcher = InboxWatcher(
            database: mina.app.database, inbox: try mina.app.container.resolve((any Inbox).self),
            timeouts: try mina.app.container.resolveIfRegistered((any InboxTimeouts).self), clock: mina.app.clock,
            user: { [session = mina.session] in session.user.id }, milliseconds: { ticks.now })
        #expect(try watcher.collect().map { $0["name"] } == ["mates.joined"])
        let request = try joon.call(
            "walks.request",
            ["mate": .string(mina.session.user.name), "message": "지금!", "place": ["lat": 1, "lng": 2]])
        ticks.now += UInt64(watcher.pollInterval ?? 0)
        let events = try watcher.collect()
        #expect(events.map { $0["params"]["id"] } == [request["id"]])
        #expect(events.first?["user_id"] == .string(mina.session.user.id))
        ticks.now += UInt64(watcher.pollInterval ?? 0)
        #expect(try watcher.collect() == [])
        // Joon's watcher finds nothing of Mina's.
        let joonsWatcher = InboxWatcher(
            database: joon.app.database, inbox: try joon.app.container.resolve((any Inbox).self),
            timeouts: nil, clock: joon.app.clock, user: { [session = joon.session] in session.user.id },
            milliseconds: { ticks.now })
        #expect(try joonsWatcher.collect().allSatisfy { $0["user_id"] == .string(joon.session.user.id) })
    }
}
