import Core
import Testing

/// `resolveIfRegistered`: nil only when nothing registers the service; a registration whose
/// factory fails throws, as `resolve` does.
@Suite struct ContainerOptionalTests {
    struct Trace: Sendable, Equatable { let file: String }

    @Test func anAbsentServiceIsNilAndARegisteredOneIsMade() throws {
        let container = Container()
        #expect(try container.resolveIfRegistered(Trace.self) == nil)
        container.register(Trace.self) { _ in Trace(file: "추적 🐕.json") }
        #expect(try container.child().resolveIfRegistered(Trace.self) == Trace(file: "추적 🐕.json"))
    }

    @Test func aFailingFactoryIsAnErrorNotAnAbsentService() {
        let container = Container()
        container.register(Trace.self) { _ in throw AppError.invalidArgument("cannot open the trace file") }
        let error = #expect(throws: AppError.self) { try container.resolveIfRegistered(Trace.self) }
        #expect(error?.message == "cannot open the trace file")
    }
}
