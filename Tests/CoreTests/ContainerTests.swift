import Synchronization
import Testing

@testable import Core

@Suite struct ContainerTests {
    /// A service nobody registers, to check the `not_registered` message.
    protocol Greeter: Sendable {
        func greet() -> String
    }

    /// Counts how often a factory ran.
    final class Counter: Sendable {
        private let calls = Atomic<Int>(0)
        func tick() { calls.add(1, ordering: .relaxed) }
        var count: Int { calls.load(ordering: .relaxed) }
    }

    /// A reference type, so identity shows whether two resolutions shared one instance.
    final class Service: Sendable {
        let label: String
        init(label: String) { self.label = label }
    }

    /// A value a factory depends on.
    struct Name: Sendable, Equatable {
        let text: String
    }

    /// A singleton that is built from a `Name`.
    final class Greeting: Sendable {
        let name: Name
        init(name: Name) { self.name = name }
    }

    /// Resolved only by `resolvingWorksOutNoTypeName`, so no other test names it.
    protocol Unnamed: Sendable {}
    struct UnnamedImplementation: Unnamed {}

    struct CycleA: Sendable {}
    struct CycleB: Sendable {}
    struct SelfNeeding: Sendable {}

    struct Top: Sendable { let middle: Middle }
    struct Middle: Sendable { let bottom: Bottom }
    struct Bottom: Sendable { let value: Int }

    /// Start-up resolves dozens of services; naming each by reflection cost a fifth of
    /// app-shell's start-up instructions, yet only error messages need the names.
    @Test func resolvingWorksOutNoTypeName() throws {
        let container = Container()
        container.register((any Unnamed).self) { _ in UnnamedImplementation() }
        #expect(try container.resolve((any Unnamed).self) is UnnamedImplementation)
        #expect(!Container.hasCachedName((any Unnamed).self))
    }

    @Test func singletonIsMadeOnce() throws {
        let container = Container()
        let counter = Counter()
        container.register(Service.self, scope: .singleton) { _ in
            counter.tick()
            return Service(label: "one")
        }
        let first = try container.resolve(Service.self)
        let second = try container.resolve(Service.self)
        let third = try container.resolve(Service.self)
        #expect(counter.count == 1)
        #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
        #expect(ObjectIdentifier(second) == ObjectIdentifier(third))
    }

    @Test func singletonIsTheDefaultScope() throws {
        let container = Container()
        let counter = Counter()
        container.register(Service.self) { _ in
            counter.tick()
            return Service(label: "default")
        }
        _ = try container.resolve(Service.self)
        _ = try container.resolve(Service.self)
        #expect(counter.count == 1)
    }

    @Test func singletonIsMadeLazilyOnFirstResolution() throws {
        let container = Container()
        let counter = Counter()
        container.register(Service.self, scope: .singleton) { _ in
            counter.tick()
            return Service(label: "lazy")
        }
        #expect(counter.count == 0)
        _ = try container.resolve(Service.self)
        #expect(counter.count == 1)
    }

    @Test func transientIsMadeEveryTime() throws {
        let container = Container()
        let counter = Counter()
        container.register(Service.self, scope: .transient) { _ in
            counter.tick()
            return Service(label: "fresh")
        }
        let first = try container.resolve(Service.self)
        let second = try container.resolve(Service.self)
        let third = try container.resolve(Service.self)
        #expect(counter.count == 3)
        #expect(Set([first, second, third].map(ObjectIdentifier.init)).count == 3)
    }

    @Test func registeredInstanceIsReturnedAsIs() throws {
        let container = Container()
        let instance = Service(label: "given")
        container.register(Service.self, instance: instance)
        let resolved = try container.resolve(Service.self)
        #expect(ObjectIdentifier(resolved) == ObjectIdentifier(instance))
    }

    @Test func registeringAgainReplacesTheFactoryAndForgetsTheSingleton() throws {
        let container = Container()
        container.register(Service.self) { _ in Service(label: "old") }
        let old = try container.resolve(Service.self)
        container.register(Service.self) { _ in Service(label: "new") }
        let new = try container.resolve(Service.self)
        #expect(old.label == "old")
        #expect(new.label == "new")
        #expect(ObjectIdentifier(old) != ObjectIdentifier(new))
    }

    @Test func childOverridesParentAndFallsBackToItForTheRest() throws {
        let parent = Container()
        parent.register(Name.self, instance: Name(text: "parent"))
        parent.register(Int.self, instance: 7)
        let child = parent.child()
        child.register(Name.self, instance: Name(text: "child"))

        #expect(try child.resolve(Name.self) == Name(text: "child"))
        #expect(try child.resolve(Int.self) == 7)
        #expect(try parent.resolve(Name.self) == Name(text: "parent"))
    }

    @Test func isRegisteredSeesAncestorsButNotChildren() {
        let parent = Container()
        parent.register(Int.self, instance: 1)
        let child = parent.child()
        child.register(Name.self, instance: Name(text: "child"))

        #expect(child.isRegistered(Int.self))
        #expect(child.isRegistered(Name.self))
        #expect(!parent.isRegistered(Name.self))
        #expect(!child.isRegistered(String.self))
    }

