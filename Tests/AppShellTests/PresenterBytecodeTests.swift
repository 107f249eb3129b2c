import Assembly
import Core
import LuaSamples
import Testing

@testable import Scripting

/// Every presenter a plugin declares is compiled at build time, and its bytecode is its
/// text compiled under the shell's chunk name: `show` loads it without parsing, and behaves
/// as it would from the text.
@Suite struct PresenterBytecodeTests {
    @Test func everyPresenterHasItsTextCompiledAsBytecode() throws {
        let shapes = AppAssembly.plugins.flatMap { $0.shapes() }.filter { $0.presenter != nil }
        #expect(shapes.count >= 3)
        for shape in shapes {
            let bytecode = try #require(shape.presenterBytecode, "\(shape.name) has no bytecode")
            let text = Array((shape.presenter ?? "").utf8)
            #expect(LuaChunkDump.compiled(text, chunkName: LuaPrelude.chunkName) == bytecode, "\(shape.name)")
        }
    }
}
