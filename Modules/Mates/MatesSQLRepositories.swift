import Core
import Storage

/// The mate store over a SQL database, for the composition root; it is also the
/// `MateDirectory` other features ask.
public struct MatesSQLRepositories: SQLRepositories {
    /// The SQL repositories; stateless, the database comes with `register(over:in:)`.
    public init() {}

    /// Registers `any MateStore` and `any MateDirectory` (one instance).
    public func register(over database: any Database, in container: Container) {
        let store = SQLMateStore(database: database)
        container.register((any MateStore).self, instance: store)
        container.register((any MateDirectory).self, instance: store)
        // Made when first asked for, not at start-up: it asks the server once whether its
        // functions judge drops.
        container.register((any MateDropStore).self) { _ in SQLMateDropStore(database: database) }
    }

    /// The `mates` section of the export document.
    public func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLMatesSection(database: database)]
    }
}
