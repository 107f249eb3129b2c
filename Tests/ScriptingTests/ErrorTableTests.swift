import Core
import Testing

@testable import Scripting

@Suite struct ErrorTableTests {
    @Test func routeErrorsAreTablesWithCodeMessageRouteAndField() throws {
        let values = try EngineFixture().values(
            "local ok, e = pcall(test.fail); return ok, type(e), e.code, e.message, e.route, e.field")
        #expect(values == [false, "table", "test.failed", "it failed on purpose", "test.fail", "thing"])
    }

    @Test func tostringPrintsPositionRouteMessageAndCode() throws {
        let values = try EngineFixture().values(
            """
            local ok, e = pcall(function()
              test.fail()
            end)
            return tostring(e), e.where
            """)
        #expect(values == ["test:2: test.fail: it failed on purpose [test.failed]", "test:2: "])
    }

    @Test func anUncaughtErrorReportsTheLineAndCode() throws {
        let result = try EngineFixture().evaluate("local x = 1\ntest.fail()")
        guard case .failure(let failure) = result else {
            Issue.record("the chunk should fail")
            return
        }
        #expect(failure.kind == .runtime)
        #expect(failure.code == "test.failed")
        #expect(failure.message == "test:2: test.fail: it failed on purpose [test.failed]")
        #expect(failure.traceback.contains("in function 'test.fail'"))
        #expect(failure.traceback.contains("test:2: in main chunk"))
        #expect(!failure.traceback.contains("app-shell]"))
    }

    @Test(arguments: [
        ("test.options(1)", "bad argument #1 to 'test.options' (string expected, got number)", "ref"),
        ("test.options()", "bad argument #1 to 'test.options' (string expected, got no value)", "ref"),
        (
            "test.options('a', {count = 'x'})", "bad field 'count' to 'test.options' (integer expected, got string)",
            "count"
        ),
        (
            "test.options('a', {count = 1.5})", "bad field 'count' to 'test.options' (integer expected, got number)",
            "count"
        ),
        (
            "test.options('a', {on = '2026-02-30'})",
            "bad field 'on' to 'test.options' ('2026-02-30' is not a valid day (expected YYYY-MM-DD))", "on"
        ),
        ("test.options('a', {cuont = 1})", "unknown field 'cuont' to 'test.options' (it takes count, on)", "cuont"),
    ])
    func badArgumentsNameTheField(call: String, message: String, field: String) throws {
        let values = try EngineFixture().values(
            "local ok, e = pcall(function() \(call) end); return e.code, e.message, e.field")
        #expect(values == ["invalid_argument", .string(message), .string(field)])
    }

    @Test func optionsAreReadByNameAndIntegralFloatsBecomeIntegers() throws {
        let values = try EngineFixture().values(
            "local r = test.options('a', {count = 2.0, on = '2026-11-29'}); return r.ref, math.type(r.count), r.on")
        #expect(values == ["a", "integer", "2026-11-29"])
    }

    @Test func optionsMayBeOmittedOrNil() throws {
        let values = try EngineFixture().values(
            "return test.options('a').ref, test.options('b', nil).ref, test.options('c', {}).ref")
        #expect(values == ["a", "b", "c"])
    }

    @Test func optionsMustBeATable() throws {
        let values = try EngineFixture().values("local ok, e = pcall(test.options, 'a', 5); return e.message")
        #expect(values.first?.stringValue?.contains("table of options expected, got number") == true)
    }

    @Test func theErrorMetatableIsLocked() throws {
        let values = try EngineFixture().values("local ok, e = pcall(test.fail); return getmetatable(e)")
        #expect(values == ["locked"])
    }
}
