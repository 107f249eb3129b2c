import Core
import Formats
import Testing
import Time

@testable import Storage

@Suite struct EventStoreTests {
    static func database(backend: DatabaseBackend) throws -> (any Database, SQLEventStore, EventRecorder) {
        let database = try backend.openScratch()
        try StorageAssembly.migrate(database, plugins: [])
        try database.executeScript("CREATE TABLE notes (text TEXT NOT NULL)")
        // The app's own wiring: the recorder's events go out with each commit.
        let recorder = StorageAssembly.register(database, in: Container())
        return (database, SQLEventStore(database: database), recorder)
    }

    static func event(_ name: String, _ params: [(key: String, value: String)] = [], at seconds: Int = 0)
        -> PendingEvent
    {
        PendingEvent(
            name: name, view: "v", params: params, occurredAt: Instant(secondsSince1970: seconds), userID: "u")
    }

    /// One batch of several users' events, interleaved: each event keeps its own user
    /// (the store looks a user up once per run of events).
    @Test(arguments: DatabaseBackend.available)
    func aBatchOfInterleavedUsersKeepsEachEventsUser(backend: DatabaseBackend) throws {
        let (_, store, _) = try Self.database(backend: backend)
        let users = ["a", "a", "b", "a", nil, "b", "b", "c", "a"]
        try store.insert(
            users.enumerated().map { index, user in
                PendingEvent(
                    name: "e\(index)", view: "v", params: [], occurredAt: Instant(secondsSince1970: index),
                    userID: user)
            })
        for user in ["a", "b", "c"] {
            let expected = users.enumerated().filter { $0.element == user }.map { "e\($0.offset)" }
            #expect(try store.events(of: user, named: nil, since: nil, limit: 100).map(\.event.name) == expected)
        }
    }

