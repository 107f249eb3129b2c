import Core
import Synchronization
import Time

/// Events in `events` (each with its params in its row), numbered in the order they were
/// stored (ids never repeat), kept to a bounded backlog.
///
/// `event_backlog` counts the events that left the backlog (`removed`: sent or dropped), so
/// its size is the last id given less that count, known without counting the table. On
/// SQLite ids come from the same row's `last_id`, moved once per commit (one writer at a
/// time; a rollback takes its ids back). On PostgreSQL they come from the identity
/// sequence of `events.id`, and storing events writes nothing but their rows: the counter
/// row every member's commit updated, and waited on until the COMMIT, is gone from the
/// path. There ids drawn by a transaction that rolled back count as stored until the next
/// count, which happens whenever the size seems past the capacity, and sets `removed` right.
/// Past the capacity the oldest events go, a slice at a time, and `event_drops` keeps per
/// user how many went, with the newest dropped one's id and time: reading that user's
/// events shows them as one `events.dropped` event with that id, which is older than every
/// event the user still has.
public struct SQLEventStore: EventStore {
    /// How many events the backlog keeps when no capacity is given (`--events-backlog`).
    public static let defaultCapacity = 10_000
    /// The largest capacity `--events-backlog` accepts.
    public static let maximumCapacity = 10_000_000

    private let database: any Database
    /// The most events kept; beyond it the oldest are dropped.
    public let capacity: Int
    /// Whether the database numbers events itself (PostgreSQL's identity sequence) rather
    /// than the store from `event_backlog.last_id` (SQLite).
    private let numbersByDatabase: Bool
    /// What the store learned from committed transactions, on a backend that defers later
    /// statements (nil on SQLite, which never needs it).
    private let memory: Memory?

    /// On a server, what lets a commit's events go with its COMMIT without waiting for an
    /// answer first: the users' numbers (`event_users` rows are never deleted or
    /// renumbered, so a committed number holds for good) and the backlog's size as this
    /// process last saw it.
    private final class Memory: Sendable {
        struct State {
            /// Numbers of committed `event_users` rows.
            var numbers: [String: Int] = [:]
            /// Numbers read or given in the transaction in progress, known once it commits.
            var pending: [String: Int] = [:]
            /// The last id this process's events took and `event_backlog.removed` as its last
            /// synchronous store saw it: the backlog's size is the one less the other. A
            /// commit's events that go with the COMMIT return only their ids, which move the
            /// first. Others' commits may have added since (theirs drop what goes over the
            /// cap, and so does the next synchronous store here); sends leave `removed` alone,
            /// which makes the size reckoned too large, not too small; only a count (here or
            /// in another process) lowers it (a drop here then waits for the next synchronous
            /// store, which reads it again).
            var backlog: (lastID: Int, removed: Int)?

            /// The backlog's size as this process reckons it.
            var stored: Int? { backlog.map { $0.lastID - $0.removed } }
        }
        let state = Mutex(State())
    }

    /// A store over `database` (migrated with `EventSchema`) keeping at most `capacity`
    /// events (at least 1).
    public init(database: any Database, capacity: Int = Self.defaultCapacity) {
        self.database = database
        self.capacity = max(1, capacity)
        numbersByDatabase = database.dialect.name == .postgreSQL
        memory = database.defersLaterStatements ? Memory() : nil
    }

    /// The transaction that stored events committed: the users' numbers it read or gave hold.
    /// Call from `CommitHooks.afterCommit`.
    public func committed() {
        guard let memory else { return }
        memory.state.withLock { state in
            guard !state.pending.isEmpty else { return }
            state.numbers.merge(state.pending) { _, new in new }
            state.pending = [:]
        }
    }

    /// The transaction rolled back: numbers given in it are gone. Call from
    /// `CommitHooks.afterRollback`.
    public func rolledBack() {
        guard let memory else { return }
        memory.state.withLock { $0.pending = [:] }
    }

