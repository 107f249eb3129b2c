import Core
import Storage

/// The profile repository over a SQL database, for the composition root; it is also the
/// `ProfileDirectory` other features ask.
public struct ProfilesSQLRepositories: SQLRepositories {
    /// The SQL repositories; stateless, the database comes with `register(over:in:)`.
    public init() {}

    /// Registers `any ProfileRepository` and `any ProfileDirectory` (one instance).
    public func register(over database: any Database, in container: Container) {
        let profiles = SQLProfileRepository(database: database)
        container.register((any ProfileRepository).self, instance: profiles)
        container.register((any ProfileDirectory).self, instance: profiles)
    }

    /// The `profiles` section of the export document.
    public func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLProfilesSection(database: database)]
    }
}