    @Test func childOverridesParentWithoutLeakingIntoParentSingleton() throws {
        let parent = Container()
        parent.register(Name.self, instance: Name(text: "parent"))
        parent.register(Greeting.self, scope: .singleton) { resolver in
            Greeting(name: try resolver.resolve(Name.self))
        }
        let child = parent.child()
        child.register(Name.self, instance: Name(text: "child"))

        // Resolved through the child first: the singleton still belongs to the parent.
        let throughChild = try child.resolve(Greeting.self)
        let throughParent = try parent.resolve(Greeting.self)
        #expect(throughChild.name == Name(text: "parent"))
        #expect(ObjectIdentifier(throughChild) == ObjectIdentifier(throughParent))
    }

    @Test func siblingChildrenShareTheParentSingleton() throws {
        let parent = Container()
        parent.register(Service.self) { _ in Service(label: "shared") }
        let first = try parent.child().resolve(Service.self)
        let second = try parent.child().resolve(Service.self)
        #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    }

    @Test func parentTransientResolvedThroughChildUsesTheChildOverride() throws {
        let parent = Container()
        parent.register(Name.self, instance: Name(text: "parent"))
        parent.register(Greeting.self, scope: .transient) { resolver in
            Greeting(name: try resolver.resolve(Name.self))
        }
        let child = parent.child()
        child.register(Name.self, instance: Name(text: "child"))

        #expect(try child.resolve(Greeting.self).name == Name(text: "child"))
        #expect(try parent.resolve(Greeting.self).name == Name(text: "parent"))
    }

    @Test func missingRegistrationThrowsNotRegisteredNamingTheType() throws {
        let container = Container()
        let error = try #require(throws: AppError.self) {
            try container.resolve((any Greeter).self)
        }
        #expect(error.code == "container.not_registered")
        #expect(error.message.contains("Greeter"))
        #expect(error.message.contains("CoreTests"))
    }

    @Test func missingRegistrationInParentAndChildThrowsNotRegistered() throws {
        let child = Container().child()
        let error = try #require(throws: AppError.self) {
            try child.resolve(Service.self)
        }
        #expect(error.code == "container.not_registered")
        #expect(error.message.contains("Service"))
    }

    @Test func missingDependencyOfAFactoryNamesTheDependency() throws {
        let container = Container()
        container.register(Greeting.self) { resolver in Greeting(name: try resolver.resolve(Name.self)) }
        let error = try #require(throws: AppError.self) {
            try container.resolve(Greeting.self)
        }
        #expect(error.code == "container.not_registered")
        #expect(error.message.contains("Name"))
    }

    @Test func factoryThatResolvesOtherServicesCompletes() throws {
        let container = Container()
        container.register(Bottom.self, scope: .singleton) { _ in Bottom(value: 42) }
        container.register(Middle.self, scope: .singleton) { resolver in
            Middle(bottom: try resolver.resolve(Bottom.self))
        }
        container.register(Top.self, scope: .transient) { resolver in
            Top(middle: try resolver.resolve(Middle.self))
        }
        #expect(try container.resolve(Top.self).middle.bottom.value == 42)
    }

    @Test func factoryErrorReachesTheCaller() throws {
        let container = Container()
        container.register(Service.self) { _ in
            throw AppError(code: "test.failed", message: "the factory failed")
        }
        let error = try #require(throws: AppError.self) {
            try container.resolve(Service.self)
        }
        #expect(error.code == "test.failed")
    }

    @Test func dependencyCycleThrowsCycleNamingTheChain() throws {
        let container = Container()
        container.register(CycleA.self) { resolver in
            _ = try resolver.resolve(CycleB.self)
            return CycleA()
        }
        container.register(CycleB.self) { resolver in
            _ = try resolver.resolve(CycleA.self)
            return CycleB()
        }
        let error = try #require(throws: AppError.self) {
            try container.resolve(CycleA.self)
        }
        #expect(error.code == "container.cycle")
        #expect(error.message.contains("CycleA -> ContainerTests.CycleB -> ContainerTests.CycleA"))
    }

    @Test(arguments: [Scope.singleton, Scope.transient])
    func factoryNeedingItselfThrowsCycle(scope: Scope) throws {
        let container = Container()
        container.register(SelfNeeding.self, scope: scope) { resolver in
            try resolver.resolve(SelfNeeding.self)
        }
        let error = try #require(throws: AppError.self) {
            try container.resolve(SelfNeeding.self)
        }
        #expect(error.code == "container.cycle")
    }

    @Test func resolvingTheSameDependencyTwiceInOneFactoryIsNotACycle() throws {
        let container = Container()
        container.register(Bottom.self, scope: .transient) { _ in Bottom(value: 1) }
        container.register(Middle.self) { resolver in
            let first = try resolver.resolve(Bottom.self)
            let second = try resolver.resolve(Bottom.self)
            return Middle(bottom: Bottom(value: first.value + second.value))
        }
        #expect(try container.resolve(Middle.self).bottom.value == 2)
    }

    @Test func concurrentResolutionOfASingletonYieldsOneInstance() async throws {
        let container = Container()
        let counter = Counter()
        container.register(Service.self, scope: .singleton) { _ in
            counter.tick()
            return Service(label: "raced")
        }
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask { ObjectIdentifier(try container.resolve(Service.self)) }
            }
            var seen: Set<ObjectIdentifier> = []
            for try await identity in group { seen.insert(identity) }
            return seen
        }
        let later = try container.resolve(Service.self)
        #expect(identities == [ObjectIdentifier(later)])
        #expect(counter.count >= 1)
    }
}
