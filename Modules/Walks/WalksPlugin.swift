import Core
import Formats
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

    /// Registers the use case and the `MateLinkEndHandler` Mates calls when a link ends.
    public func register(in container: Container) {
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

    /// The inbox's timeouts: requests that expire.
    public func inboxTimeouts(_ resolver: Resolver) throws -> (any InboxTimeouts)? {
        WalkTimeouts(store: try resolver.resolve((any WalkStore).self))
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
                let sent = try Self.walks(context).request(
                    mate: try arguments.string("mate"), message: try arguments.string("message"), latitude: lat,
                    longitude: lng, placeName: place["name"]?.stringValue, senderID: context.user.id,
                    id: arguments.optionalString("id"))
                // Both names are known: no read.
                var names = [context.user.id: context.user.name]
                if let recipient = sent.recipient { names[recipient.id] = recipient.name }
                return Self.value(sent.request, names: names, context)
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
                Self.value(
                    try Self.walks(context).answer(
                        try arguments.string("id"), with: .accepted, userID: context.user.id), context)
            },
            Route(
                "walks.decline", summary: "Says no to a request to you.", parameters: [Self.id],
                returns: "walk_request", errors: ["walks.not_found", "forbidden", "walks.not_pending"],
                example: "walks.decline(id)"
            ) { arguments, context in
                Self.value(
                    try Self.walks(context).answer(
                        try arguments.string("id"), with: .declined, userID: context.user.id), context)
            },
            Route(
                "walks.cancel", summary: "Withdraws a request you sent.", parameters: [Self.id],
                returns: "walk_request", errors: ["walks.not_found", "forbidden", "walks.not_pending"],
                example: "walks.cancel(id)"
            ) { arguments, context in
                Self.value(
                    try Self.walks(context).answer(
                        try arguments.string("id"), with: .cancelled, userID: context.user.id), context)
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
                "walks.logs", summary: "Your walk logs, newest first, by the local day they started.",
                parameters: [.option("from", .day, "The first day."), .option("to", .day, "The last day.")],
                returns: "walk_log[]", example: #"walks.logs{from = "2026-11-01"}"#
            ) { arguments, context in
                .array(
                    try Self.walks(context).logs(
                        from: try arguments.optionalDay("from"), to: try arguments.optionalDay("to"),
                        userID: context.user.id
                    ).map { Self.value($0, context) })
            },
            Route(
                "walks.import_gpx",
                summary:
                    "Makes a walk of each track of a GPX file (OsmAnd, Strava, Garmin ...), with its route: "
                    + "distance summed between points 10 m apart or more. A track imported before is left alone.",
                parameters: [
                    .positional("path", .string, "The GPX 1.0 or 1.1 file, at most 16 MiB and 200,000 points.")
                        .freeText,
                    .option("steps", .integer, "Steps, 0 to 100,000, for a file of one track (GPX counts none)."),
                    .option(
                        "started_at", .instant, "When it began, for a file of one track whose points have no times."),
                    .option("ended_at", .instant, "When it ended, given with started_at."),
                ],
                returns: "walk_import", errors: ["walks.bad_gpx"],
                example: #"walks.import_gpx("morning.gpx").walks[1].distance"#
            ) { arguments, context in
                let path = try arguments.string("path")
                let bytes = try FileBytes.contents(of: path, maximum: GPXFile.maximumBytes)
                let imported = try Self.walks(context).importGPX(
                    bytes, steps: arguments.optionalInt("steps"),
                    startedAt: try arguments.optionalInstant("started_at"),
                    endedAt: try arguments.optionalInstant("ended_at"), userID: context.user.id)
                return .table(
                    Record([
                        ("walks", .array(imported.logs.map { Self.value($0, context) })),
                        ("points", .int(imported.points)), ("already_there", .int(imported.alreadyThere)),
                        ("skipped", .array(imported.skipped.map(Value.string))),
                    ]))
            },
            Route(
                "walks.summary",
                summary: "Your walks by week (Monday to Sunday), newest first: walks, distance, time and pace.",
                parameters: [.option("from", .day, "The first day."), .option("to", .day, "The last day.")],
                returns: "walk_week[]", example: #"walks.summary{from = "2026-11-01"}"#
            ) { arguments, context in
                .array(
                    try Self.walks(context).summary(
                        from: try arguments.optionalDay("from"), to: try arguments.optionalDay("to"),
                        userID: context.user.id
                    ).map(Self.value))
            },
            Route(
                "walks.route", summary: "The points of your walk's route, in order (none for a walk logged by hand).",
                parameters: [.positional("id", .string, "The walk's id.")], returns: "route_point[]",
                errors: ["walks.not_found"], example: "#walks.route(id)"
            ) { arguments, context in
                .array(
                    try Self.walks(context).route(of: try arguments.string("id"), userID: context.user.id).map {
                        Self.value($0, context)
                    })
            },
            Route(
                "walks.picture",
                summary:
                    "Your walk as a 392 x 591 PNG card: its route to scale, start and end marked, date, distance "
                    + "and time. The bytes as a string, as profiles.photo gives a JPEG's.",
                parameters: [.positional("id", .string, "The walk's id.")], returns: "string",
                errors: ["walks.not_found"], example: "walks.picture(id)"
            ) { arguments, context in
                .bytes(try Self.pictures(context).walk(try arguments.string("id"), userID: context.user.id))
            },
            Route(
                "walks.week_picture",
                summary: "Your walks of a week (Monday to Sunday) as one 392 x 591 PNG card, the week's totals on top.",
                parameters: [.positional("day", .day, "Any day of the week.")], returns: "string",
                example: #"walks.week_picture("2026-11-30")"#
            ) { arguments, context in
                .bytes(try Self.pictures(context).week(of: try arguments.day("day"), userID: context.user.id))
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
                    .init("id", "string", "A lowercase UUID."),
                    .init("steps", "integer", "Steps, when counted.", optional: true),
                    .init("distance", "number", "Metres."), .init("started_at", "instant", "When it began."),
                    .init("ended_at", "instant", "When it ended."), .init("duration", "integer", "Seconds."),
                ], presenter: WalkPresenters.log, presenterBytecode: WalkPresenters.logBytecode),
            RecordShape(
                "walk_import", doc: "What walks.import_gpx made.",
                fields: [
                    .init("walks", "walk_log[]", "The walks made, in the file's order."),
                    .init("points", "integer", "The route points stored with them."),
                    .init("already_there", "integer", "Tracks imported before, left alone."),
                    .init("skipped", "string[]", "What was left out, and why."),
                ]),
            RecordShape(
                "walk_week", doc: "A week of walks.",
                fields: [
                    .init("week", "day", "Its Monday."), .init("walks", "integer", "Walks started that week."),
                    .init("distance", "number", "Metres."), .init("duration", "integer", "Seconds."),
                    .init("pace", "number", "Seconds a kilometre.", optional: true),
                ], presenter: WalkPresenters.week, presenterBytecode: WalkPresenters.weekBytecode),
            RecordShape(
                "route_point", doc: "A point of a walk's route.",
                fields: [
                    .init("lat", "number", "-90 to 90."), .init("lng", "number", "-180 to 180."),
                    .init("ele", "number", "Metres above sea level.", optional: true),
                    .init("at", "instant", "When the walker was there.", optional: true),
                    .init("segment", "integer", "The stretch of the walk, from 1."),
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

    /// An answered request as a script sees it, named as the answering statement read them.
    private static func value(_ answered: AnsweredWalkRequest, _ context: Context) -> Value {
        value(answered.request, names: answered.names, context)
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

    private static func pictures(_ context: Context) throws -> DrawWalkPicture {
        DrawWalkPicture(
            store: try context.resolve((any WalkStore).self), drawing: try context.resolve((any WalkCardDrawing).self),
            clock: context.clock)
    }

    private static func value(_ week: WalkWeek) -> Value {
        .table(
            Record([
                ("week", .string(week.monday.description)), ("walks", .int(week.walks)),
                ("distance", .double(week.distance)), ("duration", .int(week.seconds)),
                ("pace", week.pace.map(Value.double) ?? .null),
            ]))
    }

    private static func value(_ point: WalkRoutePoint, _ context: Context) -> Value {
        .table(
            Record([
                ("lat", .double(point.latitude)), ("lng", .double(point.longitude)),
                ("ele", point.elevation.map(Value.double) ?? .null),
                ("at", point.at.map { .string($0.iso8601(in: context.clock.timeZone)) } ?? .null),
                ("segment", .int(point.segment + 1)),
            ]))
    }

    private static func value(_ log: WalkLog, _ context: Context) -> Value {
        let zone = context.clock.timeZone
        return .table(
            Record([
                ("id", .string(log.id)), ("steps", log.steps.map(Value.int) ?? .null),
                ("distance", .double(log.distance)),
                ("started_at", .string(log.startedAt.iso8601(in: zone))),
                ("ended_at", .string(log.endedAt.iso8601(in: zone))), ("duration", .int(log.durationSeconds)),
            ]))
    }
}
