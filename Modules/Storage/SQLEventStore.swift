import Core
import Synchronization

/// Events in `events` and `event_params`, numbered in the order they were stored (ids
/// never repeat), kept to a bounded backlog.
///
/// `event_backlog` holds the last id given and the number of stored events, so numbering
/// a commit's events and checking the cap cost one small update per commit rather than a
/// count of the table (or AUTOINCREMENT's bookkeeping per row). Past the capacity the
/// oldest events go, a slice at a time, and `event_drops` keeps per user how many went,
/// with the newest dropped one's id and time: reading that user's events shows them as one
/// `events.dropped` event with that id, which is older than every event the user still has.
public struct SQLEventStore: EventStore {
    /// How many events the backlog keeps when no capacity is given (`--events-backlog`).
    public static let defaultCapacity = 10_000
    /// The largest capacity `--events-backlog` accepts.
    public static let maximumCapacity = 10_000_000

    private let database: any Database
    /// The most events kept; beyond it the oldest are dropped.
    public let capacity: Int
    /// What the store learned from committed transactions, on a backend that defers later
    /// statements (nil on SQLite, which never needs it).
    private let memory: Memory?

    /// On a server, what lets a commit's events go with its COMMIT without waiting for the
    /// counter first: the users' numbers (`event_users` rows are never deleted or
    /// renumbered, so a committed number holds for good) and the backlog's size as this
    /// process last saw it.
    private final class Memory: Sendable {
        struct State {
            /// Numbers of committed `event_users` rows.
            var numbers: [String: Int] = [:]
            /// Numbers read or given in the transaction in progress, known once it commits.
            var pending: [String: Int] = [:]
            /// The stored count the counter last returned (others' commits may have added
            /// since; theirs drop what goes over the cap, and so does the next synchronous
            /// store here).
            var stored: Int?
        }
        let state = Mutex(State())
    }

    /// A store over `database` (migrated with `EventSchema`) keeping at most `capacity`
    /// events (at least 1).
    public init(database: any Database, capacity: Int = Self.defaultCapacity) {
        self.database = database
        self.capacity = max(1, capacity)
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
        if let numbers = numbersKnownForLater(events) { return try storeLater(events, numbers: numbers) }
        // The ids come from a counter that only grows, never from the table's largest id,
        // which a flush or a drop may have deleted.
        var counter: (stored: Int, lastID: Int)?
        var known: [String: Int] = [:]
        // The counter and the first user's number in one batch (one round trip on a server).
        var batch = [
            BatchQuery(
                """
                UPDATE event_backlog SET stored = stored + ?1, last_id = last_id + ?1 WHERE id = 1
                RETURNING stored, last_id
                """, [.int(events.count)]
            ) { counter = (try $0.int(0), try $0.int(1)) }
        ]
        if let first = events.lazy.compactMap(\.userID).first {
            batch.append(
                BatchQuery("SELECT number FROM event_users WHERE user_id = ?", [.text(first)]) {
                    known[first] = try $0.int(0)
                })
        }
        try database.forEach(batch)
        guard let (stored, lastID) = counter else {
            throw AppError.internal("the event backlog counter is missing")
        }
        let firstID = lastID - events.count + 1
        let users = try userNumbers(of: events, known: known)
        if let memory {
            memory.state.withLock { state in
                state.stored = stored
                for (event, number) in zip(events, users) {
                    if let user = event.userID, let number { state.pending[user] = number }
                }
            }
        }
        try insertRows(Self.eventsInsert, full: Self.fullEventsInsert, columns: 5, count: events.count) {
            index, binder in
            // Field by field from the array: a copy of the whole event cost a retain and a
            // release of each of its references per row.
            try binder.bind(firstID + index)
            try binder.bind(users[index])
            try binder.bind(events[index].name)
            try binder.bind(events[index].view)
            try binder.bind(events[index].occurredAt.millisecondsSince1970)
        }
        let params = Self.paramPositions(of: events)
        try insertRows(Self.paramsInsert, full: Self.fullParamsInsert, columns: 4, count: params.count) {
            index, binder in
            let (event, position) = params[index]
            let param = events[event].params[position]
            try binder.bind(firstID + event)
            try binder.bind(position)
            try binder.bind(param.key)
            try binder.bind(param.value)
        }
        if stored > capacity { try drop(stored - capacity + slack) }
    }

    /// The (event, position) of every param of `events`, in order: route calls seldom have
    /// params, so the rows to insert are listed first.
    private static func paramPositions(of events: [PendingEvent]) -> [(event: Int, position: Int)] {
        var params: [(event: Int, position: Int)] = []
        for (index, event) in events.enumerated() {
            for position in event.params.indices { params.append((index, position)) }
        }
        return params
    }

