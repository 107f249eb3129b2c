import Time

/// The `people` table: blocking. A block works both ways and tells the blocked person
/// nothing (`BlockList`).
///
/// It needs an `any BlockList`, an `any UserRepository`, an `any TransactionRunner` and an
/// `any Clock` in the container (the composition root registers them), and calls the
/// `any BlockHandler` a feature registered, if one did.
public struct PeoplePlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `people`.
    public var name: String { "people" }

    /// None: Storage owns `user_blocks`' schema.
    public var migrations: [Migration] { [] }

    /// Registers `BlockPeople`.
    public func register(in container: Container) {
        container.register(BlockPeople.self) { resolver in
            BlockPeople(
                blocks: try resolver.resolve((any BlockList).self),
                users: try resolver.resolve((any UserRepository).self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                clock: try resolver.resolve((any Clock).self),
                handler: resolver.scope.isRegistered((any BlockHandler).self)
                    ? try resolver.resolve((any BlockHandler).self) : nil)
        }
    }

    private static let name = Parameter.positional("name", .string, "The user's name or id.")

    /// The `people` routes.
    public func routes() -> [Route] {
        [
            Route(
                "people.block",
                summary:
                    "Keeps a person away, both ways: neither sees the other's stories, comments or replies, and a mate "
                    + "link between you ends (its pending walk requests are cancelled). They are not told.",
                parameters: [Self.name], returns: "user", errors: ["people.not_found"],
                example: #"people.block("troll")"#
            ) { arguments, context in
                let user = try context.resolve(BlockPeople.self).block(
                    try arguments.string("name"), userID: context.user.id)
                return AppPlugin.value(of: user)
            },
            Route(
                "people.unblock", summary: "Ends your block of a person (a mate link it ended stays ended).",
                parameters: [Self.name], returns: "nil", errors: ["people.not_found"],
                example: #"people.unblock("troll")"#
            ) { arguments, context in
                try context.resolve(BlockPeople.self).unblock(try arguments.string("name"), userID: context.user.id)
                return .null
            },
            Route(
                "people.blocked", summary: "The people you blocked, most recent first.", returns: "blocked_person[]",
                example: #"for _, p in ipairs(people.blocked()) do print(p.name, p.since) end"#
            ) { _, context in
                let zone = context.clock.timeZone
                return .array(
                    try context.resolve(BlockPeople.self).blocked(userID: context.user.id).map { person in
                        .table(
                            Record([
                                ("id", .string(person.user.id)), ("name", .string(person.user.name)),
                                ("since", .string(person.since.iso8601(in: zone))),
                            ]))
                    })
            },
        ]
    }

    /// The record `people.blocked` returns.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "blocked_person", doc: "A person you blocked.",
                fields: [
                    .init("id", "string", "Their user id."), .init("name", "string", "Their user name."),
                    .init("since", "instant", "When you blocked them."),
                ])
        ]
    }
}