    /// Stores events in order, inside the caller's transaction when there is one: up to
    /// `rowsPerInsert` rows per `INSERT`, bound straight from the events; then drops the
    /// oldest beyond the capacity.
    public func insert(_ events: [PendingEvent]) throws {
        guard !events.isEmpty else { return }
        let outermost = !database.isInTransaction
        do {
            try database.transaction { try store(events) }
        } catch {
            rolledBack()
            throw error
        }
        if outermost { committed() }
    }

    /// Stores `events` from a commit hook (`CommitHooks.beforeCommit`), in the transaction
    /// about to commit, without a savepoint of its own: a failure there rolls the whole
    /// transaction back, so a savepoint only cost its statements and SQLite's copies of the
    /// pages it touched (~300 instructions per stored event).
    public func insertBeforeCommit(_ events: [PendingEvent]) throws {
        guard !events.isEmpty else { return }
        try store(events)
    }

    /// Stores `events` and drops the oldest beyond the capacity, in the caller's transaction.
    private func store(_ events: [PendingEvent]) throws {
        if let numbers = numbersKnownForLater(events) {
            // No answer awaited: a server sends the rows with the COMMIT; their ids arrive
            // with it, and with them the backlog's size (reckoned with the removed count last
            // read).
            _ = try insertNumbered(events, users: numbers, later: true)
            return
        }
        var drawn: (lastID: Int, stored: Int)?
        var known: [String: Int] = [:]
        // SQLite's counter and the first user's number in one batch (one round trip on a
        // server, where only the number is asked).
        var batch: [BatchQuery] = []
        if !numbersByDatabase {
            // The ids come from a counter that only grows, never from the table's largest
            // id, which a flush or a drop may have deleted.
            batch.append(
                BatchQuery(
                    """
                    UPDATE event_backlog SET last_id = last_id + ?1 WHERE id = 1
                    RETURNING last_id, last_id - removed
                    """, [.int(events.count)]
                ) { drawn = (try $0.int(0), try $0.int(1)) })
        }
        if let first = events.lazy.compactMap(\.userID).first {
            batch.append(
                BatchQuery("SELECT number FROM event_users WHERE user_id = ?", [.text(first)]) {
                    known[first] = try $0.int(0)
                })
        }
        if !batch.isEmpty { try database.forEach(batch) }
        let users = try userNumbers(of: events, known: known)
        if let memory {
            memory.state.withLock { state in
                for (event, number) in zip(events, users) {
                    if let user = event.userID, let number { state.pending[user] = number }
                }
            }
        }
        let last: (id: Int, stored: Int)
        if numbersByDatabase {
            guard let inserted = try insertNumbered(events, users: users, later: false) else {
                throw AppError.internal("storing events returned no id")
            }
            last = inserted
        } else {
            guard let drawn else { throw AppError.internal("the event backlog counter is missing") }
            let firstID = drawn.lastID - events.count + 1
            try insertRows(count: events.count) { index, binder in
                // Field by field from the array: a copy of the whole event cost a retain and
                // a release of each of its references per row.
                try binder.bind(firstID + index)
                try binder.bind(users[index])
                try binder.bind(events[index].name)
                try binder.bind(events[index].view)
                try binder.bind(events[index].occurredAt.millisecondsSince1970)
                try binder.bind(EventParamsText.encode(events[index].params))
            }
            last = (drawn.lastID, drawn.stored)
        }
        memory?.state.withLock { $0.backlog = (last.id, last.id - last.stored) }
        if last.stored > capacity { try trim(lastID: last.id, size: last.stored) }
    }

    /// The `event_users` number of each event's user when the events may go with the
    /// COMMIT without waiting: on a server, inside a transaction, with every
    /// user's number committed before and the backlog far enough below its cap that no drop
    /// can be due (as this process last saw it). Nil otherwise.
    private func numbersKnownForLater(_ events: [PendingEvent]) -> [Int?]? {
        guard let memory, database.isInTransaction else { return nil }
        return memory.state.withLock { state -> [Int?]? in
            guard let stored = state.stored, stored + events.count <= capacity else { return nil }
            var numbers: [Int?] = []
            numbers.reserveCapacity(events.count)
            for event in events {
                guard let user = event.userID else {
                    numbers.append(nil)
                    continue
                }
                guard let number = state.numbers[user] else { return nil }
                numbers.append(number)
            }
            return numbers
        }
    }