    /// The `event_users` number of each event's user when the events may go with the
    /// COMMIT without waiting (`storeLater`): on a server, inside a transaction, with every
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

    /// Stores `events` with no answer awaited: the counter's update, then the rows, whose ids
    /// the server takes from the counter this transaction has just moved (a later statement
    /// of the same transaction sees its update, and holds the counter's row lock until the
    /// COMMIT, so no one else draws from it meanwhile). A server sends all of it with the
    /// COMMIT (one round trip where there were two); the counter's answer arrives with it.
    private func storeLater(_ events: [PendingEvent], numbers: [Int?]) throws {
        let memory = self.memory
        try database.forEachLater(
            """
            UPDATE event_backlog SET stored = stored + ?1, last_id = last_id + ?1 WHERE id = 1
            RETURNING stored
            """, [.int(events.count)]
        ) { row in
            if let stored = row.optionalInt(0) { memory?.state.withLock { $0.stored = stored } }
        }
        // The last event takes the new last id, each one before it one less.
        let last = events.count - 1
        try insertRows(
            Self.eventsInsert, full: Self.fullEventsInsertLater, columns: 5, count: events.count,
            first: Self.fromCounter
        ) { index, binder in
            try binder.bind(last - index)
            try binder.bind(numbers[index])
            try binder.bind(events[index].name)
            try binder.bind(events[index].view)
            try binder.bind(events[index].occurredAt.millisecondsSince1970)
        }
        let params = Self.paramPositions(of: events)
        try insertRows(
            Self.paramsInsert, full: Self.fullParamsInsertLater, columns: 4, count: params.count,
            first: Self.fromCounter
        ) { index, binder in
            let (event, position) = params[index]
            let param = events[event].params[position]
            try binder.bind(last - event)
            try binder.bind(position)
            try binder.bind(param.key)
            try binder.bind(param.value)
        }
    }

    /// The most rows one `INSERT` carries: a statement's fixed cost (preparing the step,
    /// opening the table, resetting) is paid once per this many rows. 64 rows of 5 columns
    /// stay far below every backend's limit on placeholders (SQLite: 32,766).
    static let rowsPerInsert = 64

    /// `INSERT ... VALUES (?, ...), (?, ...) ...` with `rows` tuples of `columns`, the first
    /// value of each tuple `first`.
    static func multiRowInsert(_ head: String, columns: Int, rows: Int, first: String = "?") -> String {
        // No array of placeholders to join: a commit's last INSERT is built each time.
        let tuple = "(" + first + String(repeating: ", ?", count: columns - 1) + ")"
        return head + Array(repeating: tuple, count: rows).joined(separator: ", ")
    }

    /// The first value of a tuple whose id is drawn from the counter (`storeLater`): its last
    /// id minus the placeholder's value.
    private static let fromCounter = "(SELECT last_id FROM event_backlog WHERE id = 1) - ?"

    private static let eventsInsert = "INSERT INTO events (id, user_number, name, view, occurred_at) VALUES "
    private static let paramsInsert = "INSERT INTO event_params (event_id, position, key, value) VALUES "
    /// The SQL of a full `rowsPerInsert` statement for each table, made once.
    private static let fullEventsInsert = multiRowInsert(eventsInsert, columns: 5, rows: rowsPerInsert)
    private static let fullParamsInsert = multiRowInsert(paramsInsert, columns: 4, rows: rowsPerInsert)
    private static let fullEventsInsertLater = multiRowInsert(
        eventsInsert, columns: 5, rows: rowsPerInsert, first: fromCounter)
    private static let fullParamsInsertLater = multiRowInsert(
        paramsInsert, columns: 4, rows: rowsPerInsert, first: fromCounter)

