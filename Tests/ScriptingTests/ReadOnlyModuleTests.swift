import Core
import Testing

@testable import Scripting

/// Module tables are read-only in fact: no way a script holds replaces a route.
@Suite struct ReadOnlyModuleTests {
    /// Each chunk tries to replace a route; afterwards the route must still be the route.
    @Test(arguments: [
        "rawset(app, 'today', function() return 'x' end)",
        "rawset(test.sub, 'deep', function() return 'x' end)",
        "app.today = function() return 'x' end",
        "test.sub.deep = function() return 'x' end",
        "package.loaded.app.today = function() return 'x' end",
        "package.loaded['test.sub'].deep = function() return 'x' end",
        "local _, t = pairs(app); t.today = function() return 'x' end",
        "local _, t = pairs(test.sub); t.deep = function() return 'x' end",
        "require('app').today = function() return 'x' end",
        "rawset(package, 'path', '/tmp/?.lua')",
    ])
    func noChunkReplacesARoute(attempt: String) throws {
        let fixture = try EngineFixture()
        _ = try fixture.values("pcall(function() \(attempt) end)")
        #expect(try fixture.values("return app.today(), test.sub.deep()") == ["2026-11-29", "tester"])
    }

    @Test func proxiesBehaveAsReadOnlyTables() throws {
        let values = try EngineFixture().values(
            """
            local names = {}
            for k in pairs(test.sub) do names[#names + 1] = k end
            return #app, tostring(app), tostring(test.sub), require('app') == app, require('test.sub') == test.sub,
              getmetatable(app), table.concat(names, ',')
            """)
        #expect(values == [0, "module app", "module test.sub", true, true, "locked", "deep"])
    }

    @Test func writingSaysWhichModuleIsReadOnly() throws {
        let values = try EngineFixture().values(
            "local ok, e = pcall(function() test.sub.deep = 1 end) return ok, e")
        #expect(values.first == false)
        #expect(values.last?.stringValue?.contains("test.sub is read-only (cannot set 'deep')") == true)
    }

    @Test func tracebacksStillNameNestedRoutes() throws {
        let fixture = try EngineFixture()
        guard case .failure(let failure) = fixture.evaluate("local f = test.fail\nf()") else {
            Issue.record("the chunk should fail")
            return
        }
        #expect(failure.traceback.contains("in function 'test.fail'"), "\(failure.traceback)")
        // The named copy of package.loaded lives only while the traceback is written.
        #expect(try fixture.values("return rawget(package.loaded, 'test') == test") == [true])
    }
}
