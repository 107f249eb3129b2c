import Core
import Testing

@testable import Scripting

@Suite struct ValueConversionTests {
    static let conversions: [(String, Value)] = [
        ("return 1", .int(1)),
        ("return -7", .int(-7)),
        ("return math.maxinteger", .int(Int.max)),
        ("return 1.5", .double(1.5)),
        ("return 2^53", .double(9_007_199_254_740_992)),
        ("return true", .bool(true)),
        ("return 'héllo 한글 😀'", .string("héllo 한글 😀")),
        ("return 'a\\0b'", .string("a\u{0}b")),
        ("return {1, 2, 3}", [1, 2, 3]),
        ("return {b = 2, a = 1}", ["a": 1, "b": 2]),
        ("return {}", .table(Record())),
        ("return {{x = {1, {y = 'z'}}}}", [["x": [1, ["y": "z"]]]]),
        ("return nil", .null),
    ]

    @Test(arguments: conversions)
    func luaValuesBecomeValues(source: String, expected: Value) throws {
        let values = try EngineFixture().values(source)
        #expect(values == [expected])
    }

    @Test func multipleResultsKeepTheirOrder() throws {
        #expect(try EngineFixture().values("return 1, 'two', nil, 4") == [1, "two", .null, 4])
    }

    @Test(arguments: [
        "{a = {1, 2}, b = 'x'}", "{1, 2.5, 'three', true}", "'plain'", "42", "{[1] = {n = 1}, [2] = {n = 2}}",
    ])
    func valuesRoundTripThroughARoute(literal: String) throws {
        let fixture = try EngineFixture()
        let direct = try fixture.values("return \(literal)")
        let echoed = try fixture.values("return test.echo(\(literal))")
        #expect(direct == echoed)
    }

    @Test func integersStayIntegersAndFloatsStayFloats() throws {
        let kinds = try EngineFixture().values("return math.type(test.echo(3)), math.type(test.echo(3.0))")
        #expect(kinds == ["integer", "float"])
    }

    @Test func bytesReachLuaAsTheExactString() throws {
        let values = try EngineFixture().values(
            "local s = test.bytes(); return #s, s:byte(1), s:byte(2), s:byte(3), s:byte(4), s:byte(6)")
        #expect(values == [6, 0xFF, 0xD8, 0xFF, 0, 0x80])
    }

    @Test func routeResultsArePlainCopies() throws {
        let values = try EngineFixture().values(
            "local a = test.echo({n = 1}); a.n = 2; local b = test.echo({n = 1}); return b.n, getmetatable(a) == nil")
        #expect(values == [1, true])
    }

    @Test(arguments: [
        ("local t = {}; t.t = t; return pcall(test.echo, t)", "cycle"),
        ("return pcall(test.echo, {f = print})", "function where data is expected"),
        ("return pcall(test.echo, print)", "function where data is expected"),
        ("return pcall(test.echo, coroutine.create(print))", "thread where data is expected"),
        ("return pcall(test.echo, {1, x = 2})", "mixes list items and named fields"),
        ("return pcall(test.echo, {[1] = 1, [5] = 5})", "gap"),
        ("return pcall(test.echo, {[1.5] = 1})", "keys must be names"),
        ("return pcall(test.echo, '\\xff')", "not valid UTF-8"),
    ])
    func dataThatCannotCrossIsInvalidArgument(source: String, message: String) throws {
        let values = try EngineFixture().values(
            "local ok, e = (function() \(source) end)(); return ok, e.code, e.message")
        #expect(values.first == false)
        #expect(values.dropFirst().first == "invalid_argument")
        let text = try #require(values.last?.stringValue)
        #expect(text.contains(message), "\(text)")
    }

    @Test func deeplyNestedTablesAreRefused() throws {
        let values = try EngineFixture().values(
            "local t = {} ; local c = t; for i = 1, 200 do c.n = {}; c = c.n end; local ok, e = pcall(json, t); return ok, e.message"
        )
        #expect(values.first == false)
        #expect(values.last?.stringValue?.contains("nested too deeply") == true)
    }
}
