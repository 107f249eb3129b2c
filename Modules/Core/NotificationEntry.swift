import Time

/// One entry of a person's notification list: an inbox event (`InboxEntry`) with who
/// caused it, what it is about and whether its recipient has read it.
public struct NotificationEntry: Sendable, Equatable {
    /// Notifications a page of `notifications.list`.
    public static let perPage = 20

    /// The inbox event: its id, recipient, name (the notification's kind), payload and time.
    public let entry: InboxEntry
    /// The id of what it is about: the walk request, the comment or reply, the mate.
    public let subjectID: String?
    /// The name of the person whose action left it, when they are still a member.
    public let actorName: String?
    /// When its recipient read it, or nil while unread.
    public let readAt: Instant?

    /// A notification as read from the inbox.
    public init(entry: InboxEntry, subjectID: String?, actorName: String?, readAt: Instant?) {
        self.entry = entry
        self.subjectID = subjectID
        self.actorName = actorName
        self.readAt = readAt
    }

    /// The `notification` record: `{id, kind, subject_id, actor, read, occurred_at,
    /// params}`, instants in `zone`.
    public func value(in zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("id", .int(entry.id)), ("kind", .string(entry.name)),
                ("subject_id", subjectID.map(Value.string) ?? .null), ("actor", actorName.map(Value.string) ?? .null),
                ("read", .bool(readAt != nil)),
                ("occurred_at", .string(entry.occurredAt.iso8601(in: zone, milliseconds: true))),
                ("params", entry.value(in: zone)["params"]),
            ]))
    }
}
