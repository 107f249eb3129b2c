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
        let make: @Sendable (Resolver) throws -> Made
    }

    /// A service as its factory made it, boxed in a class generic over the registered type:
    /// getting it back is a class downcast, where casting `any Sendable` to a protocol type
    /// (`any Clock`) searched the conformance tables at start-up.
    class Made: @unchecked Sendable {}

    /// The box of one type's service. `@unchecked`: only `register`, which requires the
    /// service to be `Sendable`, makes one, and `value` never changes.
    final class Instance<Service>: Made, @unchecked Sendable {
        let value: Service
        init(_ value: Service) { self.value = value }
    }

    /// A type in a resolution chain; its name is worked out (by reflection, which is slow)
    /// only for an error message. `@unchecked`: a metatype is immutable.
    struct ServiceType: @unchecked Sendable {
        let type: Any.Type
        var key: ObjectIdentifier { ObjectIdentifier(type) }
        var name: String { Container.typeName(type) }
    }

    private struct Tables: Sendable {
        var registrations: [ObjectIdentifier: Registration] = [:]
        var singletons: [ObjectIdentifier: Made] = [:]
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
            tables.registrations[key] = Registration(scope: scope, make: { Instance(try factory($0)) })
            tables.singletons[key] = nil
        }
    }

    /// Registers an instance already made, as a singleton.
    public func register<Service: Sendable>(_ type: Service.Type = Service.self, instance: Service) {
        let key = ObjectIdentifier(type)
        let made = Instance(instance)
        tables.withLock { tables in
            tables.registrations[key] = Registration(scope: .singleton, make: { _ in made })
            tables.singletons[key] = made
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
        try resolve(type, chain: [])
    }

    func resolve<Service>(_ type: Service.Type, chain: [ServiceType]) throws -> Service {
        let key = ObjectIdentifier(type)
        if chain.contains(where: { $0.key == key }) {
            throw AppError(
                code: "container.cycle",
                message: "dependency cycle: "
                    + (chain + [ServiceType(type: type)]).map(\.name).joined(separator: " -> "))
        }
        var owner: Container? = self
        while let container = owner {
            if let registration = container.tables.withLock({ $0.registrations[key] }) {
                let made = try container.produce(
                    registration, key: key, requester: self, chain: chain + [ServiceType(type: type)])
                guard let service = made as? Instance<Service> else {
                    throw AppError.internal("the factory for \(Self.typeName(type)) made a \(Swift.type(of: made))")
                }
                return service.value
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
        _ registration: Registration, key: ObjectIdentifier, requester: Container, chain: [ServiceType]
    ) throws -> Made {
        switch registration.scope {
        case .transient:
            return try registration.make(Resolver(container: requester, chain: chain))
        case .singleton:
            if let made = tables.withLock({ $0.singletons[key] }) { return made }
            let made = try registration.make(Resolver(container: self, chain: chain))
            return tables.withLock { tables in
                if let first = tables.singletons[key] { return first }
                tables.singletons[key] = made
                return made
            }
        }
    }

    /// Names by type, kept: reflection is slow (only error messages need them).
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    /// Whether `type`'s name was worked out (tests check that a resolution does not).
    static func hasCachedName(_ type: Any.Type) -> Bool {
        names.withLock { $0[ObjectIdentifier(type)] != nil }
    }

    static func typeName(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = names.withLock({ $0[key] }) { return known }
        let name = reflectedName(type)
        names.withLock { $0[key] = name }
        return name
    }

    private static func reflectedName(_ type: Any.Type) -> String {
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
