import Core
import Storage
import Time

/// SniffMeet's mates: the `mates` table of routes, and the `MateDirectory` Walks asks.
public struct MatesPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `mates`.
    public var name: String { "mates" }

    /// The invites, attempts, mates and reports tables.
    public var migrations: [Migration] { MatesSchema.migrations }
    /// What members of a shared server may do to each of its tables (`MatesTableAccess`).
    public var tableAccess: [TableAccess] { MatesTableAccess.tables }

    /// Registers the use case over the `MateStore` the composition root registered, and
    /// the `BlockHandler` that ends a mate link when one of the two blocks the other.
    public func register(in container: Container) {
        container.register((any BlockHandler).self) { resolver in
            EndMateLinkOnBlock(
                store: try resolver.resolve((any MateStore).self),
                linkEndHandler: resolver.scope.isRegistered((any MateLinkEndHandler).self)
                    ? try resolver.resolve((any MateLinkEndHandler).self) : nil)
        }
        container.register(ManageDrops.self) { resolver in
            ManageDrops(
                store: try resolver.resolve((any MateDropStore).self),
                mates: try resolver.resolve((any MateStore).self),
                profiles: try resolver.resolve((any ProfileDirectory).self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                clock: try resolver.resolve((any Clock).self),
                blocks: resolver.scope.isRegistered((any BlockList).self)
                    ? try resolver.resolve((any BlockList).self) : nil)
        }
        container.register(ManageMates.self) { resolver in
            ManageMates(
                store: try resolver.resolve((any MateStore).self),
                profiles: try resolver.resolve((any ProfileDirectory).self),
                users: try resolver.resolve((any UserRepository).self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                clock: try resolver.resolve((any Clock).self),
                linkEndHandler: resolver.scope.isRegistered((any MateLinkEndHandler).self)
                    ? try resolver.resolve((any MateLinkEndHandler).self) : nil,
                blocks: resolver.scope.isRegistered((any BlockList).self)
                    ? try resolver.resolve((any BlockList).self) : nil)
        }
    }

    /// The inbox's timeouts: drops whose 30 seconds end.
    public func inboxTimeouts(_ resolver: Resolver) throws -> (any InboxTimeouts)? {
        DropTimeouts(store: try resolver.resolve((any MateDropStore).self))
    }

    private static let user = Parameter.positional("user", .string, "The mate's user name or id.")
    private static let dropID = Parameter.positional("id", .string, "The drop's id.")

    private static func drops(_ context: Context) throws -> ManageDrops { try context.resolve(ManageDrops.self) }

    /// The `mates` routes of the contract.
    public func routes() -> [Route] {
        [
            Route(
                "mates.invite", summary: "Makes a 6-character code another user joins with, valid 10 minutes, once.",
                returns: "invite", errors: ["profiles.not_found"], example: "print(mates.invite().code)"
            ) { _, context in
                let invite = try context.resolve(ManageMates.self).invite(userID: context.user.id)
                return .table(
                    Record([
                        ("code", .string(invite.code)),
                        ("expires_at", .string(invite.expiresAt.iso8601(in: context.clock.timeZone))),
                    ]))
            },
            Route(
                "mates.drop",
                summary:
                    "Drops your profile for the person standing with you: a 6-character code and its QR code, alive "
                    + "30 seconds, caught once. Your last live drop ends. Invite codes are for pairing at a distance.",
                returns: "drop", errors: ["profiles.not_found", "mates.too_many_drops"], example: "show(mates.drop())"
            ) { _, context in
                try DropValues.value(
                    try Self.drops(context).drop(userID: context.user.id), for: context.user.id, context)
            },
            Route(
                "mates.catch",
                summary:
                    "Catches the drop of the person standing with you by its code: their profile and three words you "
                    + "both compare; then both mates.confirm within the drop's 30 seconds.",
                parameters: [.positional("code", .string, "The drop's 6-character code.").secret], returns: "drop",
                errors: ["mates.bad_code", "mates.too_many_attempts", "profiles.not_found"],
                example: #"local d = mates.catch("K7P2QX")  print(d.with, d.words)"#
            ) { arguments, context in
                try DropValues.value(
                    try Self.drops(context).catchDrop(code: try arguments.string("code"), userID: context.user.id),
                    for: context.user.id, context)
            },
            Route(
                "mates.confirm",
                summary:
                    "Confirms a caught drop you are in, once the words match: when both have, you are mates "
                    + "(state \"finished\").",
                parameters: [Self.dropID], returns: "drop", errors: ["mates.drop_not_found", "mates.drop_ended"],
                example: "mates.confirm(drop.id)"
            ) { arguments, context in
                try DropValues.value(
                    try Self.drops(context).confirm(id: try arguments.string("id"), userID: context.user.id),
                    for: context.user.id, context)
            },
            Route(
                "mates.cancel_drop", summary: "Ends a live drop you are in, caught or not.",
                parameters: [Self.dropID], returns: "drop", errors: ["mates.drop_not_found", "mates.drop_ended"],
                example: "mates.cancel_drop(drop.id)"
            ) { arguments, context in
                try DropValues.value(
                    try Self.drops(context).cancel(id: try arguments.string("id"), userID: context.user.id),
                    for: context.user.id, context)
            },
            Route(
                "mates.drop_status",
                summary:
                    "A drop you are in, as it is now: connecting, success, failure, cannot_find_peer or finished.",
                parameters: [Self.dropID], returns: "drop", errors: ["mates.drop_not_found"],
                example: "mates.drop_status(drop.id).state", readsOnly: true
            ) { arguments, context in
                try DropValues.value(
                    try Self.drops(context).status(id: try arguments.string("id"), userID: context.user.id),
                    for: context.user.id, context)
            },
            Route(
                "mates.join", summary: "Becomes mates with the user who made the code (both ways).",
                parameters: [.positional("code", .string, "The 6-character invite code.").secret], returns: "mate",
                errors: [
                    "mates.bad_code", "mates.expired_code", "mates.already_mates", "mates.self",
                    "mates.too_many_attempts", "profiles.not_found",
                ],
                example: #"mates.join("K7P2QX")"#
            ) { arguments, context in
                try context.resolve(ManageMates.self).join(code: try arguments.string("code"), userID: context.user.id)
                    .value(in: context.clock.timeZone)
            },
            Route(
                "mates.list", summary: "Your mates by nickname, with their thumbnails.",
                parameters: [
                    .option("page", .integer, "The page, from 1."),
                    .option("per_page", .integer, "Mates per page, 1 to 100; 20 when omitted."),
                ],
                returns: "mate[]", example: "for _, m in ipairs(mates.list()) do print(m.nickname) end", readsOnly: true
            ) { arguments, context in
                let zone = context.clock.timeZone
                return .array(
                    try context.resolve(ManageMates.self).list(
                        userID: context.user.id, page: arguments.optionalInt("page") ?? 1,
                        perPage: arguments.optionalInt("per_page") ?? 20
                    ).map { $0.value(in: zone) })
            },
            Route(
                "mates.remove", summary: "Ends a mate link, from both lists; pending walk requests between you end.",
                parameters: [Self.user], returns: "nil",
                errors: ["mates.not_found"], example: #"mates.remove("joon")"#
            ) { arguments, context in
                try context.resolve(ManageMates.self).remove(try arguments.string("user"), userID: context.user.id)
                return .null
            },
            Route(
                "mates.report",
                summary:
                    "Reports a mate; the report is kept, the mate removed and pending walk requests between you cancelled.",
                parameters: [
                    Self.user,
                    .option(
                        "reason", .choice(["violent_on_walk", "offensive_language", "other"]), "Why.", required: true),
                    .option("message", .string, "At most 100 characters.").freeText,
                ],
                returns: "nil", errors: ["mates.not_found"], example: #"mates.report("joon", {reason = "other"})"#
            ) { arguments, context in
                try context.resolve(ManageMates.self).report(
                    try arguments.string("user"), reason: try arguments.string("reason"),
                    message: arguments.optionalString("message"), userID: context.user.id)
                return .null
            },
        ]
    }

    /// The records the `mates` routes return.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "mate", doc: "Someone you walk with.",
                fields: [
                    .init("user_id", "string", "Their user id."), .init("user_name", "string", "Their user name."),
                    .init("nickname", "string", "Their nickname."), .init("dog_name", "string", "Their dog's name."),
                    .init("dog_keywords", "string[]", "Their dog's keywords."),
                    .init(
                        "thumbnail", "stored_image",
                        "The 100 x 100 thumbnail's size and hash (its bytes: profiles.photo).", optional: true),
                    .init("since", "instant", "When you became mates."),
                ]),
            RecordShape(
                "drop", doc: "A profile drop: meeting in person.",
                fields: [
                    .init("id", "string", "A lowercase UUID."),
                    .init(
                        "state", #""connecting"|"success"|"failure"|"cannot_find_peer"|"finished""#,
                        "As SniffMeet showed it: waiting to be caught, caught (compare the words, confirm), ended, "
                            + "nobody caught it, mates."),
                    .init("expires_at", "instant", "When its 30 seconds end."),
                    .init("code", "string", "The code to show, for its dropper until it is caught.", optional: true),
                    .init(
                        "qr", "string",
                        "The code's QR code in half blocks, while it waits (when libqrencode is installed).",
                        optional: true),
                    .init("words", "string", "Three words both compare, once caught.", optional: true),
                    .init("confirmed", "boolean", "Whether you confirmed."),
                    .init("with", "string", "The other person's user name, once caught.", optional: true),
                    .init(
                        "profile", "drop_profile", "The other person's nickname, dog and thumbnail, once caught.",
                        optional: true),
                ], presenter: MatePresenters.drop, presenterBytecode: MatePresenters.dropBytecode),
            RecordShape(
                "drop_profile", doc: "What a drop shows of the other person.",
                fields: [
                    .init("nickname", "string", "Their nickname."), .init("dog_name", "string", "Their dog's name."),
                    .init("dog_keywords", "string[]", "Their dog's keywords."),
                    .init(
                        "thumbnail", "stored_image",
                        "The 100 x 100 thumbnail's size and hash (its bytes: profiles.photo).", optional: true),
                ]),
            RecordShape(
                "invite", doc: "An invite code.",
                fields: [
                    .init("code", "string", "6 characters."), .init("expires_at", "instant", "When it stops working."),
                ]),
        ]
    }
}
