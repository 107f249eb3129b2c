import Core
import Testing

@testable import Scripting

/// The shell's own functions in help and the reference, and errors that never name the
/// shell's internal chunks.
@Suite struct ShellFunctionTests {
    @Test func theReferenceDocumentsEveryShellFunctionInItsModule() throws {
        let fixture = try EngineFixture()
        let reference = LuaReference.generate(routes: fixture.engine.router.routes, shapes: [])
        for function in ShellFunction.all {
            #expect(reference.contains("### `\(function.signature)` → `\(function.returns)`"), "\(function.name)")
        }
        let app = try #require(reference.range(of: "## app\n"))
        let on = try #require(reference.range(of: "### `app.on(pattern, fn)`"))
        let trace = try #require(reference.range(of: "## trace\n"))
        #expect(app.upperBound < on.lowerBound && on.upperBound < trace.lowerBound)
    }

    @Test func theOverviewListsTheShellFunctions() throws {
        let overview = HelpText.overview(try EngineFixture().engine.router)
        for function in ShellFunction.all { #expect(overview.contains(function.signature)) }
        #expect(overview.contains("on, routes"), "app.on is among app's functions")
    }

    @Test(arguments: [
        ("[app-shell]:298: json: bad [invalid_argument]", "json: bad [invalid_argument]"),
        ("[app-shell]:12: [app-shell]:3: interrupted", "interrupted"),
        ("x.lua:3: [app-shell] is a name", "x.lua:3: [app-shell] is a name"),
        ("[app-shell]:x: kept", "[app-shell]:x: kept"),
        ("보리 [app-shell]:7: 🐶", "보리 🐶"),
    ])
    func internalPositionsAreDropped(message: String, expected: String) {
        #expect(LuaEngine.withoutInternalPositions(message) == expected)
    }

    @Test func aJsonResultThatIsNotDataNamesNoInternalChunk() throws {
        let engine = try EngineFixture().engine
        guard case .loaded(let chunk) = engine.loadLine("function() end") else {
            Issue.record("the line should compile")
            return
        }
        guard case .failure(let failure) = engine.run(chunk, output: .json) else {
            Issue.record("a function is not JSON")
            return
        }
        #expect(failure.message == "json: value: function where data is expected [invalid_argument]")
    }
}
