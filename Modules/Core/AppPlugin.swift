import Time

/// The core module: the `app` table (today, now, the acting user, the routes).
///
/// It needs an `any UserRepository` and an `any Clock` in the container; the composition
/// root registers both.
public struct AppPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `app`.
    public var name: String { "app" }

    /// None: Storage owns the users table's schema.
    public var migrations: [Migration] { [] }

    /// Registers `UserAccounts`, and `StandardErrorNotifier` as the `Notifier` (the shell
    /// replaces it with the desktop's).
    public func register(in container: Container) {
        container.register((any Notifier).self, instance: StandardErrorNotifier())
        container.register(UserAccounts.self, scope: .transient) { resolver in
            UserAccounts(
                repository: try resolver.resolve((any UserRepository).self),
                clock: try resolver.resolve((any Clock).self))
        }
    }

    /// The `app` routes.
    public func routes() -> [Route] {
        [
            Route(
                "app.today", summary: "Today's date in the app's time zone.", returns: "day",
                example: "app.today()  --> \"2026-11-29\""
            ) { _, context in
                .string(context.clock.today().description)
            },
            Route(
                "app.now", summary: "The current instant, ISO-8601 with the zone's offset.", returns: "instant",
                example: "app.now()  --> \"2026-11-29T08:00:00+09:00\""
            ) { _, context in
                .string(context.clock.format(context.clock.now()))
            },
            Route(
                "app.user", summary: "The acting user.", returns: "user", example: "app.user().name"
            ) { _, context in
                Self.value(of: context.user)
            },
            Route(
                "app.login",
                summary:
                    "Acts as another user from now on, creating them on first use (SQLite; on PostgreSQL you are your database login).",
                parameters: [
                    .positional("name", .string, "1 to 32 letters, digits, '_', '-' or '.'.")
                ],
                returns: "user", errors: ["app.login_not_available"], example: "app.login(\"mina\")"
            ) { arguments, context in
                let name = try arguments.string("name")
                if case .databaseLogin(let login) = (try? context.resolve(IdentitySource.self)) ?? .chosen {
                    throw IdentitySource.loginNotAvailable(login: login, field: "name")
                }
                let user = try context.resolve(UserAccounts.self).signIn(name: name)
                context.session.switchUser(to: user)
                return Self.value(of: user)
            },
            Route(
                "app.export",
                summary:
                    "Your data as one versioned document (habits, stories, themes, profile and photos, walk logs, mates' names).",
                returns: "export_document",
                example: "local doc = app.export()  print(doc.version, #doc.sections.habits.habits)"
            ) { _, context in
                try context.resolve((any DataPortability).self).export(for: context.user, clock: context.clock)
            },
            Route(
                "app.import",
                summary:
                    "Takes in a file or folder: an export document, a Loop backup or CSV export, HabitBull CSV, Kindle's My Clippings.txt, a KOReader JSON export or a GPX file of walks; adds only what is new.",
                parameters: [
                    Parameter.positional("path", .string, "The file (or Loop CSV folder or zip) to read.").freeText,
                    .option(
                        "from", .choice(["app-shell", "kindle", "koreader", "loop", "habitbull", "gpx"]),
                        "The format; recognised from the content when left out."),
                ],
                returns: "import_result",
                errors: ["import.unknown_format", "import.newer_version"],
                example: "local r = app.import(\"My Clippings.txt\")  print(r.added.quotes, r.skipped.quotes)"
            ) { arguments, context in
                let portability = try context.resolve((any DataPortability).self)
                let report = try portability.importPath(
                    try arguments.string("path"), from: arguments.optionalString("from"), for: context.user,
                    clock: context.clock,
                    transactions: try context.resolve((any TransactionRunner).self))
                return report.value
            },
            Route(
                "app.notify",
                summary:
                    "Shows a desktop notification (the freedesktop notification service, when a session bus is there), "
                    + "else one line on standard error; returns \"desktop\" or \"stderr\".",
                parameters: [
                    Parameter.positional(
                        "title", .string,
                        "1 to \(DesktopNotification.maximumTitleLength) characters; control characters become spaces."
                    ).freeText,
                    Parameter.positional(
                        "body", .string,
                        "At most \(DesktopNotification.maximumBodyLength) characters; line breaks are kept.",
                        required: false
                    ).freeText,
                ],
                returns: "string", errors: [DesktopNotification.busRefusedCode],
                example: #"app.notify("Floss", "You have not flossed today 🦷")"#
            ) { arguments, context in
                let notification = try DesktopNotification(
                    title: try arguments.string("title"), body: arguments.optionalString("body") ?? "")
                let notifier = try context.resolve((any Notifier).self)
                return .string(try notifier.show(notification))
            },
            Route(
                "app.inbox",
                summary:
                    "Events other people's actions left for you (walks.incoming, walks.answered, mates.joined, "
                    + "bookstories.comment, bookstories.reply), "
                    + "oldest first, whether or not a loop has handed them to hooks.",
                parameters: [
                    .option(
                        "since", .oneOf([.integer, .instant]),
                        "An event's id (the events after it) or an instant (the events at or after it)."),
                    .option(
                        "limit", .integer,
                        "At most this many, 1 to \(Self.maximumInboxListed); \(Self.defaultInboxListed) when omitted."),
                ],
                returns: "event[]",
                example: #"for _, e in ipairs(app.inbox{since = "2026-11-29T00:00:00+09:00"}) do print(e.name) end"#
            ) { arguments, context in
                let limit = arguments.optionalInt("limit") ?? Self.defaultInboxListed
                guard (1...Self.maximumInboxListed).contains(limit) else {
                    throw AppError.invalidArgument(
                        "limit is 1 to \(Self.maximumInboxListed), got \(limit)", field: "limit")
                }
                let after = arguments["since"].intValue
                let since = after == nil ? try arguments.optionalInstant("since") : nil
                try context.recordInboxTimeouts()
                let zone = context.clock.timeZone
                return .array(
                    try context.resolve((any Inbox).self).entries(
                        of: context.user.id, after: after, since: since, limit: limit
                    ).map { $0.value(in: zone) })
            },
            Route(
                "app.routes", summary: "Every route, sorted by name, with its summary.", returns: "route[]",
                example: "for _, r in ipairs(app.routes()) do print(r.name) end"
            ) { _, context in
                .array(
                    context.router.routes.map { route in
                        .table(Record([("name", .string(route.name)), ("summary", .string(route.summary))]))
                    })
            },
        ]
    }

    /// The most events one `app.inbox` returns.
    public static let maximumInboxListed = 1_000
    /// How many `app.inbox` returns when not told.
    public static let defaultInboxListed = 100

    /// The `user` and `route` records.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "user", doc: "A person using AppShell.",
                fields: [.init("id", "string", "A lowercase UUID."), .init("name", "string", "The unique user name.")]),
            RecordShape(
                "export_document",
                doc: "One person's data, the document `app-shell --export` writes (docs/data-in-and-out.md).",
                fields: [
                    .init("format", "string", "Always \"app-shell-export\"."),
                    .init("version", "integer", "The document's version (1)."),
                    .init("exported_at", "instant", "When it was made."),
                    .init("user", "string", "The user name it was made for."),
                    .init(
                        "sections", "table",
                        "One table per feature (habits, bookstories, profiles, walks, mates), each with its own version."
                    ),
                ]),
            RecordShape(
                "import_result", doc: "What an import did.",
                fields: [
                    .init(
                        "format", "string", "The format read: app-shell-export, loop, habitbull, kindle or koreader."),
                    .init(
                        "added", "table<string, integer>",
                        "Counts of what was added by kind (habits, completions, skips, amounts, notes, stories, quotes, ...)."
                    ),
                    .init("skipped", "table<string, integer>", "Counts of what was there already, by kind."),
                    .init("not_representable", "string[]", "One line for each thing that could not be taken in."),
                    .init(
                        "merged", "string[]",
                        "One line for each habit merged into yours of the same name, and for each of its settings (frequency, measure, reminder) that differed: kept or replaced."
                    ),
                ]),
            RecordShape(
                "route", doc: "A route of the router.",
                fields: [.init("name", "string", "The dotted name."), .init("summary", "string", "What it does.")]),
        ]
    }

    static func value(of user: User) -> Value {
        .table(Record([("id", .string(user.id)), ("name", .string(user.name))]))
    }
}
