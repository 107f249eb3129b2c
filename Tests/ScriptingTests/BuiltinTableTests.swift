import Core
import Testing

@testable import Scripting

/// The builtins (`app.on`, `trace.span`) come from `EngineOptions.builtins`, not from module
/// names the binder knows; the services behind them report their failures.
@Suite struct BuiltinTableTests {
    @Test func withoutBuiltinsTheModulesHaveOnlyTheirRoutes() throws {
        let fixture = try EngineFixture(options: EngineOptions(builtins: []))
        #expect(
            try fixture.values("return app.on, trace.span, type(app.user), type(trace.summary)") == [
                .null, .null, .string("function"), .string("function"),
            ])
    }

    @Test func aBuiltinJoinsTheModuleItNamesAndMakesItWhenNoRouteDid() throws {
        let spans = ScriptBuiltin(name: "extra.timed", factory: "span_with", arguments: [.spanBegin, .spanEnd])
        let fixture = try EngineFixture(options: EngineOptions(builtins: ScriptBuiltin.standard + [spans]))
        #expect(try fixture.values(#"return extra.timed("x", function(a) return a + 1 end, 41)"#) == [.int(42)])
        #expect(
            try fixture.values("return type(app.on), type(trace.span), tostring(extra)") == [
                .string("function"), .string("function"), .string("module extra"),
            ])
    }

    /// A registered signposter that cannot be made is an error of trace.span, not a silent no-op.
    @Test func aFailingSignposterIsRaisedByTraceSpan() throws {
        let fixture = try EngineFixture()
        fixture.engine.session.container.register(Signposter.self) { _ in
            throw AppError.internal("the trace file cannot be opened")
        }
        let failure = try #require(fixture.evaluate(#"trace.span("x", function() end)"#).failure)
        #expect(failure.message.contains("the trace file cannot be opened"))
    }

    /// A registered event recorder that cannot be made is an error of app.on.
    @Test func aFailingEventRecorderIsRaisedByAppOn() throws {
        let fixture = try EngineFixture()
        fixture.engine.session.container.register(EventRecorder.self) { _ in
            throw AppError.internal("the event store is closed")
        }
        let failure = try #require(fixture.evaluate(#"app.on("x", function() end)"#).failure)
        #expect(failure.message.contains("app.on"))
        #expect(failure.message.contains("the event store is closed"))
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
