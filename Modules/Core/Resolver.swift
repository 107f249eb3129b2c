/// What a factory resolves its dependencies through.
///
/// It remembers the chain of types being made, so a cycle (A needs B needs A) is an error
/// that names the chain instead of a stack overflow.
public struct Resolver: Sendable {
    let container: Container
    let chain: [Container.ServiceType]

    /// The container resolutions go to.
    public var scope: Container { container }

    /// Resolves `type`, made with this resolver's chain.
    /// - Throws: `AppError` `container.not_registered` or `container.cycle`.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        try container.resolve(type, chain: chain)
    }
}
