import Time

/// The `notifications` table: the notification list over the inbox (walk requests received
/// and answered, mates who joined, comments on your stories, replies to your comments),
/// newest first, with read marks.
///
/// It needs an `any NotificationList` and an `any Clock` in the container (the composition
/// root registers them), and asks the `any InboxTimeouts` a feature registered, if one
/// did, to record what time has made due before a list is read.
public struct NotificationsPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `notifications`.
    public var name: String { "notifications" }

    /// None: Storage owns the inbox's schema.
    public var migrations: [Migration] { [] }

    /// Nothing of its own: the routes resolve the list at each call.
    public func register(in container: Container) {}

    private static let id = Parameter.positional("id", .integer, "The notification's id.")

    /// The `notifications` routes.
    public func routes() -> [Route] {
        [
            Route(
                "notifications.list",
                summary:
                    "Your notifications, newest first, \(NotificationEntry.perPage) a page: walk requests received "
                    + "and answered, mates who joined, comments on your stories and replies to your comments; none "
                    + "from a person either of you blocked, nor about something hidden or gone.",
                parameters: [.option("page", .integer, "The page, from 1.")], returns: "notification[]",
                example: #"for _, n in ipairs(notifications.list()) do print(n.kind, n.actor, n.read) end"#
            ) { arguments, context in
                let page = try PageRequest(page: arguments.optionalInt("page") ?? 1, perPage: NotificationEntry.perPage)
                try context.recordInboxTimeouts()
                let zone = context.clock.timeZone
                return .array(
                    try context.resolve((any NotificationList).self).notifications(
                        of: context.user.id, offset: page.offset, limit: page.perPage
                    ).map { $0.value(in: zone) })
            },
            Route(
                "notifications.read", summary: "Marks a notification read, or all of yours with \"all\".",
                parameters: [
                    .positional("id", .oneOf([.integer, .choice(["all"])]), "The notification's id, or \"all\".")
                ],
                returns: "integer", errors: ["notifications.not_found"],
                example: #"notifications.read("all")"#
            ) { arguments, context in
                let list = try context.resolve((any NotificationList).self)
                let now = context.clock.now()
                guard let id = arguments["id"].intValue else {
                    return .int(try list.markAllRead(of: context.user.id, at: now))
                }
                guard try list.markRead(id, of: context.user.id, at: now) else { throw Self.notFound(id) }
                return .int(1)
            },
            Route(
                "notifications.delete", summary: "Deletes one of your notifications.", parameters: [Self.id],
                returns: "nil", errors: ["notifications.not_found"], example: #"notifications.delete(n.id)"#
            ) { arguments, context in
                let id = try arguments.int("id")
                guard try context.resolve((any NotificationList).self).delete(id, of: context.user.id) else {
                    throw Self.notFound(id)
                }
                return .null
            },
            Route(
                "notifications.clear", summary: "Deletes all your notifications at once; returns how many there were.",
                returns: "integer", example: #"notifications.clear()"#
            ) { _, context in
                .int(try context.resolve((any NotificationList).self).clear(of: context.user.id))
            },
            Route(
                "notifications.unread", summary: "How many of your notifications are unread.", returns: "integer",
                example: #"print(notifications.unread())"#
            ) { _, context in
                try context.recordInboxTimeouts()
                return .int(try context.resolve((any NotificationList).self).unreadCount(of: context.user.id))
            },
        ]
    }

    /// The record `notifications.list` returns.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "notification", doc: "One notification: what another person's action (or time) left for you.",
                fields: [
                    .init("id", "integer", "Its id (the inbox event's)."),
                    .init(
                        "kind",
                        #""walks.incoming"|"walks.answered"|"mates.joined"|"bookstories.comment"|"bookstories.reply""#,
                        "What happened: the inbox event's name."),
                    .init(
                        "subject_id", "string",
                        "What it is about: the walk request's id, the mate's user id, the comment's or reply's id.",
                        optional: true),
                    .init("actor", "string", "The name of the person whose action left it.", optional: true),
                    .init("read", "boolean", "Whether you marked it read."),
                    .init("occurred_at", "instant", "When it happened."),
                    .init("params", "table", "The inbox event's params (as app.on hooks see them)."),
                ])
        ]
    }

    private static func notFound(_ id: Int) -> AppError {
        AppError(code: "notifications.not_found", message: "you have no notification \(id)", field: "id")
    }
}
