import Core

/// One feature's SQL implementations of its repository protocols, written once against
/// `Database` (portable SQL, so the same code serves every backend).
///
/// Plugins resolve only the protocols (`any HabitRepository`); the composition root, which
/// chose the database, calls `register(over:in:)` of each feature's implementations, so no
/// plugin picks its storage itself.
public protocol SQLRepositories: Sendable {
    /// Registers the implementations over `database` in `container`.
    func register(over database: any Database, in container: Container)
    /// The feature's sections of the export document over `database`.
    func portableSections(over database: any Database) -> [any PortableSection]
    /// The foreign file formats the feature reads over `database`.
    func foreignFormats(over database: any Database) -> [any ForeignFormat]
    /// When the subjects of the feature's notifications are still there for their reader.
    func notificationSubjects() -> [NotificationSubject]
}

extension SQLRepositories {
    /// The feature's sections of the export document over `database`; none by default.
    public func portableSections(over database: any Database) -> [any PortableSection] { [] }
    /// The foreign file formats the feature reads over `database`; none by default.
    public func foreignFormats(over database: any Database) -> [any ForeignFormat] { [] }
    /// No rules: the feature's notifications stay while their actor is not hidden.
    public func notificationSubjects() -> [NotificationSubject] { [] }
}
