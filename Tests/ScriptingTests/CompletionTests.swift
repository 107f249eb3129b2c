import Core
import Testing

@testable import Scripting

@Suite struct CompletionTests {
    static let cases: [(String, [String])] = [
        ("tes", ["test"]),
        ("test.o", ["test.options("]),
        ("test.", ["test.bytes(", "test.echo(", "test.fail(", "test.options(", "test.sub", "test.wait("]),
        ("test.sub.d", ["test.sub.deep("]),
        ("app.lo", ["app.login(", "app.loop("]),
        ("app.o", ["app.on("]),
        ("trace.s", ["trace.span(", "trace.summary("]),
        ("retu", ["return"]),
        ("nothing.here", []),
        ("test.echo.x", []),
        ("package.pa", ["package.path"]),
        ("package.loaded.te", ["package.loaded.test", "package.loaded.test.sub"]),
    ]

    @Test(arguments: cases)
    func completesGlobalsModulesAndRoutes(word: String, expected: [String]) throws {
        #expect(try EngineFixture().engine.completions(for: word) == expected)
    }

    @Test func completesTheFieldsOfATableBoundToAName() throws {
        let fixture = try EngineFixture()
        _ = try fixture.values("h = {name = 'Run', nap = 1, id = 'x', f = print}")
        #expect(fixture.engine.completions(for: "h.na") == ["h.name", "h.nap"])
        #expect(fixture.engine.completions(for: "h.f") == ["h.f("])
    }

    @Test func completingCallsNoRoute() throws {
        let fixture = try EngineFixture()
        _ = try fixture.values("calls = 0")
        _ = fixture.engine.completions(for: "test.fail.")
        _ = fixture.engine.completions(for: "app.user.")
        #expect(try fixture.values("return calls") == [0])
    }

    @Test func completingLeavesTheStackAsItWas() throws {
        let fixture = try EngineFixture()
        let before = LuaStack(fixture.engine.state).top
        for word in ["te", "test.", "h.x", "a.b.c.d", ""] { _ = fixture.engine.completions(for: word) }
        #expect(LuaStack(fixture.engine.state).top == before)
    }
}
