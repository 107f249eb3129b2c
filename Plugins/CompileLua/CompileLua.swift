import Foundation
import PackagePlugin

/// Compiles the `.lua` files of a target to Lua bytecode at build time, into a generated
/// `LuaBytecode.swift` (`enum LuaBytecode`, one `[UInt8]` per file, named as SwiftPM's
/// `PackageResources` names the text: `prelude_lua`). Parsing the prelude and `show` at
/// every start-up was a fifth of app-shell's start (docs/performance.md); loading their
/// bytecode is a copy. The text stays embedded too: the engine falls back to it when a
/// Lua library of another release refuses the bytecode.
@main
struct CompileLua: BuildToolPlugin {
    /// The chunk name the shell's own chunks run as (`LuaPrelude.chunkName`): it is
    /// stored in the bytecode, and tracebacks drop frames of that name.
    static let chunkName = "=[app-shell]"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let chunks = module.sourceFiles.map(\.url).filter { $0.pathExtension == "lua" }.sorted { $0.path < $1.path }
        guard !chunks.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("LuaBytecode.swift")
        var arguments = [output.path, Self.chunkName]
        for chunk in chunks {
            let identifier = String(chunk.lastPathComponent.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            arguments += [identifier, chunk.path]
        }
        return [
            .buildCommand(
                displayName: "Compiling the Lua chunks of \(target.name) to bytecode",
                executable: try context.tool(named: "LuaBytecode").url, arguments: arguments, inputFiles: chunks,
                outputFiles: [output])
        ]
    }
}