    /// Inserts `count` rows, `rowsPerInsert` per statement of SQL `full` (the rest in one
    /// more), each row's `columns` values bound in order by `bind(row, binder)`.
    private func insertRows(
        _ head: String, full: String, columns: Int, count: Int, first: String = "?",
        _ bind: (Int, inout any SQLBinder) throws -> Void
    ) throws {
        let statements = count / Self.rowsPerInsert
        if statements > 0 {
            try database.executeEachLater(full, count: statements) { statement, binder in
                for row in statement * Self.rowsPerInsert..<(statement + 1) * Self.rowsPerInsert {
                    try bind(row, &binder)
                }
            }
        }
        let done = statements * Self.rowsPerInsert
        guard count > done else { return }
        // Their answers can wait (a server backend sends them with the next statement or the
        // COMMIT): a failed insert fails the transaction either way.
        try database.executeEachLater(
            Self.multiRowInsert(head, columns: columns, rows: count - done, first: first), count: 1
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

    /// Dropping a slice of up to an eighth below the cap at a time keeps the counting off
    /// most commits and frees whole pages together (fewer pages rewritten per event).
    private var slack: Int { min(capacity / 8, 2_048) }

    /// Drops the `count` oldest events, counting them per user.
    private func drop(_ count: Int) throws {
        guard
            let (drops, cutoff) = try countedInTheOnlyUsersRange(count) ?? countedByOneUser(count)
                ?? countedPerUser(count)
        else {
            // Fewer rows than counted (the file was edited by hand): count them again.
            try database.execute("UPDATE event_backlog SET stored = (SELECT count(*) FROM events) WHERE id = 1")
            return
        }
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
        try database.execute("DELETE FROM event_params WHERE event_id <= ?", [.int(cutoff)])
        let dropped = try database.execute("DELETE FROM events WHERE id <= ?", [.int(cutoff)])
        try database.execute("UPDATE event_backlog SET stored = stored - ? WHERE id = 1", [.int(dropped)])
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
            SELECT id, name, view, occurred_at FROM events
            WHERE user_number = (SELECT number FROM event_users WHERE user_id = ?1)
                AND (CAST(?2 AS TEXT) IS NULL OR name = ?2) AND (CAST(?3 AS BIGINT) IS NULL OR occurred_at >= ?3)
            ORDER BY id LIMIT ?4
            """, [.text(userID), .text(name), since.map(SQLValue.instant) ?? .null, .int(limit - result.count)]
        ) { row in (try row.int(0), try row.string(1), row.optionalString(2), try row.instant(3)) }
        guard let first = rows.first?.0, let last = rows.last?.0 else { return result }
        var params: [Int: [(key: String, value: String)]] = [:]
        try database.forEach(
            """
            SELECT p.event_id, p.key, p.value FROM event_params p JOIN events e ON e.id = p.event_id
            WHERE p.event_id BETWEEN ?1 AND ?2 AND e.user_number = (SELECT number FROM event_users WHERE user_id = ?3)
            ORDER BY p.event_id, p.position
            """, [.int(first), .int(last), .text(userID)]
        ) { row in params[try row.int(0), default: []].append((try row.string(1), try row.string(2))) }
        return result
            + rows.map { id, name, view, occurredAt in
                StoredEvent(
                    id: id,
                    event: PendingEvent(
                        name: name, view: view, params: params[id] ?? [], occurredAt: occurredAt, userID: userID))
            }
    }

    /// Removes `userID`'s sent events (their params go with them); a sent `events.dropped`
    /// event takes its count off that user's dropped events.
    public func delete(_ events: [StoredEvent], of userID: String) throws {
        try database.transaction {
            var deleted = 0
            for stored in events {
                if stored.event.name == StoredEvent.droppedName, stored.event.view == "events",
                    let count = stored.event.params.first(where: { $0.key == "count" }).flatMap({ Int($0.value) })
                {
                    // Events dropped since it was read stay counted.
                    try database.execute(
                        "UPDATE event_drops SET count = count - ? WHERE user_id = ?", [.int(count), .text(userID)])
                    try database.execute(
                        "DELETE FROM event_drops WHERE user_id = ? AND count <= 0", [.text(userID)])
                    continue
                }
                // Another user's id deletes nothing, params included.
                try database.execute(
                    """
                    DELETE FROM event_params WHERE event_id = (
                        SELECT id FROM events
                        WHERE id = ?1 AND user_number = (SELECT number FROM event_users WHERE user_id = ?2))
                    """,
                    [.int(stored.id), .text(userID)])
                deleted += try database.execute(
                    """
                    DELETE FROM events
                    WHERE id = ?1 AND user_number = (SELECT number FROM event_users WHERE user_id = ?2)
                    """, [.int(stored.id), .text(userID)])
            }
            try database.execute("UPDATE event_backlog SET stored = stored - ? WHERE id = 1", [.int(deleted)])
        }
    }

    /// How many events of `userID` wait (not counting dropped ones).
    public func count(of userID: String) throws -> Int {
        try database.queryOne(
            "SELECT count(*) FROM events WHERE user_number = (SELECT number FROM event_users WHERE user_id = ?)",
            [.text(userID)]
        ) { try $0.int(0) } ?? 0
    }

    /// How many events are stored, of every user.
    public func storedCount() throws -> Int {
        try database.queryOne("SELECT stored FROM event_backlog WHERE id = 1") { try $0.int(0) } ?? 0
    }
}
