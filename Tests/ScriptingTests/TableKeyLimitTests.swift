import Core
import Testing

@testable import Scripting

/// A hostile table of 100,000 keys passed to a route is refused before it is converted
/// (converting it was quadratic and took minutes here, past the time limit).
@Suite struct TableKeyLimitTests {
    /// Calls `call` on a 100,000-key table `t`; returns the error's code, field and message.
    func refusal(_ call: String) throws -> [Value] {
        try EngineFixture().values(
            "local t = {} for i = 1, 100000 do t['k' .. i] = i end "
                + "local ok, err = pcall(function() return \(call) end) assert(not ok) "
                + "return err.code, err.field or 'none', err.message")
    }

    @Test(.timeLimit(.minutes(1))) func aHugeOptionsTableIsRefusedWithTheLimit() throws {
        let values = try refusal("test.options('a', t)")
        #expect(values.prefix(2) == ["invalid_argument", "none"])  // the options table as a whole
        #expect(values.last?.stringValue?.contains("\(Route.maximumTableKeys)") == true)
    }

    @Test(.timeLimit(.minutes(1))) func aHugeTableArgumentIsRefusedNamingItsField() throws {
        #expect(try refusal("test.echo(t)").prefix(2) == ["invalid_argument", "value"])
    }

    @Test func aTableAtTheLimitPasses() throws {
        let values = try EngineFixture().values(
            "local t = {} for i = 1, \(Route.maximumTableKeys) do t['k' .. i] = i end "
                + "local r = test.echo(t) local n = 0 for _ in pairs(r) do n = n + 1 end return n")
        #expect(values == [.int(Route.maximumTableKeys)])
    }
}
