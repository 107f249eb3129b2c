import Time

/// An event in the database, waiting to be sent.
public struct StoredEvent: Sendable, Equatable {
    /// Its number, in the order events were stored.
    public let id: Int
    /// The event as it was recorded.
    public let event: PendingEvent

    /// The name of the event that stands for a user's events the backlog dropped unsent;
    /// its `count` param says how many.
    public static let droppedName = "events.dropped"

    /// Event `event` stored under `id`.
    public init(id: Int, event: PendingEvent) {
        self.id = id
        self.event = event
    }

    /// The contract's record: `{id, user_id, name, view?, params, occurred_at}`.
    public func value(in zone: TimeZoneRules) -> Value {
        guard case .table(let fields) = event.value(in: zone) else { return .null }
        return .table(Record([("id", Value.int(id))] + fields.fields.map { ($0.key, $0.value) }))
    }
}
