import Synchronization

/// The shared dependency-injection container: services by type, made by factories.
///
/// - A registration is a factory for one type with a `Scope`; registering the type again
///   replaces it (and forgets a singleton already made).
/// - Resolving a type nobody registered throws `container.not_registered`, naming the
///   type and the module that declares it.
/// - `child()` makes a container that overrides some registrations (for one user or one
///   test) and falls back to its parent for the rest. A singleton is made and kept by the
///   container that holds its registration, and its dependencies resolve there too, so a
///   child's override never leaks into a parent's singleton.
/// - The lock is held only to read or write the tables, never while a factory runs, so a
///   factory may resolve other services. Two threads racing to make one singleton may
///   both run its factory; the first to finish wins and both get that instance.
public final class Container: Sendable {
    private struct Registration: Sendable {
        let scope: Scope
        let make: @Sendable (Resolver) throws -> any Sendable
    }

    private struct Tables: Sendable {
        var registrations: [ObjectIdentifier: Registration] = [:]
        var singletons: [ObjectIdentifier: any Sendable] = [:]
    }

    private let tables = Mutex(Tables())
    private let parent: Container?

    /// An empty container, or a child of `parent`.
    public init(parent: Container? = nil) { self.parent = parent }

    /// A container that overrides this one's registrations and falls back to it.
    public func child() -> Container { Container(parent: self) }

    /// Registers `factory` as the way to make `type`.
    public func register<Service: Sendable>(
        _ type: Service.Type = Service.self, scope: Scope = .singleton,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        tables.withLock { tables in
            tables.registrations[key] = Registration(scope: scope, make: { try factory($0) })
            tables.singletons[key] = nil
        }
    }

    /// Registers an instance already made, as a singleton.
    public func register<Service: Sendable>(_ type: Service.Type = Service.self, instance: Service) {
        let key = ObjectIdentifier(type)
        tables.withLock { tables in
            tables.registrations[key] = Registration(scope: .singleton, make: { _ in instance })
            tables.singletons[key] = instance
        }
    }

    /// Whether this container or an ancestor has a registration for `type`.
    public func isRegistered<Service>(_ type: Service.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if tables.withLock({ $0.registrations[key] != nil }) { return true }
        return parent?.isRegistered(type) ?? false
    }

    /// The service registered for `type`.
    /// - Throws: `AppError` `container.not_registered` when nothing provides it,
    ///   `container.cycle` when its factories need each other, or what a factory threw.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        try resolve(type, chain: [], chainNames: [])
    }

    func resolve<Service>(_ type: Service.Type, chain: [ObjectIdentifier], chainNames: [String]) throws -> Service {
        let key = ObjectIdentifier(type)
        let name = Self.typeName(type)
        if chain.contains(key) {
            throw AppError(
                code: "container.cycle",
                message: "dependency cycle: " + (chainNames + [name]).joined(separator: " -> "))
        }
        var owner: Container? = self
        while let container = owner {
            if let registration = container.tables.withLock({ $0.registrations[key] }) {
                let made = try container.produce(
                    registration, key: key, requester: self, chain: chain + [key], chainNames: chainNames + [name])
                guard let service = made as? Service else {
                    throw AppError.internal("the factory for \(Self.typeName(type)) made a \(Swift.type(of: made))")
                }
                return service
            }
            owner = container.parent
        }
        throw AppError(
            code: "container.not_registered",
            message:
                "nothing is registered for \(Self.typeName(type)); the module \(Self.moduleName(type)) declares it, "
                + "and the plugin that provides it must register it in register(in:)")
    }

    private func produce(
        _ registration: Registration, key: ObjectIdentifier, requester: Container, chain: [ObjectIdentifier],
        chainNames: [String]
    ) throws -> any Sendable {
        switch registration.scope {
        case .transient:
            return try registration.make(Resolver(container: requester, chain: chain, chainNames: chainNames))
        case .singleton:
            if let made = tables.withLock({ $0.singletons[key] }) { return made }
            let made = try registration.make(Resolver(container: self, chain: chain, chainNames: chainNames))
            return tables.withLock { tables in
                if let first = tables.singletons[key] { return first }
                tables.singletons[key] = made
                return made
            }
        }
    }

    /// Names by type, kept: reflection is slow, and every route call resolves a service.
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    static func typeName<Service>(_ type: Service.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = names.withLock({ $0[key] }) { return known }
        let name = reflectedName(type)
        names.withLock { $0[key] = name }
        return name
    }

    private static func reflectedName<Service>(_ type: Service.Type) -> String {
        let full = String(reflecting: type)
        let bare = full.hasPrefix("any ") ? String(full.dropFirst(4)) : full
        guard let dot = bare.firstIndex(of: ".") else { return bare }
        return String(bare[bare.index(after: dot)...])
    }

    static func moduleName<Service>(_ type: Service.Type) -> String {
        let full = String(reflecting: type)
        let bare = full.hasPrefix("any ") ? String(full.dropFirst(4)) : full
        return bare.split(separator: ".").first.map(String.init) ?? bare
    }
}
