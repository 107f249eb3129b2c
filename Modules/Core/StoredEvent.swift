/// An event in the database, waiting to be sent.
public struct StoredEvent: Sendable, Equatable {
    /// Its number, in the order events were stored.
    public let id: Int
    /// The event.
    public let event: PendingEvent

    /// A stored event.
    public init(id: Int, event: PendingEvent) {
        self.id = id
        self.event = event
    }

    /// The contract's record: `{id, name, view?, params, occurred_at}`.
    public func value(in zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("id", .int(id)), ("name", .string(event.name)), ("view", event.view.map(Value.string) ?? .null),
                ("params", .table(Record(event.params.map { ($0.key, Value.string($0.value)) }))),
                ("occurred_at", .string(event.occurredAt.iso8601(in: zone, milliseconds: true))),
            ]))
    }
}
