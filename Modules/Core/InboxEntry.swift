import Time

/// One event another person's action (or the passing of time) left for its recipient: a row
/// of the inbox. The database writes these rows itself (triggers on the tables the action
/// changed), so they exist however the change was made, through any app-shell or in `psql`.
public struct InboxEntry: Sendable, Equatable {
    /// The `view` of every inbox event: what tells it apart from a route event of the same
    /// name (`walks.incoming` is also the route that lists requests).
    public static let view = "inbox"
    /// The most params an entry shows; a payload with more keeps its first ones.
    public static let maximumParams = 32

    /// One value of the payload: text, or an instant (kept in milliseconds, shown in the
    /// reader's zone).
    public enum Param: Sendable, Equatable {
        /// Shown as it is.
        case text(String)
        /// Shown as ISO-8601 in the reader's zone.
        case instant(Instant)
    }

    /// Its number in the inbox; numbers grow, but on a server two transactions may commit
    /// them out of order, so "after" is a hint there, never a cursor.
    public let id: Int
    /// The user it is for.
    public let recipientID: String
    /// `walks.incoming`, `walks.answered`, `mates.joined`, `bookstories.comment` or
    /// `bookstories.reply`.
    public let name: String
    /// The payload, in the order the database wrote it.
    public let params: [(key: String, value: Param)]
    /// When it happened (a request's `created_at`, an answer's time, a window's end).
    public let occurredAt: Instant

    /// An entry as read from the inbox.
    public init(id: Int, recipientID: String, name: String, params: [(key: String, value: Param)], occurredAt: Instant)
    {
        self.id = id
        self.recipientID = recipientID
        self.name = name
        self.params = params
        self.occurredAt = occurredAt
    }

    /// The contract's event record, as `app.on` hooks and `events.list` show events:
    /// `{id, user_id, name, view = "inbox", params, occurred_at}`, instants in `zone`.
    public func value(in zone: TimeZoneRules) -> Value {
        let shown = params.map { key, value -> (String, Value) in
            switch value {
            case .text(let text): (key, .string(text))
            case .instant(let instant): (key, .string(instant.iso8601(in: zone)))
            }
        }
        return .table(
            Record([
                ("id", .int(id)), ("user_id", .string(recipientID)), ("name", .string(name)),
                ("view", .string(Self.view)), ("params", .table(Record(shown))),
                ("occurred_at", .string(occurredAt.iso8601(in: zone, milliseconds: true))),
            ]))
    }

    /// Equal when every field is equal, the params in order.
    public static func == (lhs: InboxEntry, rhs: InboxEntry) -> Bool {
        lhs.id == rhs.id && lhs.recipientID == rhs.recipientID && lhs.name == rhs.name
            && lhs.occurredAt == rhs.occurredAt && lhs.params.count == rhs.params.count
            && zip(lhs.params, rhs.params).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
