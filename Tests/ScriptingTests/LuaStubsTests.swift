import Core
import Testing

@testable import Scripting

@Suite struct LuaStubsTests {
    static let types: [(ParameterType, String)] = [
        (.string, "string"), (.integer, "integer"), (.day, "day"), (.instant, "instant"),
        (.choice(["a", "b"]), #""a"|"b""#), (.array(.string), "string[]"),
        (.array(.choice(["x", "y"])), #"("x"|"y")[]"#),
        (.record("book"), "book"), (.oneOf([.boolean, .choice(["all"])]), #"boolean|"all""#), (.any, "any"),
    ]

    @Test(arguments: types)
    func parameterTypesAreSpelledAsLuaLSSpellsThem(type: ParameterType, expected: String) {
        #expect(type.name == expected)
    }

    @Test func aRouteBecomesAnAnnotatedEmptyFunction() throws {
        let route = try #require(EngineFixture.testRoutes.first { $0.name == "test.options" })
        let stub = LuaStubs.stub(of: route)
        #expect(stub.first == "--- Returns what it was given.")
        #expect(stub.contains("---@param ref string A name."))
        #expect(stub.contains("---@param opts? {count?: integer, on?: day}"))
        #expect(stub.contains("---@return table"))
        #expect(stub.last == "function test.options(ref, opts) end")
    }

    @Test func theFileDeclaresShapesTablesAndTheMetaHeader() {
        let text = LuaStubs.generate(
            routes: EngineFixture.testRoutes,
            shapes: [RecordShape("thing", doc: "A thing.", fields: [.init("end", "day", "The end.", optional: true)])])
        #expect(text.hasPrefix("---@meta\n"))
        #expect(text.contains("error('Cannot require a meta file')"))
        #expect(text.contains("---@class thing\n---@field end? day The end."))
        #expect(text.contains("test = {}"))
        #expect(text.contains("test.sub = {}"))
        #expect(text.contains("function test.sub.deep() end"))
        #expect(!text.contains("---@return nil"))
    }
}