    /// Inserts `events` with ids the database gives (PostgreSQL), `rowsPerInsert` rows per
    /// statement. `later`: the answers (each row's id) wait for the next round trip and only
    /// update `memory`; otherwise each row returns its id and the backlog's size after it,
    /// and the last row's are returned.
    private func insertNumbered(_ events: [PendingEvent], users: [Int?], later: Bool) throws -> (id: Int, stored: Int)?
    {
        let memory = self.memory
        var last: (id: Int, stored: Int)?
        var start = 0
        while start < events.count {
            let end = min(start + Self.rowsPerInsert, events.count)
            var arguments: [SQLValue] = []
            arguments.reserveCapacity((end - start) * 5)
            for index in start..<end {
                arguments.append(users[index].map(SQLValue.int) ?? .null)
                arguments.append(.text(events[index].name))
                arguments.append(.text(events[index].view))
                arguments.append(.int(events[index].occurredAt.millisecondsSince1970))
                arguments.append(.text(EventParamsText.encode(events[index].params)))
            }
            let rows = end - start
            if later {
                let sql = rows == 1 ? Self.numberedInsertOne : Self.numberedInsert(rows: rows, size: false)
                try database.forEachLater(sql, arguments) { row in
                    guard let id = row.optionalInt(0) else { return }
                    memory?.state.withLock { state in
                        if let backlog = state.backlog { state.backlog = (max(id, backlog.lastID), backlog.removed) }
                    }
                }
            } else {
                let sql = rows == Self.rowsPerInsert ? Self.numberedInsertFull : Self.numberedInsert(rows: rows)
                try database.forEach(sql, arguments) { row in last = (try row.int(0), try row.int(1)) }
            }
            start = end
        }
        return last
    }

    /// `INSERT` of `rows` events numbered by the database, returning each one's id and, with
    /// `size`, the backlog's size after it (a read of `event_backlog` per statement).
    private static func numberedInsert(rows: Int, size: Bool = true) -> String {
        multiRowInsert(
            "INSERT INTO events (user_number, name, view, occurred_at, params) VALUES ", columns: 5, rows: rows)
            + (size ? " RETURNING id, id - (SELECT removed FROM event_backlog WHERE id = 1)" : " RETURNING id")
    }
    /// One event going with a COMMIT: the common case.
    private static let numberedInsertOne = numberedInsert(rows: 1, size: false)
    private static let numberedInsertFull = numberedInsert(rows: rowsPerInsert)

    /// The most rows one `INSERT` carries: a statement's fixed cost (preparing the step,
    /// opening the table, resetting) is paid once per this many rows. 64 rows of 6 columns
    /// stay far below every backend's limit on placeholders (SQLite: 32,766).
    static let rowsPerInsert = 64

    /// `INSERT ... VALUES (?, ...), (?, ...) ...` with `rows` tuples of `columns`.
    static func multiRowInsert(_ head: String, columns: Int, rows: Int) -> String {
        // No array of placeholders to join: a commit's last INSERT is built each time.
        let tuple = "(?" + String(repeating: ", ?", count: columns - 1) + ")"
        return head + Array(repeating: tuple, count: rows).joined(separator: ", ")
    }

    private static let eventsInsert = "INSERT INTO events (id, user_number, name, view, occurred_at, params) VALUES "
    /// The SQL of a full `rowsPerInsert` statement, made once.
    private static let fullEventsInsert = multiRowInsert(eventsInsert, columns: 6, rows: rowsPerInsert)

