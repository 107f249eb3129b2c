import Core

/// Events in `events` and `event_params`, numbered in the order they were stored.
public struct SQLiteEventStore: EventStore {
    private let database: Database

    /// A store over `database` (migrated with `EventSchema`).
    public init(database: Database) { self.database = database }

    /// Stores events in order, inside the caller's transaction when there is one: two
    /// prepared statements run once per row, whatever the number of events.
    public func insert(_ events: [PendingEvent]) throws {
        guard !events.isEmpty else { return }
        try database.transaction {
            let ids = try database.executeEach(
                "INSERT INTO events (name, view, occurred_at) VALUES (?, ?, ?)",
                events.map { [.text($0.name), .text($0.view), .instant($0.occurredAt)] })
            var params: [[SQLValue]] = []
            for (id, event) in zip(ids, events) {
                for (position, param) in event.params.enumerated() {
                    params.append([.int(id), .int(position), .text(param.key), .text(param.value)])
                }
            }
            try database.executeEach(
                "INSERT INTO event_params (event_id, position, key, value) VALUES (?, ?, ?, ?)", params)
        }
    }

    /// Stored events, oldest first.
    public func events(named name: String?, since: Instant?, limit: Int) throws -> [StoredEvent] {
        let rows = try database.query(
            """
            SELECT id, name, view, occurred_at FROM events
            WHERE (?1 IS NULL OR name = ?1) AND (?2 IS NULL OR occurred_at >= ?2) ORDER BY id LIMIT ?3
            """, [.text(name), since.map(SQLValue.instant) ?? .null, .int(limit)]
        ) { row in (try row.int(0), try row.string(1), row.optionalString(2), try row.instant(3)) }
        guard let first = rows.first?.0, let last = rows.last?.0 else { return [] }
        var params: [Int: [(key: String, value: String)]] = [:]
        try database.forEach(
            "SELECT event_id, key, value FROM event_params WHERE event_id BETWEEN ? AND ? ORDER BY event_id, position",
            [.int(first), .int(last)]
        ) { row in params[try row.int(0), default: []].append((try row.string(1), try row.string(2))) }
        return rows.map { id, name, view, occurredAt in
            StoredEvent(
                id: id, event: PendingEvent(name: name, view: view, params: params[id] ?? [], occurredAt: occurredAt))
        }
    }

    /// Removes sent events (their params go with them).
    public func delete(ids: [Int]) throws {
        for id in ids { try database.execute("DELETE FROM events WHERE id = ?", [.int(id)]) }
    }

    /// How many events wait.
    public func count() throws -> Int {
        try database.queryOne("SELECT count(*) FROM events") { try $0.int(0) } ?? 0
    }
}
