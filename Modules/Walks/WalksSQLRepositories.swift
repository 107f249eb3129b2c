import Core
import Storage

/// The walk store over a SQL database, for the composition root.
public struct WalksSQLRepositories: SQLRepositories {
    /// The SQL walk store; stateless, the database comes with `register(over:in:)`.
    public init() {}

    /// Registers `any WalkStore`.
    public func register(over database: any Database, in container: Container) {
        container.register((any WalkStore).self, instance: SQLWalkStore(database: database))
    }

    /// The `walks` section of the export document.
    public func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLWalksSection(database: database)]
    }
}