    /// Inserts `count` events with ids the store gives (SQLite), `rowsPerInsert` per
    /// statement (the rest in one more), each row's 6 values bound in order by
    /// `bind(row, binder)`.
    private func insertRows(count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void) throws {
        let statements = count / Self.rowsPerInsert
        if statements > 0 {
            try database.executeEachLater(Self.fullEventsInsert, count: statements) { statement, binder in
                for row in statement * Self.rowsPerInsert..<(statement + 1) * Self.rowsPerInsert {
                    try bind(row, &binder)
                }
            }
        }
        let done = statements * Self.rowsPerInsert
        guard count > done else { return }
        try database.executeEachLater(
            Self.multiRowInsert(Self.eventsInsert, columns: 6, rows: count - done), count: 1
        ) {
            _, binder in
            for row in done..<count { try bind(row, &binder) }
        }
    }

    /// The `event_users` number of each event's user, in order. Consecutive events nearly
    /// always share a user, so a user is looked up once per run (a set and a dictionary of
    /// the 36-character ids hashed every id twice per event).
    private func userNumbers(of events: [PendingEvent], known: [String: Int]) throws -> [Int?] {
        var numbers: [Int?] = []
        numbers.reserveCapacity(events.count)
        var known = known
        var last: (userID: String, number: Int)?
        for event in events {
            guard let userID = event.userID else {
                numbers.append(nil)
                continue
            }
            if let last, last.userID == userID {
                numbers.append(last.number)
                continue
            }
            let number = try known[userID] ?? number(of: userID)
            known[userID] = number
            last = (userID, number)
            numbers.append(number)
        }
        return numbers
    }

    /// The number `event_users` gives `userID`, given now if it has none.
    private func number(of userID: String) throws -> Int {
        if let number = try database.queryOne(
            "SELECT number FROM event_users WHERE user_id = ?", [.text(userID)], { try $0.int(0) })
        {
            return number
        }
        guard
            let number = try database.queryOne(
                "INSERT INTO event_users (user_id) VALUES (?) RETURNING number", [.text(userID)], { try $0.int(0) })
        else { throw AppError.internal("numbering the events of \(userID) returned no row") }
        return number
    }

    /// How many events the backlog holds, of every user: on PostgreSQL through
    /// `event_backlog_size()`, which counts with the owner's rights (a member's own count
    /// sees only their own events); SQLite has no one else's rows to hide.
    private static func sizeQuery(byDatabase: Bool) -> String {
        byDatabase ? "SELECT event_backlog_size()" : "SELECT count(*) FROM events"
    }

    /// The backlog's size `size` is past its capacity, as of `lastID`, the last id this
    /// transaction gave: drops the oldest beyond the capacity and sets `removed` so that the
    /// size known from `lastID` is what remains.
    ///
    /// A server's size is counted first (it holds the ids of rolled-back transactions until
    /// then; events of transactions still in progress with lower ids are not counted, and
    /// count as removed until the next count, which only delays a drop). There nothing
    /// waits on the counter row, which any member's open transaction could hold: a drop
    /// counts the rows it locked and deleted (`dropOnServer`), so two at once never count
    /// one event twice, and `removed` is set through `event_backlog_set_removed`, which
    /// skips the row when another transaction holds it (the count is then left to the
    /// next). SQLite's size is exact (its counter moves in the same transaction, one writer
    /// at a time), so it is counted only when the rows are fewer than it says (the file was
    /// edited by hand): counting 10,000 rows at every drop cost `route_call` 300
    /// instructions an event.
    private func trim(lastID: Int, size: Int) throws {
        if numbersByDatabase {
            var remaining = try database.queryOne(Self.sizeQuery(byDatabase: true)) { try $0.int(0) } ?? 0
            if remaining > capacity { remaining -= try dropOnServer(remaining - capacity + slack) }
            let removed = max(0, lastID - remaining)
            _ = try database.queryOne("SELECT event_backlog_set_removed(?)", [.int(removed)]) { try $0.bool(0) }
            memory?.state.withLock { $0.backlog = (lastID, removed) }
            return
        }
        var remaining = size
        if remaining > capacity {
            let dropped = try drop(remaining - capacity + slack)
            remaining =
                dropped == 0
                ? try database.queryOne("SELECT count(*) FROM events") { try $0.int(0) } ?? 0 : remaining - dropped
        }
        let removed = max(0, lastID - remaining)
        try database.execute("UPDATE event_backlog SET removed = ? WHERE id = 1", [.int(removed)])
    }

