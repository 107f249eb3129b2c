import CLua
import Core
import LuaSamples
import Synchronization
import Testing

@testable import Scripting

/// The prelude and `show` load from bytecode the build compiled (Plugins/CompileLua)
/// instead of being parsed at every start-up: the bytecode must be exactly their text
/// compiled, under the same chunk name, so the shell behaves as it did from the text.
@Suite struct ShellBytecodeTests {
    /// `source` compiled by this process's Lua as the shell's chunk, dumped with its debug
    /// information (what the build embeds).
    static func compiled(_ source: [UInt8]) throws -> [UInt8] {
        try #require(LuaChunkDump.compiled(source, chunkName: LuaPrelude.chunkName))
    }

    @Test func thePreludesBytecodeIsItsTextCompiled() throws {
        #expect(try Self.compiled(LuaPrelude.source) == LuaPrelude.bytecode)
    }

    @Test func showsBytecodeIsItsTextCompiled() throws {
        #expect(try Self.compiled(LuaShow.source) == LuaShow.bytecode)
    }

    /// The engine loads the bytecode (no text needed), and falls back to the text when the
    /// bytecode is refused (a Lua library of another release reads another header).
    @Test func theEngineLoadsTheBytecodeAndFallsBackToTheText() throws {
        let engine = try EngineFixture().engine
        let state = engine.state
        let base = lua_gettop(state)
        defer { lua_settop(state, base) }
        #expect(engine.loadShellChunk([], bytecode: LuaPrelude.bytecode) == LUA_OK)
        #expect(lua_type(state, -1) == LUA_TFUNCTION)
        var refused = LuaPrelude.bytecode
        refused[4] = 0x99  // the version byte of the header
        #expect(engine.loadShellChunk(Array("return 7".utf8), bytecode: refused) == LUA_OK)
        #expect(lua_gettop(state) == base + 2)
        try #require(lua_pcallk(state, 0, 1, 0, 0, nil) == LUA_OK)
        #expect(lua_tointegerx(state, -1, nil) == 7)
    }

    /// A presenter with build-time bytecode runs from it: its text, broken here, is never
    /// parsed. One without bytecode is parsed from its text.
    @Test func presentersLoadFromTheirBytecode() throws {
        let written = Mutex<String>("")
        let sink = OutputSink { text in written.withLock { $0 += text } }
        let fromBytecode = try Self.compiled(
            Array("return function(v) if v.answer == 42 then return 'forty-two' end end".utf8))
        let options = EngineOptions(
            output: sink,
            presenters: [
                ShowPresenter("this is not Lua", bytecode: fromBytecode),
                "return function(v) if v.answer == 7 then return 'seven' end end",
            ])
        let engine = try EngineFixture(options: options).engine
        _ = try engine.evaluate("show({answer = 42}); show({answer = 7})").get()
        #expect(written.withLock { $0 } == "forty-two\nseven\n")
    }
}