    @Test(arguments: DatabaseBackend.available)
    func eventsAreStoredWithTheNextTransactionsOwnWrites(backend: DatabaseBackend) throws {
        let (database, store, recorder) = try Self.database(backend: backend)
        recorder.record(Self.event("read.call"))
        #expect(try store.count(of: "u") == 0)  // a read is not a write
        try database.transaction { try database.execute("INSERT INTO notes (text) VALUES (?)", ["x"]) }
        #expect(try store.count(of: "u") == 1)
        #expect(recorder.bufferedCount == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func aRolledBackTransactionKeepsItsEventsForTheNext(backend: DatabaseBackend) throws {
        struct Failure: Error {}
        let (database, store, recorder) = try Self.database(backend: backend)
        recorder.record(Self.event("first"))
        #expect(throws: Failure.self) {
            try database.transaction {
                try database.execute("INSERT INTO notes (text) VALUES (?)", ["x"])
                throw Failure()
            }
        }
        #expect(try store.count(of: "u") == 0)
        #expect(recorder.bufferedCount == 1)
        try database.transaction {}
        #expect(try store.events(of: "u", named: nil, since: nil, limit: 10).map(\.event.name) == ["first"])
    }

    @Test(arguments: DatabaseBackend.available)
    func aFailingCommitRestoresTheEvents(backend: DatabaseBackend) throws {
        let (database, store, recorder) = try Self.database(backend: backend)
        recorder.record(Self.event("kept"))
        // A foreign key broken inside the transaction fails the COMMIT-time check.
        try database.executeScript(
            database.dialect.schema(
                "CREATE TABLE parent (id INTEGER PRIMARY KEY); "
                    + "CREATE TABLE child (p INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)"))
        #expect(throws: StorageError.self) {
            try database.transaction {
                try database.execute("INSERT INTO child (p) VALUES (?)", [7])
            }
        }
        #expect(try store.count(of: "u") == 0)
        #expect(recorder.bufferedCount == 1)
    }

    /// The commit hook stores the events without a savepoint of its own: a failure half way
    /// (the second event's row refused by the statement that inserts both) rolls the whole transaction back, the
    /// route's own writes and every event row with it, and the events wait for the next.
    @Test func aStoreFailingHalfWayInTheCommitHookLeavesNoRowAndKeepsTheEvents() throws {
        let (database, store, recorder) = try Self.database(backend: .sqlite)
        try database.executeScript(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.params IS NOT NULL
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        recorder.record(Self.event("first"))
        recorder.record(Self.event("with.params", [("k", "v")]))
        #expect(throws: StorageError.self) {
            try database.transaction { try database.execute("INSERT INTO notes (text) VALUES (?)", ["x"]) }
        }
        #expect(try database.queryOne("SELECT count(*) FROM events") { try $0.int(0) } == 0)
        #expect(try database.queryOne("SELECT count(*) FROM notes") { try $0.int(0) } == 0)
        #expect(try store.storedCount() == 0)
        #expect(recorder.bufferedCount == 2)
        try database.executeScript("DROP TRIGGER refuse")
        try database.transaction {}
        #expect(
            try store.events(of: "u", named: nil, since: nil, limit: 10).map(\.event.name) == ["first", "with.params"])
    }

    @Test(arguments: DatabaseBackend.available)
    func aWritingRouteStoresItsOwnEventInItsOwnTransaction(backend: DatabaseBackend) throws {
        let (database, store, recorder) = try Self.database(backend: backend)
        let router = try Router(
            routes: [
                Route("notes.add", summary: "Test.", returns: "nil", example: "notes.add()") { _, _ in
                    try database.transaction { try database.execute("INSERT INTO notes (text) VALUES (?)", ["x"]) }
                    return .null
                }
            ], middleware: [EventMiddleware(recorder: recorder, storeBatch: {})])
        let session = Session(
            user: User(id: "u", name: "u", createdAt: Instant(secondsSince1970: 0)),
            clock: FixedClock(Instant(secondsSince1970: 0)), container: Container())
        _ = try router.call("notes.add", session: session)
        #expect(recorder.bufferedCount == 0)
        #expect(try store.events(of: "u", named: "notes.add", since: nil, limit: 10).count == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func storedEventsKeepTheirOrderParamsAndInstant(backend: DatabaseBackend) throws {
        let (database, store, recorder) = try Self.database(backend: backend)
        recorder.record(Self.event("a", [("k1", "v1"), ("k2", "v2")], at: 10))
        recorder.record(Self.event("b", [], at: 20))
        try database.transaction {}
        let stored = try store.events(of: "u", named: nil, since: nil, limit: 10)
        #expect(stored.map(\.event.name) == ["a", "b"])
        #expect(stored[0].event.params.map(\.key) == ["k1", "k2"])
        #expect(stored[0].id < stored[1].id)
        #expect(try store.events(of: "u", named: "b", since: nil, limit: 10).map(\.event.name) == ["b"])
        #expect(
            try store.events(of: "u", named: nil, since: Instant(secondsSince1970: 15), limit: 10).map(\.event.name)
                == ["b"])
        #expect(try store.events(of: "u", named: nil, since: nil, limit: 1).count == 1)
        let json = stored[0].value(in: .utc).jsonText
        #expect(
            json
                == #"{"id":1,"user_id":"u","name":"a","view":"v","params":{"k1":"v1","k2":"v2"},"occurred_at":"1970-01-01T00:00:10.000Z"}"#
        )
    }

    @Test(arguments: DatabaseBackend.available)
    func deletingRemovesEventsWithTheirParams(backend: DatabaseBackend) throws {
        let (database, store, recorder) = try Self.database(backend: backend)
        recorder.record(Self.event("a", [("k", "v")]))
        recorder.record(Self.event("b"))
        try database.transaction {}
        let first = try #require(try store.events(of: "u", named: nil, since: nil, limit: 10).first)
        try store.delete([first], of: "u")
        #expect(try store.count(of: "u") == 1)
        #expect(try database.queryOne("SELECT count(*) FROM events WHERE params IS NOT NULL") { try $0.int(0) } == 0)
    }

    /// Params are one JSON object in the event's row: any text comes back as it went in,
    /// in order, on both backends (a NUL too, which PostgreSQL text cannot hold as such);
    /// an event without params stores NULL; the stored text is JSON either database reads
    /// (PostgreSQL's JSON functions refuse only an escaped NUL).
    @Test(arguments: DatabaseBackend.available)
    func paramsOfAnyTextComeBackInOrderFromTheEventsRow(backend: DatabaseBackend) throws {
        let (database, store, recorder) = try Self.database(backend: backend)
        let params: [(key: String, value: String)] = [
            ("제목", "책 읽기 📚"), ("quote", #"He said "no" \ then left"#), ("lines", "one\ntwo\tthree\u{1}"),
            ("nul", "a\u{0}b"), ("empty", ""), ("a", "z"),
        ]
        recorder.record(Self.event("with", params))
        recorder.record(Self.event("without"))
        recorder.record(Self.event("plain", [("quote", #"He said "no" \ then left"#), ("이름", "🐕")]))
        try database.transaction {}
        let stored = try store.events(of: "u", named: nil, since: nil, limit: 10).dropLast()
        #expect(stored.map(\.event.name) == ["with", "without"])
        #expect(stored.first?.event.params.map(\.key) == params.map(\.key))
        #expect(stored.first?.event.params.map(\.value) == params.map(\.value))
        #expect(stored.last?.event.params.isEmpty == true)
        #expect(try database.queryOne("SELECT count(*) FROM events WHERE params IS NULL") { try $0.int(0) } == 1)
        let extract =
            database.dialect.name == .postgreSQL
            ? "SELECT CAST(params AS json) ->> '이름' FROM events WHERE name = 'plain'"
            : "SELECT json_extract(params, '$.이름') FROM events WHERE name = 'plain'"
        #expect(try database.queryOne(extract) { try $0.string(0) } == "🐕")
    }

    /// Events stored inside transactions go with their COMMIT once the store knows the
    /// backlog's size (on a server: only their ids come back, the size reckoned from the
    /// removed count last read). Another process sending events meanwhile makes that
    /// count stale, which only makes the size seem larger: the cap holds after every commit
    /// and every event is kept or counted as dropped.
    @Test(arguments: DatabaseBackend.available)
    func eventsGoingWithTheirCommitKeepTheCapWhileAnotherProcessSends(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        try StorageAssembly.migrate(database, plugins: [])
        let store = SQLEventStore(database: database, capacity: 10)
        let sender = SQLEventStore(database: database, capacity: 10)
        try store.insert([Self.event("first")])
        var sent = 0
        for index in 0..<40 {
            try database.transaction { try store.insert([Self.event("e\(index)", [("n", "\(index)")])]) }
            if index % 7 == 3 {
                let oldest = try sender.events(of: "u", named: "e\(index - 1)", since: nil, limit: 1)
                try sender.delete(oldest, of: "u")
                sent += oldest.count
            }
            #expect(try store.storedCount() <= 10, "after \(index)")
        }
        let read = try store.events(of: "u", named: nil, since: nil, limit: 100)
        let kept = read.filter { $0.event.name != StoredEvent.droppedName }
        let dropped =
            read.first { $0.event.name == StoredEvent.droppedName }
            .flatMap { $0.event.params.first { $0.key == "count" } }.flatMap { Int($0.value) } ?? 0
        #expect(sent > 0)
        #expect(kept.count + dropped + sent == 41)
        #expect(kept.last?.event.params.first?.value == "39")
    }

    /// A database at events version 2 with events, params and some already sent: version 3
    /// moves every param into its event's row, in order; the backlog's size stays; numbering
    /// goes on after the last id given (on PostgreSQL the sequence's last value reads as that
    /// id, as setup's guard and policies read it, not as nothing given yet); a send works.
    @Test(arguments: DatabaseBackend.available)
    func versionTwoEventsKeepTheirParamsSizeAndNumbering(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        try Migrator(database: database).migrate([
            CoreSchema.migratorModule,
            Migrator.Module(name: EventSchema.module, migrations: Array(EventSchema.migrations.prefix(2))),
        ])
        try database.executeScript(
            """
            INSERT INTO event_users (number, user_id) VALUES (1, 'u');
            INSERT INTO events (id, user_number, name, view, occurred_at) VALUES (8, 1, 'a', 'v', 1000), (10, 1, 'b', 'v', 2000);
            INSERT INTO event_params (event_id, position, key, value) VALUES (8, 1, 'second', '둘'), (8, 0, 'first', 'one 🐕');
            UPDATE event_backlog SET stored = 2, last_id = 10 WHERE id = 1;
            """)
        try StorageAssembly.migrate(database, plugins: [])
        let store = SQLEventStore(database: database)
        let read = try store.events(of: "u", named: nil, since: nil, limit: 10)
        #expect(read.map(\.id) == [8, 10])
        #expect(read.first?.event.params.map(\.key) == ["first", "second"])
        #expect(read.first?.event.params.map(\.value) == ["one 🐕", "둘"])
        #expect(read.last?.event.params.isEmpty == true)
        #expect(try database.queryOne("SELECT removed FROM event_backlog WHERE id = 1") { try $0.int(0) } == 8)
        if database.dialect.name == .postgreSQL {
            let last = try database.queryOne(
                "SELECT pg_sequence_last_value(CAST(pg_get_serial_sequence('events', 'id') AS regclass))"
            ) { $0.optionalInt(0) }
            #expect(last == 10)
        }
        try store.insert([Self.event("c")])
        #expect(try store.events(of: "u", named: "c", since: nil, limit: 1).first?.id == 11)
        try store.delete(Array(read.prefix(1)), of: "u")
        #expect(try store.storedCount() == 2)
        // SQLite counts the send; a server leaves its counter to the next count (no one's
        // send waits on the counter's row).
        let removed = database.dialect.name == .postgreSQL ? 8 : 9
        #expect(try database.queryOne("SELECT removed FROM event_backlog WHERE id = 1") { try $0.int(0) } == removed)
    }

    /// Rows deleted behind the store's back (a file edited by hand) leave the backlog's
    /// running size too large: the next drop finds fewer rows than it says, counts them,
    /// and the store goes on with the count, keeping every event it can.
    @Test(arguments: DatabaseBackend.available)
    func rowsDeletedByHandAreCountedAtTheNextDrop(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        try StorageAssembly.migrate(database, plugins: [])
        let store = SQLEventStore(database: database, capacity: 8)
        for index in 1...8 { try store.insert([Self.event("old.\(index)")]) }
        try database.execute("DELETE FROM events")
        for index in 1...9 { try store.insert([Self.event("new.\(index)")]) }
        // The ninth went over the cap of 8: the oldest two went (the slack of a drop is an
        // eighth of the capacity), none of the others before, counted in the marker.
        let read = try store.events(of: "u", named: nil, since: nil, limit: 100)
        #expect(read.dropFirst().map(\.event.name) == (3...9).map { "new.\($0)" })
        #expect(read.first?.event.name == StoredEvent.droppedName)
        #expect(read.first?.event.params.first { $0.key == "count" }?.value == "2")
        // From then on the cap holds as before.
        for index in 10...30 { try store.insert([Self.event("new.\(index)")]) }
        #expect(try store.storedCount() <= 8)
        #expect(try store.events(of: "u", named: nil, since: nil, limit: 100).last?.event.name == "new.30")
    }

    /// Ids a rolled-back transaction took are not events: counted as stored only until the
    /// backlog is next counted, they never make the store drop an event it could keep.
    @Test(arguments: DatabaseBackend.available)
    func rolledBackEventsNeverCostAKeptOne(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        try StorageAssembly.migrate(database, plugins: [])
        let store = SQLEventStore(database: database, capacity: 8)
        try store.insert([Self.event("kept.1"), Self.event("kept.2")])
        for index in 0..<20 {
            #expect(throws: AppError.self) {
                try database.transaction {
                    try store.insert([Self.event("gone.\(index)")])
                    throw AppError.invalidArgument("rolled back")
                }
            }
        }
        for index in 3...8 { try store.insert([Self.event("kept.\(index)")]) }
        let names = try store.events(of: "u", named: nil, since: nil, limit: 100).map(\.event.name)
        #expect(names == (1...8).map { "kept.\($0)" })
        #expect(try store.storedCount() == 8)
        // One more goes over the capacity: the oldest go, counted as dropped.
        try store.insert([Self.event("kept.9")])
        let after = try store.events(of: "u", named: nil, since: nil, limit: 100)
        #expect(after.first?.event.name == StoredEvent.droppedName)
        #expect(after.last?.event.name == "kept.9")
        #expect(try store.storedCount() <= 8)
    }
}

@Suite struct EventPrivacyAndBacklogTests {
    static func event(_ name: String, user: String, _ params: [(key: String, value: String)] = [], at seconds: Int = 0)
        -> PendingEvent
    {
        PendingEvent(
            name: name, view: "v", params: params, occurredAt: Instant(secondsSince1970: seconds), userID: user)
    }

    static func database(
        backend: DatabaseBackend, capacity: Int = SQLEventStore.defaultCapacity
    ) throws -> (any Database, SQLEventStore) {
        let database = try backend.openScratch()
        try StorageAssembly.migrate(database, plugins: [])
        return (database, SQLEventStore(database: database, capacity: capacity))
    }

    @Test(arguments: DatabaseBackend.available)
    func eachUserReadsAndCountsOnlyTheirOwnEvents(backend: DatabaseBackend) throws {
        let (_, store) = try Self.database(backend: backend)
        try store.insert([
            Self.event("a.one", user: "alice", [("theme", "secret garden")]), Self.event("m.one", user: "mallory"),
            Self.event("a.two", user: "alice"),
        ])
        #expect(try store.events(of: "mallory", named: nil, since: nil, limit: 100).map(\.event.name) == ["m.one"])
        #expect(
            try store.events(of: "alice", named: nil, since: nil, limit: 100).map(\.event.name) == ["a.one", "a.two"])
        #expect(
            try store.events(of: "alice", named: nil, since: nil, limit: 100).allSatisfy { $0.event.userID == "alice" })
        #expect(try store.count(of: "alice") == 2 && store.count(of: "mallory") == 1)
        // Deleting with another user's ids deletes nothing of theirs.
        let alices = try store.events(of: "alice", named: nil, since: nil, limit: 100)
        try store.delete(alices, of: "mallory")
        #expect(try store.count(of: "alice") == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func idsNeverRepeatAfterEverythingWasDeleted(backend: DatabaseBackend) throws {
        let (_, store) = try Self.database(backend: backend)
        var seen: [Int] = []
        for round in 0..<3 {
            try store.insert([Self.event("r\(round).a", user: "u"), Self.event("r\(round).b", user: "u")])
            let batch = try store.events(of: "u", named: nil, since: nil, limit: 100)
            #expect(batch.count == 2)
            seen += batch.map(\.id)
            try store.delete(batch, of: "u")  // a flush empties the table
            #expect(try store.count(of: "u") == 0)
        }
        #expect(seen == seen.sorted() && Set(seen).count == 6, "\(seen)")
    }

    @Test(arguments: DatabaseBackend.available)
    func theBacklogKeepsAtMostItsCapacityAndCountsWhatItDroppedPerUser(backend: DatabaseBackend) throws {
        let (_, store) = try Self.database(backend: backend, capacity: 100)
        for index in 0..<30 {
            try store.insert(
                (0..<10).map { offset in
                    Self.event(
                        "e", user: offset % 2 == 0 ? "alice" : "bob", [("n", "\(offset)")], at: index * 10 + offset)
                })
        }
        #expect(try store.storedCount() <= 100)
        #expect(try store.storedCount() == store.count(of: "alice") + store.count(of: "bob"))
        let alices = try store.events(of: "alice", named: nil, since: nil, limit: 1_000)
        let marker = try #require(alices.first)
        #expect(marker.event.name == StoredEvent.droppedName && marker.event.view == "events")
        let dropped = try #require(marker.event.params.first { $0.key == "count" }.flatMap { Int($0.value) })
        #expect(dropped + alices.count - 1 == 150)  // every one of alice's events: kept or counted
        #expect(alices.dropFirst().allSatisfy { $0.id > marker.id })  // it stands where they were
        #expect(try store.events(of: "alice", named: nil, since: nil, limit: 1).map(\.id) == [marker.id])
        #expect(try store.events(of: "alice", named: "e", since: nil, limit: 1_000).count == alices.count - 1)
        // Sending it resets the count; the kept events stay.
        try store.delete([marker], of: "alice")
        #expect(try store.events(of: "alice", named: nil, since: nil, limit: 1_000).first?.event.name == "e")
        #expect(try store.count(of: "alice") == alices.count - 1)
    }

    /// Dropping counts exactly, per user, what it drops, with sent events leaving holes
    /// among the oldest and batches of interleaved users: every user's dropped count, kept
    /// events and sent events add up to what they emitted, and the marker stands at the
    /// newest dropped event's time, before all they kept. Several users, and one user alone
    /// (whose slices the store finds from the table's ends while its ids have no gap).
    @Test(arguments: DatabaseBackend.available, [["alice", "bob", "카이"], ["me"]])
    func droppingCountsExactlyPerUserAcrossHolesAndInterleavedBatches(
        backend: DatabaseBackend, users: [String]
    ) throws {
        let (_, store) = try Self.database(backend: backend, capacity: 16)
        let sender = users[users.count / 2]
        var emitted: [String: [Int]] = [:]
        var sent: [String: Set<Int>] = [:]
        var clock = 0
        for round in 0..<21 {
            let batch = (0..<(1 + round % 7)).map { offset in
                clock += 1
                let user = users[(round + offset * (round % 3 + 1)) % users.count]
                emitted[user, default: []].append(clock)
                return Self.event("e\(clock)", user: user, at: clock)
            }
            try store.insert(batch)
            if round % 3 == 2 && round < 12 {
                // Two of the sender's waiting events are sent (not the marker): holes among the oldest.
                let waiting = try store.events(of: sender, named: nil, since: nil, limit: 100)
                    .filter { $0.event.name != StoredEvent.droppedName }.dropFirst(round % 2).prefix(2)
                try store.delete(Array(waiting), of: sender)
                for event in waiting {
                    sent[sender, default: []].insert(event.event.occurredAt.millisecondsSince1970 / 1000)
                }
            }
            #expect(try store.storedCount() <= 16)
            for user in users {
                let read = try store.events(of: user, named: nil, since: nil, limit: 1_000)
                let marker = read.first { $0.event.name == StoredEvent.droppedName }
                let kept = read.filter { $0.event.name != StoredEvent.droppedName }
                let keptTimes = Set(kept.map { $0.event.occurredAt.millisecondsSince1970 / 1000 })
                let dropped = (emitted[user] ?? []).filter {
                    !keptTimes.contains($0) && !(sent[user] ?? []).contains($0)
                }
                let counted = marker.flatMap { $0.event.params.first { $0.key == "count" } }.flatMap { Int($0.value) }
                #expect((counted ?? 0) == dropped.count, "round \(round), \(user)")
                #expect(
                    marker.map { $0.event.occurredAt.millisecondsSince1970 / 1000 } == dropped.max(),
                    "round \(round), \(user)")
                if let marker { #expect(kept.allSatisfy { $0.id > marker.id }) }
            }
        }
        #expect(emitted.values.reduce(0) { $0 + $1.count } > 60)  // the cap of 16 was passed many times
    }

    /// Events stored before events had users are the oldest and are dropped first, under
    /// no one's count; the one user's own count stays exact when the slice reaches theirs.
    @Test func eventsWithoutAUserAreDroppedFirstAndTheUsersCountStaysExact() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try Migrator(database: database).migrate([
            CoreSchema.migratorModule,
            Migrator.Module(name: EventSchema.module, migrations: Array(EventSchema.migrations.prefix(1))),
        ])
        for id in 1...5 {
            try database.execute(
                "INSERT INTO events (id, name, view, occurred_at) VALUES (?, 'old', 'v', 0)", [.int(id)])
        }
        try StorageAssembly.migrate(database, plugins: [])
        let store = SQLEventStore(database: database, capacity: 4)
        for second in 1...9 {
            try store.insert([Self.event("e\(second)", user: "u", at: second)])
            let read = try store.events(of: "u", named: nil, since: nil, limit: 100)
            let kept = read.filter { $0.event.name != StoredEvent.droppedName }
            let counted =
                read.first { $0.event.name == StoredEvent.droppedName }
                .flatMap { $0.event.params.first { $0.key == "count" } }.flatMap { Int($0.value) } ?? 0
            #expect(counted + kept.count == second, "after \(second)")
            #expect(try store.storedCount() <= 4)
        }
        #expect(try database.queryOne("SELECT count(*) FROM events WHERE user_number IS NULL") { try $0.int(0) } == 0)
    }

    @Test func aVersionOneDatabaseKeepsItsEventsWithoutAUserAndNeverReusesTheirIds() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let versionOne = Array(EventSchema.migrations.prefix(1))
        try Migrator(database: database).migrate([
            CoreSchema.migratorModule, Migrator.Module(name: EventSchema.module, migrations: versionOne),
        ])
        try database.executeScript(
            """
            INSERT INTO events (id, name, view, occurred_at) VALUES (7, 'mates.join', 'mates', 0);
            INSERT INTO event_params (event_id, position, key, value) VALUES (7, 0, 'code', 'K7Q2XZ');
            """)
        try StorageAssembly.migrate(database, plugins: [])
        let store = SQLEventStore(database: database)
        #expect(try store.storedCount() == 1)
        #expect(try database.queryOne("SELECT count(*) FROM events WHERE user_number IS NULL") { try $0.int(0) } == 1)
        #expect(
            try database.queryOne("SELECT params FROM events WHERE id = 7") { try $0.string(0) }
                == #"{"code":"K7Q2XZ"}"#)
        try store.insert([Self.event("after", user: "u")])
        let after = try #require(try store.events(of: "u", named: nil, since: nil, limit: 10).first)
        #expect(after.id == 8)
        #expect(try store.events(of: "", named: nil, since: nil, limit: 10).isEmpty)
    }

    /// Events go in 64 rows per `INSERT` and the rest in one more: every size around those
    /// boundaries reads back whole, in order, with consecutive ids, params, users and views.
    /// Some views are longer than the 8 KB a statement's texts are copied into at once.
    /// On PostgreSQL, once the store knows both users' numbers and the backlog's size, the
    /// batch goes with its COMMIT, its ids drawn from the events' identity sequence by the
    /// server: one round trip for the whole transaction.
    @Test(arguments: DatabaseBackend.available, [1, 63, 64, 65, 130, 256])
    func aBatchOfAnySizeReadsBackWhole(backend: DatabaseBackend, count: Int) throws {
        let long = String(repeating: "긴", count: 1_000)
        let (database, store) = try Self.database(backend: backend)
        try store.insert([Self.event("before", user: "u"), Self.event("before", user: "w")])
        let events = (0..<count).map { index in
            let view = index % 3 == 0 ? String?.none : index % 7 == 1 ? long + "\(index)" : "습관 \(index)"
            return PendingEvent(
                name: "habits.e\(index)", view: view,
                params: index % 2 == 0 ? [("k", "\(index)"), ("🐈", "")] : [],
                occurredAt: Instant(secondsSince1970: index), userID: index % 5 == 0 ? "w" : "u")
        }
        let named = { (stored: [StoredEvent]) in stored.filter { $0.event.name != "before" } }
        let server = database as? PostgresDatabase
        let before = server?.roundTrips
        try store.insert(events)
        if let server, let before { #expect(server.roundTrips - before == 1) }
        for user in ["u", "w"] {
            let read = try store.events(of: user, named: nil, since: nil, limit: 1_000)
            let expected = events.enumerated().filter { $0.element.userID == user }
            #expect(named(read).map { $0.event } == expected.map { $0.element })
            #expect(named(read).map { $0.id } == expected.map { $0.offset + 3 })
        }
        #expect(try store.storedCount() == count + 2)
    }
}