    /// On a server, drops the `count` oldest events this login may delete (row-level
    /// security: a member's own) and adds them to `event_drops` per user; returns how many
    /// went. The slice is locked first (`FOR UPDATE SKIP LOCKED`), so a drop running at
    /// the same time takes the rows after it, and each counts only what it deleted; the
    /// delete goes through `Database.delete` (a member's through `app_delete`).
    private func dropOnServer(_ count: Int) throws -> Int {
        try database.transaction {
            var drops: [Int: (count: Int, lastID: Int, lastOccurredAt: Int)] = [:]
            var cutoff: Int?
            try database.forEach(
                "SELECT id, user_number, occurred_at FROM events ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED",
                [.int(count)]
            ) { row in
                let id = try row.int(0)
                let user = row.optionalInt(1) ?? 0  // 0: an event stored before events had users
                drops[user] = ((drops[user]?.count ?? 0) + 1, id, try row.int(2))
                cutoff = id
            }
            guard let cutoff else { return 0 }
            let deleted = try database.delete(
                from: "events", where: [DeleteCondition("id", .lessOrEqual, .int(cutoff))])
            // One user's slice (a member's always is) counts what the delete itself removed.
            if drops.count == 1, let only = drops.first {
                drops[only.key] = (deleted, only.value.lastID, only.value.lastOccurredAt)
            }
            for (user, drop) in drops.sorted(by: { $0.key < $1.key }) where drop.count > 0 {
                try database.execute(
                    """
                    INSERT INTO event_drops (user_id, count, last_id, last_occurred_at)
                    VALUES (coalesce((SELECT user_id FROM event_users WHERE number = ?1), ''), ?2, ?3, ?4)
                    ON CONFLICT (user_id) DO UPDATE SET count = event_drops.count + excluded.count,
                        last_id = excluded.last_id, last_occurred_at = excluded.last_occurred_at
                    """, [.int(user), .int(drop.count), .int(drop.lastID), .int(drop.lastOccurredAt)])
            }
            return deleted
        }
    }

    /// Dropping a slice of up to an eighth below the cap at a time keeps the counting off
    /// most commits and frees whole pages together (fewer pages rewritten per event).
    private var slack: Int { min(capacity / 8, 2_048) }

    /// Drops the `count` oldest events, counting them per user; returns how many went.
    private func drop(_ count: Int) throws -> Int {
        guard
            let (drops, cutoff) = try countedInTheOnlyUsersRange(count) ?? countedByOneUser(count)
                ?? countedPerUser(count)
        else { return 0 }  // fewer rows than that (others sent or dropped them meanwhile)
        for (user, drop) in drops {
            // A counter: adding to an existing user's count is the intent, not a silent upsert.
            // The table names the stored count (PostgreSQL finds a bare `count` ambiguous).
            // The time is the newest dropped event's, which the marker event stands at.
            try database.execute(
                """
                INSERT INTO event_drops (user_id, count, last_id, last_occurred_at)
                VALUES (coalesce((SELECT user_id FROM event_users WHERE number = ?1), ''), ?2, ?3,
                    (SELECT occurred_at FROM events WHERE id = ?3))
                ON CONFLICT (user_id) DO UPDATE SET count = event_drops.count + excluded.count,
                    last_id = excluded.last_id, last_occurred_at = excluded.last_occurred_at
                """, [.int(user), .int(drop.count), .int(drop.lastID)])
        }
        return try database.delete(from: "events", where: [DeleteCondition("id", .lessOrEqual, .int(cutoff))])
    }

