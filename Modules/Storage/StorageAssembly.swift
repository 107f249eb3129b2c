import Core
import Formats

/// Storage's part of the composition, the same for the app and the benchmarks: the
/// schema every plugin needs, and the database with the implementations Storage owns
/// registered in the container.
public enum StorageAssembly {
    /// Applies Core's schema, the event log's and then each plugin's migrations, in order.
    /// - Throws: `AppError` when a step fails; that step changes nothing.
    public static func migrate(_ database: any Database, plugins: [any ModulePlugin]) throws {
        try Migrator(database: database).migrate(modules(plugins))
    }

    /// Core's schema, the event log's and each plugin's, as the migrator applies them.
    public static func modules(_ plugins: [any ModulePlugin]) -> [Migrator.Module] {
        [CoreSchema.migratorModule, EventSchema.migratorModule]
            + plugins.filter { !$0.migrations.isEmpty }.map {
                Migrator.Module(name: $0.name, migrations: $0.migrations)
            }
    }

    /// Registers `database` as itself and as the `TransactionRunner`, the SQL user
    /// repository, event store, inbox and notification list, and an `EventRecorder` whose route events are stored by
    /// the transaction that commits them (or dropped with its rollback). The event store
    /// keeps at most `eventBacklog` events (`--events-backlog`). Each feature's
    /// The sections of the export document Storage's own tables fill: the people one blocked
    /// and one's reports.
    public static func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLPeopleSection(database: database), SQLReportsSection(database: database)]
    }

    /// `repositories` are registered over `database`: the plugins resolve only protocols.
    /// - Returns: the recorder, for the router's `EventMiddleware`.
    @discardableResult
    public static func register(
        _ database: any Database, in container: Container, eventBacklog: Int = SQLEventStore.defaultCapacity,
        repositories: [any SQLRepositories] = [], importBytes: Int = PortableSections.maximumFileBytes
    ) -> EventRecorder {
        for feature in repositories { feature.register(over: database, in: container) }
        container.register(
            (any DataPortability).self,
            instance: PortableSections(
                sections: portableSections(over: database)
                    + repositories.flatMap { $0.portableSections(over: database) },
                formats: repositories.flatMap { $0.foreignFormats(over: database) },
                readFile: { try FileBytes.contents(of: $0, maximum: $1) },
                readFolder: { try FolderFiles.folder($0) }, maximumBytes: importBytes))
        container.register((any Database).self, instance: database)
        container.register((any TransactionRunner).self, instance: database)
        let recorder = EventRecorder()
        let events = SQLEventStore(database: database, capacity: eventBacklog)
        container.register(EventRecorder.self, instance: recorder)
        container.register((any EventStore).self, instance: events)
        container.register((any Inbox).self, instance: SQLInbox(database: database))
        container.register(
            (any NotificationList).self,
            instance: SQLNotificationList(
                database: database, subjects: repositories.flatMap { $0.notificationSubjects() }))
        container.register((any BlockList).self, instance: SQLBlockList(database: database))
        container.register((any ReportStore).self, instance: SQLReportStore(database: database))
        database.setCommitHooks(
            CommitHooks(
                beforeCommit: { try events.insertBeforeCommit(recorder.drainForCommit()) },
                afterCommit: {
                    recorder.committed()
                    events.committed()
                },
                afterRollback: {
                    recorder.restoreAfterRollback()
                    events.rolledBack()
                }))
        // Events still buffered when the database closes (at exit, by any path) are stored.
        database.setCloseHook { database in
            if recorder.bufferedCount > 0 { try? database.transaction {} }
        }
        container.register((any UserRepository).self) { resolver in
            SQLUserRepository(database: try resolver.resolve((any Database).self))
        }
        return recorder
    }
}
