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
}