    /// The `count` oldest events when the database has only ever stored one user's events
    /// and their ids have no gap (nothing was sent from among them): then the slice is the
    /// ids from the oldest on, all that user's, found from the table's ends and size alone.
    /// Events stored before events had users are the oldest, so an oldest event with a user
    /// means there are none. Nil otherwise.
    private func countedInTheOnlyUsersRange(_ count: Int) throws -> ([Int: (count: Int, lastID: Int)], Int)? {
        try database.queryOne(
            """
            SELECT (SELECT count(*) FROM event_users), (SELECT user_number FROM events ORDER BY id LIMIT 1),
                (SELECT min(id) FROM events), (SELECT max(id) FROM events), (SELECT count(*) FROM events)
            """, []
        ) { row -> ([Int: (count: Int, lastID: Int)], Int)? in
            guard try row.int(0) == 1, let user = row.optionalInt(1), let first = row.optionalInt(2),
                let last = row.optionalInt(3), case let rows = try row.int(4), rows == last - first + 1, rows >= count
            else { return nil }
            return ([user: (count, first + count - 1)], first + count - 1)
        } ?? nil
    }

    /// The `count` oldest events when one user has them all (a slice of one user's events, as
    /// nearly every slice of a personal database is): their count and newest id under that
    /// user's number (0 for events stored before events had users), and the newest id; nil
    /// when another user's event is among them or there are fewer. The database finds the
    /// cutoff by skipping rows and looks for another user's event in the slice, both in its
    /// own code without an aggregate or a row handed to Swift (reading every row cost 1,300
    /// instructions per dropped event, and an aggregate as much).
    private func countedByOneUser(_ count: Int) throws -> ([Int: (count: Int, lastID: Int)], Int)? {
        guard
            let cutoff = try database.queryOne(
                "SELECT id FROM events ORDER BY id LIMIT 1 OFFSET ?", [.int(count - 1)], { try $0.int(0) }),
            let first = try database.queryOne(
                "SELECT user_number FROM events ORDER BY id LIMIT 1", [], { $0.optionalInt(0) })
        else { return nil }
        let mixed = try database.queryOne(
            """
            SELECT CASE WHEN EXISTS (
                SELECT 1 FROM events WHERE id <= ?1 AND user_number IS DISTINCT FROM CAST(?2 AS BIGINT)
            ) THEN 1 ELSE 0 END
            """, [.int(cutoff), .int(first)], { try $0.int(0) })
        guard mixed == 0 else { return nil }
        return ([first ?? 0: (count, cutoff)], cutoff)
    }

    /// The `count` oldest events counted per user, row by row; nil when there are fewer.
    private func countedPerUser(_ count: Int) throws -> ([Int: (count: Int, lastID: Int)], Int)? {
        // One pass in id order finds the cutoff and counts per user (a GROUP BY sorts the
        // slice by user, which cost more than deleting it). Consecutive events mostly share
        // a user, so they are counted in runs and each run touches the dictionary once.
        var cutoff: Int?
        var seen = 0
        var drops: [Int: (count: Int, lastID: Int)] = [:]
        var run: (user: Int, count: Int, lastID: Int)?
        func close(_ run: (user: Int, count: Int, lastID: Int)) {
            drops[run.user] = ((drops[run.user]?.count ?? 0) + run.count, run.lastID)
        }
        try database.forEach("SELECT id, user_number FROM events ORDER BY id LIMIT ?", [.int(count)]) { row in
            let id = try row.int(0)
            let user = row.optionalInt(1) ?? 0  // 0: an event stored before events had users
            cutoff = id
            seen += 1
            if let current = run, current.user == user {
                run = (user, current.count + 1, id)
            } else {
                if let current = run { close(current) }
                run = (user, 1, id)
            }
        }
        if let run { close(run) }
        guard let cutoff, seen == count else { return nil }
        return (drops, cutoff)
    }

