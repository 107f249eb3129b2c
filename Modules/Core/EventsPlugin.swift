/// The `events` table: emit, list and flush (MiniVibe's collector). Needs an
/// `EventRecorder`, an `any EventStore`, an `any TransactionRunner` and an
/// `EventSinkChoice` in the container.
public struct EventsPlugin: ModulePlugin {
    /// The plugin.
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

    /// `events.emit`, `events.list`, `events.flush`.
    public func routes() -> [Route] {
        [
            Route(
                "events.emit", summary: "Records an event of your own, stored at once.",
                parameters: [
                    .positional("name", .string, "1 to 64 characters of a-z, 0-9, _ and ."),
                    .positional("params", .record("params"), "String keys to string values.", required: false),
                ],
                returns: "event", example: #"events.emit("morning.done", {mood = "good"})"#
            ) { arguments, context in
                let event = PendingEvent(
                    name: try Self.checkedName(try arguments.string("name")), view: nil,
                    params: try Self.checkedParams(arguments["params"]), occurredAt: context.clock.now())
                let store = try context.resolve((any EventStore).self)
                let recorder = try context.resolve(EventRecorder.self)
                recorder.record(event)
                try Self.storeBuffered(context)
                guard
                    let stored = try store.events(named: event.name, since: event.occurredAt, limit: Self.maximumListed)
                        .last
                else { throw AppError.internal("the emitted event was not stored") }
                return stored.value(in: context.clock.timeZone)
            },
            Route(
                "events.list", summary: "Events waiting to be sent, oldest first.",
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
                        named: arguments.optionalString("name"), since: try arguments.optionalInstant("since"),
                        limit: limit
                    ).map { $0.value(in: zone) })
            },
            Route(
                "events.flush",
                summary:
                    "Sends waiting events to --events-sink, oldest first, in batches; a batch is deleted only once sent.",
                returns: "flush_result", errors: ["events.sink_failed"], example: "events.flush{}"
            ) { _, context in
                try Self.storeBuffered(context)
                let store = try context.resolve((any EventStore).self)
                let choice = try context.resolve(EventSinkChoice.self)
                guard let sink = choice.sink else {
                    throw AppError(
                        code: "events.sink_failed", message: "no sink: start app-shell with --events-sink FILE")
                }
                var sent = 0
                while true {
                    let batch = try store.events(named: nil, since: nil, limit: Self.batchSize)
                    if batch.isEmpty { break }
                    do {
                        try sink.send(batch, zone: context.clock.timeZone)
                    } catch {
                        throw AppError(
                            code: "events.sink_failed",
                            message: "\(choice.description) did not take \(batch.count) events (\(sent) sent before; "
                                + "nothing was deleted): \(AppError.wrapping(error).message)")
                    }
                    try context.resolve((any TransactionRunner).self).transaction {
                        try store.delete(ids: batch.map(\.id))
                    }
                    sent += batch.count
                }
                return .table(Record([("sent", .int(sent)), ("pending", .int(try store.count()))]))
            },
        ]
    }

    /// The `event` and `flush_result` records.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "event", doc: "Something that happened: a route call or an emitted event.",
                fields: [
                    .init("id", "integer", "Its number, in the order events were stored."),
                    .init("name", "string", "The route or the emitted name."),
                    .init("view", "string", "The module of a route event.", optional: true),
                    .init("params", "table<string, string>", "Scalar arguments as strings; free text by length."),
                    .init("occurred_at", "instant", "When, with milliseconds."),
                ]),
            RecordShape(
                "flush_result", doc: "What events.flush did.",
                fields: [
                    .init("sent", "integer", "Events the sink took."),
                    .init("pending", "integer", "Events still waiting."),
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
                "an event name is 1 to 64 characters of a-z, 0-9, _ and ., got '\(name)'", field: "name")
        }
        return name
    }

    static func checkedParams(_ value: Value) throws -> [(key: String, value: String)] {
        guard case .table(let record) = value else {
            if value.isNull || value.arrayValue?.isEmpty == true { return [] }
            throw AppError.invalidArgument("params is a table of strings", field: "params")
        }
        return try record.fields.map { field in
            guard case .string(let text) = field.value else {
                throw AppError.invalidArgument(
                    "params.\(field.key) is a string, got \(field.value.kindName)", field: "params")
            }
            return (field.key, text)
        }
    }
}
