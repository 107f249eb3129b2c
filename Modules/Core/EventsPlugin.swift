/// The `events` table: emit, list and flush (MiniVibe's collector). Needs an
/// `EventRecorder`, an `any EventStore`, an `any TransactionRunner` and an
/// `EventSinkChoice` in the container.
public struct EventsPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `events`.
    public var name: String { "events" }

    /// None: Storage owns the events tables.
    public var migrations: [Migration] { [] }

    /// Nothing: the composition root registers the recorder, the store and the sink.
    public func register(in container: Container) {}

    /// The most events one `events.list` returns.
    public static let maximumListed = 10_000
    /// How many events one batch sends.
    public static let batchSize = 100
    /// The most params one `events.emit` takes.
    public static let maximumParams = 64
    /// The longest param key, in bytes of UTF-8.
    public static let maximumParamKeyBytes = 64
    /// The longest param value, in bytes of UTF-8.
    public static let maximumParamValueBytes = 4_096
    /// The most bytes of UTF-8 all of one event's param keys and values hold together.
    public static let maximumParamsBytes = 16_384

    /// `events.emit`, `events.list`, `events.flush`.
    public func routes() -> [Route] {
        [
            Route(
                "events.emit", summary: "Records an event of your own, stored at once.",
                parameters: [
                    .positional(
                        "name", .string, "1 to 64 characters of a-z, 0-9, _ and .; not starting with \"events.\"."),
                    .positional(
                        "params", .record("params"),
                        "String keys to string values: at most 64 keys of 1 to 64 bytes, values of at most "
                            + "4,096 bytes, 16,384 bytes in all.", required: false),
                ],
                returns: "event", example: #"events.emit("morning.done", {mood = "good"})"#
            ) { arguments, context in
                let event = PendingEvent(
                    name: try Self.checkedName(try arguments.string("name")), view: nil,
                    params: try Self.checkedParams(arguments["params"]), occurredAt: context.clock.now(),
                    userID: context.user.id)
                let store = try context.resolve((any EventStore).self)
                let recorder = try context.resolve(EventRecorder.self)
                recorder.record(event)
                try Self.storeBuffered(context)
                guard
                    let stored = try store.events(
                        of: context.user.id, named: event.name, since: event.occurredAt, limit: Self.maximumListed
                    ).last
                else { throw AppError.internal("the emitted event was not stored") }
                return stored.value(in: context.clock.timeZone)
            },
            Route(
                "events.list",
                summary:
                    "Your events waiting to be sent, oldest first; first an events.dropped event when the "
                    + "backlog dropped some of yours.",
                parameters: [
                    .option("name", .string, "Only events of this name."),
                    .option("since", .instant, "Only events at or after this instant."),
                    .option("limit", .integer, "At most this many, 1 to 10,000; 100 when omitted."),
                ],
                returns: "event[]", example: #"events.list{name = "habits.complete", limit = 10}"#
            ) { arguments, context in
                let limit = arguments.optionalInt("limit") ?? 100
                guard (1...Self.maximumListed).contains(limit) else {
                    throw AppError.invalidArgument("limit is 1 to \(Self.maximumListed), got \(limit)", field: "limit")
                }
                try Self.storeBuffered(context)
                let zone = context.clock.timeZone
                return .array(
                    try context.resolve((any EventStore).self).events(
                        of: context.user.id, named: arguments.optionalString("name"),
                        since: try arguments.optionalInstant("since"), limit: limit
                    ).map { $0.value(in: zone) })
            },
            Route(
                "events.flush",
                summary:
                    "Sends your waiting events to --events-sink, oldest first, in batches; each batch is deleted "
                    + "in the transaction that sends it, so a batch is sent once and kept until it is.",
                returns: "flush_result", errors: ["events.sink_failed"], example: "events.flush{}"
            ) { _, context in
                try Self.storeBuffered(context)
                let store = try context.resolve((any EventStore).self)
                let choice = try context.resolve(EventSinkChoice.self)
                guard let sink = choice.sink else {
                    throw AppError(
                        code: "events.sink_failed", message: "no sink: start app-shell with --events-sink FILE")
                }
                let user = context.user.id
                var sent = 0
                var dropped = 0
                while true {
                    let batch = try store.events(of: user, named: nil, since: nil, limit: Self.batchSize)
                    if batch.isEmpty { break }
                    // Deleted, then sent, in one transaction: a batch whose delete cannot go
                    // through (a table someone holds) is never sent, and one the sink refuses
                    // is rolled back and stays. Sent and then not deleted only when the
                    // commit itself fails.
                    try context.resolve((any TransactionRunner).self).transaction {
                        try store.delete(batch, of: user)
                        do {
                            try sink.send(batch, zone: context.clock.timeZone)
                        } catch {
                            // A sink's own message may quote its URL: no password goes out.
                            throw AppError(
                                code: "events.sink_failed",
                                message: "\(choice.description) did not take \(batch.count) events (\(sent) sent "
                                    + "before; nothing was deleted): "
                                    + CredentialRedaction.redacted(AppError.wrapping(error).message))
                        }
                    }
                    sent += batch.count
                    dropped += batch.reduce(0) { total, stored in total + Self.droppedCount(stored) }
                }
                return .table(
                    Record([
                        ("sent", .int(sent)), ("pending", .int(try store.count(of: user))), ("dropped", .int(dropped)),
                    ]))
            },
        ]
    }

    /// The `event` and `flush_result` records.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "event", doc: "Something that happened: a route call or an emitted event.",
                fields: [
                    .init("id", "integer", "Its number, in the order events were stored; never given twice."),
                    .init("user_id", "string", "The id of the user who acted."),
                    .init(
                        "name", "string",
                        "The route or the emitted name; events.dropped stands for events the backlog dropped."),
                    .init("view", "string", "The module of a route event.", optional: true),
                    .init(
                        "params", "table<string, string>",
                        "Scalar arguments as strings; free text by length, secrets never; events.dropped has count."),
                    .init("occurred_at", "instant", "When, with milliseconds."),
                    .init(
                        "habit", "habit",
                        "habits.reminder in an app.on hook only: the habit (the stored event keeps its id in params.ref).",
                        optional: true),
                ]),
            RecordShape(
                "flush_result", doc: "What events.flush did.",
                fields: [
                    .init("sent", "integer", "Events the sink took."),
                    .init("pending", "integer", "Your events still waiting."),
                    .init(
                        "dropped", "integer",
                        "How many of your events the backlog had dropped unsent (sent as one events.dropped event)."),
                ]),
        ]
    }

    /// Stores the buffered events: an empty transaction, whose commit hook writes them.
    public static func storeBuffered(_ context: Context) throws {
        guard try context.resolve(EventRecorder.self).bufferedCount > 0 else { return }
        try context.resolve((any TransactionRunner).self).transaction {}
    }

    static func checkedName(_ name: String) throws -> String {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        guard (1...64).contains(name.utf8.count), allowed else {
            throw AppError.invalidArgument(
                "an event name is 1 to 64 characters of a-z, 0-9, _ and ., got '\(name.prefix(80))'", field: "name")
        }
        // The events module's own names (events.dropped) cannot be forged.
        guard !name.hasPrefix("events.") else {
            throw AppError.invalidArgument(
                "event names starting with 'events.' are reserved, got '\(name)'", field: "name")
        }
        return name
    }

    static func checkedParams(_ value: Value) throws -> [(key: String, value: String)] {
        guard case .table(let record) = value else {
            if value.isNull || value.arrayValue?.isEmpty == true { return [] }
            throw AppError.invalidArgument("params is a table of strings", field: "params")
        }
        guard record.count <= maximumParams else {
            throw AppError.invalidArgument(
                "params holds at most \(maximumParams) keys, got \(record.count)", field: "params")
        }
        var total = 0
        return try record.fields.map { field in
            guard case .string(let text) = field.value else {
                throw AppError.invalidArgument(
                    "params.\(field.key.prefix(64)) is a string, got \(field.value.kindName)", field: "params")
            }
            guard (1...maximumParamKeyBytes).contains(field.key.utf8.count) else {
                throw AppError.invalidArgument(
                    "a params key is 1 to \(maximumParamKeyBytes) bytes, got \(field.key.utf8.count)",
                    field: "params")
            }
            guard text.utf8.count <= maximumParamValueBytes else {
                throw AppError.invalidArgument(
                    "params.\(field.key) is at most \(maximumParamValueBytes) bytes, got \(text.utf8.count)",
                    field: "params")
            }
            total += field.key.utf8.count + text.utf8.count
            guard total <= maximumParamsBytes else {
                throw AppError.invalidArgument(
                    "params hold at most \(maximumParamsBytes) bytes of keys and values in all", field: "params")
            }
            return (field.key, text)
        }
    }

    /// How many dropped events `stored` stands for: its count when it is the store's
    /// `events.dropped` event, else 0.
    static func droppedCount(_ stored: StoredEvent) -> Int {
        guard stored.event.name == StoredEvent.droppedName, stored.event.view == "events" else { return 0 }
        return stored.event.params.first { $0.key == "count" }.flatMap { Int($0.value) } ?? 0
    }
}