    /// The stored events of `userID`, oldest first, led by the `events.dropped` event when
    /// some of theirs were dropped (and it matches the filters).
    public func events(of userID: String, named name: String?, since: Instant?, limit: Int) throws -> [StoredEvent] {
        var result: [StoredEvent] = []
        if name == nil || name == StoredEvent.droppedName, limit > 0,
            let marker = try database.queryOne(
                """
                SELECT last_id, count, last_occurred_at FROM event_drops
                WHERE user_id = ?1 AND (CAST(?2 AS BIGINT) IS NULL OR last_occurred_at >= ?2)
                """, [.text(userID), since.map(SQLValue.instant) ?? .null],
                {
                    StoredEvent(
                        id: try $0.int(0),
                        event: PendingEvent(
                            name: StoredEvent.droppedName, view: "events", params: [("count", String(try $0.int(1)))],
                            occurredAt: try $0.instant(2), userID: userID))
                })
        {
            result.append(marker)
        }
        let rows = try database.query(
            """
            SELECT id, name, view, occurred_at, params FROM events
            WHERE user_number = (SELECT number FROM event_users WHERE user_id = ?1)
                AND (CAST(?2 AS TEXT) IS NULL OR name = ?2) AND (CAST(?3 AS BIGINT) IS NULL OR occurred_at >= ?3)
            ORDER BY id LIMIT ?4
            """, [.text(userID), .text(name), since.map(SQLValue.instant) ?? .null, .int(limit - result.count)]
        ) { row in
            StoredEvent(
                id: try row.int(0),
                event: PendingEvent(
                    name: try row.string(1), view: row.optionalString(2),
                    params: try EventParamsText.decode(row.optionalString(4)), occurredAt: try row.instant(3),
                    userID: userID))
        }
        return result + rows
    }

    /// Removes `userID`'s sent events; a sent `events.dropped`
    /// event takes its count off that user's dropped events.
    public func delete(_ events: [StoredEvent], of userID: String) throws {
        try database.transaction {
            var deleted = 0
            // Another user's id deletes nothing: their events are not under this number.
            let number = try database.queryOne(
                "SELECT number FROM event_users WHERE user_id = ?", [.text(userID)], { try $0.int(0) })
            for stored in events {
                if stored.event.name == StoredEvent.droppedName, stored.event.view == "events",
                    let count = stored.event.params.first(where: { $0.key == "count" }).flatMap({ Int($0.value) })
                {
                    // Events dropped since it was read stay counted.
                    try database.execute(
                        "UPDATE event_drops SET count = count - ? WHERE user_id = ?", [.int(count), .text(userID)])
                    try database.delete(
                        from: "event_drops",
                        where: [.equal("user_id", .text(userID)), DeleteCondition("count", .lessOrEqual, .int(0))])
                    continue
                }
                guard let number else { continue }
                deleted += try database.delete(
                    from: "events", where: [.equal("id", .int(stored.id)), .equal("user_number", .int(number))])
            }
            // A server's counter is left alone: a member's open transaction could hold its
            // row, and the size reckoned without these is too large, not too small, so the
            // next count (when it seems past the capacity) corrects it.
            guard deleted > 0, !numbersByDatabase else { return }
            try database.execute("UPDATE event_backlog SET removed = removed + ? WHERE id = 1", [.int(deleted)])
        }
    }

    /// How many events of `userID` wait (not counting dropped ones).
    public func count(of userID: String) throws -> Int {
        try database.queryOne(
            "SELECT count(*) FROM events WHERE user_number = (SELECT number FROM event_users WHERE user_id = ?)",
            [.text(userID)]
        ) { try $0.int(0) } ?? 0
    }

    /// How many events are stored, of every user: counted, not the backlog's running size
    /// (which on a server includes ids of rolled-back transactions until the next count).
    public func storedCount() throws -> Int {
        try database.queryOne(Self.sizeQuery(byDatabase: numbersByDatabase)) { try $0.int(0) } ?? 0
    }
}
