import Core
import Storage
import Time

/// SniffMeet's walk requests and walk logs: the `walks` table of routes. Needs an
/// `any MateDirectory` (Mates registers it); Walks never imports Mates.
public struct WalksPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `walks`.
    public var name: String { "walks" }

    /// The requests and logs tables.
    public var migrations: [Migration] { WalksSchema.migrations }
    /// What members of a shared server may do to each of its tables (`WalksTableAccess`).
    public var tableAccess: [TableAccess] { WalksTableAccess.tables }

    /// Registers the use case, the `MateLinkEndHandler` Mates calls when a link ends, and
    /// the inbox's timeouts (requests that expire).
    public func register(in container: Container) {
        container.register((any InboxTimeouts).self) { resolver in
            WalkTimeouts(store: try resolver.resolve((any WalkStore).self))
        }
        container.register((any MateLinkEndHandler).self) { resolver in
            CancelWalksOnMateLinkEnd(store: try resolver.resolve((any WalkStore).self))
        }
        container.register(ManageWalks.self) { resolver in
            ManageWalks(
                store: try resolver.resolve((any WalkStore).self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                mates: try resolver.resolve((any MateDirectory).self),
                users: try resolver.resolve((any UserRepository).self), clock: try resolver.resolve((any Clock).self))
        }
    }

    private static let id = Parameter.positional("id", .string, "The request's id.")
    private static let status = Parameter.option(
        "status", .choice(WalkStatus.allCases.map(\.rawValue)), "Only requests in this status.")

    /// The `walks` routes of the contract.
    public func routes() -> [Route] {
        [
            Route(
                "walks.request",
                summary:
                    "Asks a mate to walk now, at a place; they have 60 seconds to answer. At most 30 requests a minute.",
                parameters: [
                    .option("mate", .string, "The mate's user name or id.", required: true),
                    .option("message", .string, "1 to 100 characters after trimming.", required: true).freeText,
                    .option(
                        "place", .record("place"), "{lat=, lng=, name=?}; name at most 100 characters.", required: true),
                    .option(
                        "id", .string,
                        "An id you choose (a lowercase UUID), so the same call can run again after "
                            + "storage.outcome_unknown: if your request with this id was made, it is returned, "
                            + "never made twice."),
                ],
                returns: "walk_request", errors: ["walks.not_a_mate", "walks.too_many_requests"],
                example: #"walks.request{mate = "joon", message = "한강 갈래?", place = {lat = 37.52, lng = 126.93}}"#
            ) { arguments, context in
                guard case .table(let place) = arguments["place"] else {
                    throw AppError.invalidArgument("place is {lat=, lng=, name=?}", field: "place")
                }
                for key in place.keys where !["lat", "lng", "name"].contains(key) {
                    throw AppError.invalidArgument("unknown field '\(key)' in place", field: "place")
                }
                guard let lat = place["lat"]?.doubleValue else {
                    throw AppError.invalidArgument("place.lat is a number", field: "place.lat")
                }
                guard let lng = place["lng"]?.doubleValue else {
                    throw AppError.invalidArgument("place.lng is a number", field: "place.lng")
                }
                if let name = place["name"], name != .null, name.stringValue == nil {
                    throw AppError.invalidArgument("place.name is a string", field: "place.name")
                }
                let request = try Self.walks(context).request(
                    mate: try arguments.string("mate"), message: try arguments.string("message"), latitude: lat,
                    longitude: lng, placeName: place["name"]?.stringValue, senderID: context.user.id,
                    id: arguments.optionalString("id"))
                return try Self.value(request, context)
            },
            Route(
                "walks.incoming", summary: "Requests to you, newest first.", parameters: [Self.status],
                returns: "walk_request[]", example: #"walks.incoming{status = "pending"}"#, readsOnly: true
            ) { arguments, context in
                try Self.list(incoming: true, arguments, context)
            },
            Route(
                "walks.outgoing", summary: "Requests you sent, newest first.", parameters: [Self.status],
                returns: "walk_request[]", example: "walks.outgoing()", readsOnly: true
            ) { arguments, context in
                try Self.list(incoming: false, arguments, context)
            },
            Route(
                "walks.accept", summary: "Says yes to a request to you.", parameters: [Self.id],
                returns: "walk_request",
                errors: ["walks.not_found", "forbidden", "walks.not_pending", "walks.not_a_mate"],
                example: "walks.accept(id)"
            ) { arguments, context in
                try Self.value(
                    try Self.walks(context).answer(
                        try arguments.string("id"), with: .accepted, userID: context.user.id),
                    context)
            },
            Route(
                "walks.decline", summary: "Says no to a request to you.", parameters: [Self.id],
                returns: "walk_request", errors: ["walks.not_found", "forbidden", "walks.not_pending"],
                example: "walks.decline(id)"
            ) { arguments, context in
                try Self.value(
                    try Self.walks(context).answer(
                        try arguments.string("id"), with: .declined, userID: context.user.id),
                    context)
            },
            Route(
                "walks.cancel", summary: "Withdraws a request you sent.", parameters: [Self.id],
                returns: "walk_request", errors: ["walks.not_found", "forbidden", "walks.not_pending"],
                example: "walks.cancel(id)"
            ) { arguments, context in
                try Self.value(
                    try Self.walks(context).answer(
                        try arguments.string("id"), with: .cancelled, userID: context.user.id),
                    context)
            },
            Route(
                "walks.log", summary: "Logs a walk you took.",
                parameters: [
                    .option("steps", .integer, "Steps, 0 to 100,000.", required: true),
                    .option("distance", .number, "Metres, 0 to 100,000 (100 km).", required: true),
                    .option("started_at", .instant, "When it began.", required: true),
                    .option(
                        "ended_at", .instant, "When it ended: not after now, at most 24 hours after it began.",
                        required: true),
                ],
                returns: "walk_log",
                example:
                    #"walks.log{steps = 4200, distance = 3100, started_at = "2026-11-29T07:00:00+09:00", ended_at = "2026-11-29T07:40:00+09:00"}"#
            ) { arguments, context in
                Self.value(
                    try Self.walks(context).log(
                        steps: try arguments.int("steps"), distance: try arguments.double("distance"),
                        startedAt: try arguments.instant("started_at"), endedAt: try arguments.instant("ended_at"),
                        userID: context.user.id), context)
            },
            Route(
                "walks.logs", summary: "Your walk logs, oldest first, by the local day they started.",
                parameters: [.option("from", .day, "The first day."), .option("to", .day, "The last day.")],
                returns: "walk_log[]", example: #"walks.logs{from = "2026-11-01"}"#
            ) { arguments, context in
                .array(
                    try Self.walks(context).logs(
                        from: try arguments.optionalDay("from"), to: try arguments.optionalDay("to"),
                        userID: context.user.id
                    ).map { Self.value($0, context) })
            },
        ]
    }

    /// The records the `walks` routes return.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "walk_request", doc: "A request to walk now.",
                fields: [
                    .init("id", "string", "A lowercase UUID."), .init("from", "string", "The sender's user name."),
                    .init("to", "string", "The recipient's user name."), .init("message", "string", "The message."),
                    .init("place", "place", "Where."),
                    .init("status", #""pending"|"accepted"|"declined"|"cancelled"|"expired""#, "As of now."),
                    .init("created_at", "instant", "When it was sent."),
                    .init("expires_at", "instant", "When a pending request expires."),
                ]),
            RecordShape(
                "place", doc: "A place.",
                fields: [
                    .init("lat", "number", "-90 to 90."), .init("lng", "number", "-180 to 180."),
                    .init("name", "string", "Its name, at most 100 characters.", optional: true),
                ]),
            RecordShape(
                "walk_log", doc: "A walk taken.",
                fields: [
                    .init("id", "string", "A lowercase UUID."), .init("steps", "integer", "Steps."),
                    .init("distance", "number", "Metres."), .init("started_at", "instant", "When it began."),
                    .init("ended_at", "instant", "When it ended."), .init("duration", "integer", "Seconds."),
                ]),
        ]
    }

    private static func walks(_ context: Context) throws -> ManageWalks { try context.resolve(ManageWalks.self) }

    private static func list(incoming: Bool, _ arguments: Arguments, _ context: Context) throws -> Value {
        let status = arguments.optionalString("status").flatMap(WalkStatus.init(rawValue:))
        let requests = try walks(context).list(incoming: incoming, status: status, userID: context.user.id)
        // The people named, read at once: one statement, however many requests.
        let names = try context.resolve((any UserRepository).self).users(
            ids: requests.flatMap { [$0.senderID, $0.recipientID] }
        ).mapValues(\.name)
        return .array(requests.map { value($0, names: names, context) })
    }

    private static func value(_ request: WalkRequest, _ context: Context) throws -> Value {
        let users = try context.resolve((any UserRepository).self)
        let names = try users.users(ids: [request.senderID, request.recipientID]).mapValues(\.name)
        return value(request, names: names, context)
    }

    /// A request as a script sees it; `names` are the user names by id (`?` for one missing).
    private static func value(_ request: WalkRequest, names: [String: String], _ context: Context) -> Value {
        let zone = context.clock.timeZone
        return .table(
            Record([
                ("id", .string(request.id)), ("from", .string(names[request.senderID] ?? "?")),
                ("to", .string(names[request.recipientID] ?? "?")),
                ("message", .string(request.message)),
                (
                    "place",
                    .table(
                        Record([
                            ("lat", .double(request.latitude)), ("lng", .double(request.longitude)),
                            ("name", request.placeName.map(Value.string) ?? .null),
                        ]))
                ),
                ("status", .string(request.status(at: context.clock.now()).rawValue)),
                ("created_at", .string(request.createdAt.iso8601(in: zone))),
                ("expires_at", .string(request.expiresAt.iso8601(in: zone))),
            ]))
    }

    private static func value(_ log: WalkLog, _ context: Context) -> Value {
        let zone = context.clock.timeZone
        return .table(
            Record([
                ("id", .string(log.id)), ("steps", .int(log.steps)), ("distance", .double(log.distance)),
                ("started_at", .string(log.startedAt.iso8601(in: zone))),
                ("ended_at", .string(log.endedAt.iso8601(in: zone))), ("duration", .int(log.durationSeconds)),
            ]))
    }
}
