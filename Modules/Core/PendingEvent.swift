import Time

/// An event recorded but not yet stored: a route call, or one a script emitted.
public struct PendingEvent: Sendable, Equatable {
    /// The route (`habits.complete`) or the emitted name.
    public let name: String
    /// The module of a route event (`habits`).
    public let view: String?
    /// The scalar arguments as strings, in the route's parameter order; free text by length.
    public var params: [(key: String, value: String)]
    /// When it happened, by the app clock.
    public let occurredAt: Instant
    /// The id of the user who acted (nil only for events stored before events had users):
    /// `events.list`, `events.flush` and `app.on` hooks see only the acting user's events.
    public let userID: String?

    /// An event of the user `userID`.
    public init(
        name: String, view: String?, params: [(key: String, value: String)], occurredAt: Instant,
        userID: String? = nil
    ) {
        self.name = name
        self.view = view
        self.params = params
        self.occurredAt = occurredAt
        self.userID = userID
    }

    /// The contract's record without an id (not stored yet):
    /// `{user_id, name, view?, params, occurred_at}`.
    public func value(in zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("user_id", userID.map(Value.string) ?? .null), ("name", .string(name)),
                ("view", view.map(Value.string) ?? .null),
                ("params", .table(Record(params.map { ($0.key, Value.string($0.value)) }))),
                ("occurred_at", .string(occurredAt.iso8601(in: zone, milliseconds: true))),
            ]))
    }

    /// Equal when every field is equal, the params in order.
    public static func == (lhs: PendingEvent, rhs: PendingEvent) -> Bool {
        lhs.name == rhs.name && lhs.userID == rhs.userID && lhs.view == rhs.view && lhs.occurredAt == rhs.occurredAt
            && lhs.params.count == rhs.params.count
            && zip(lhs.params, rhs.params).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
