import Assembly
import CLua
import Core
import Testing

@testable import Scripting

/// Every presenter a plugin declares is compiled at build time, and its bytecode is its
/// text compiled under the shell's chunk name: `show` loads it without parsing, and behaves
/// as it would from the text.
@Suite struct PresenterBytecodeTests {
    /// `source` compiled by this process's Lua as the shell's chunk, dumped with its debug
    /// information (what the build embeds).
    static func compiled(_ source: String) throws -> [UInt8] {
        let state = try #require(luaL_newstate())
        defer { lua_close(state) }
        let text = Array(source.utf8)
        let status = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                clua_load_text(state, $0.baseAddress, $0.count, LuaPrelude.chunkName)
            }
        }
        try #require(status == LUA_OK)
        var bytes: [UInt8] = []
        let dumped = withUnsafeMutablePointer(to: &bytes) { pointer in
            lua_dump(
                state,
                { _, data, size, target in
                    guard let data, let target else { return 1 }
                    target.assumingMemoryBound(to: [UInt8].self).pointee.append(
                        contentsOf: UnsafeRawBufferPointer(start: data, count: size))
                    return 0
                }, pointer, 0)
        }
        try #require(dumped == 0)
        return bytes
    }

    @Test func everyPresenterHasItsTextCompiledAsBytecode() throws {
        let shapes = AppAssembly.plugins.flatMap { $0.shapes() }.filter { $0.presenter != nil }
        #expect(shapes.count >= 3)
        for shape in shapes {
            let bytecode = try #require(shape.presenterBytecode, "\(shape.name) has no bytecode")
            #expect(try Self.compiled(shape.presenter ?? "") == bytecode, "\(shape.name)")
        }
    }
}
