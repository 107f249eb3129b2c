/// A feature module: its tables, its services and its routes.
///
/// A module joins the app by being added to the composition root's list of plugins,
/// nothing else: the root applies its migrations, lets it register its services, and
/// adds its routes to the router.
public protocol ModulePlugin: Sendable {
    /// The module's name, also its Lua table and its migration key (`habits`).
    var name: String { get }
    /// The module's schema steps, in version order.
    var migrations: [Migration] { get }
    /// What members of a shared server may do to each table its migrations make, and whether
    /// the export document carries it (`TableAccess`): one entry per table.
    var tableAccess: [TableAccess] { get }
    /// Registers the module's repositories and use cases.
    func register(in container: Container)
    /// Declares the module's routes.
    func routes() -> [Route]
    /// Declares the shapes of the records its routes return.
    func shapes() -> [RecordShape]
    /// What of the module's comes due with time for the inbox (a walk request's 60
    /// seconds, a drop's 30), made from the container; nil when nothing does. The
    /// composition root asks every plugin and serves them all as one `any InboxTimeouts`.
    func inboxTimeouts(_ resolver: Resolver) throws -> (any InboxTimeouts)?
}

extension ModulePlugin {
    /// No shapes.
    public func shapes() -> [RecordShape] { [] }
    /// No tables.
    public var tableAccess: [TableAccess] { [] }
    /// Nothing comes due.
    public func inboxTimeouts(_ resolver: Resolver) throws -> (any InboxTimeouts)? { nil }
}
