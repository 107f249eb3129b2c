import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-docs`: writes the LuaLS
/// stubs (`docs/app-shell.lua`) and the Markdown reference (`docs/lua-api.md`) from the
/// route declarations, and the tables' grants and policies (`docs/row-security.md`) from
/// the modules' declarations, by running the built app-shell. `make test` checks all three
/// are current.
@main
struct GenerateDocs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let build = try packageManager.build(.product("app-shell"), parameters: .init(configuration: .debug))
        guard build.succeeded, let shell = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw GenerateDocsError(arguments: ["(build)"], log: build.logText)
        }
        let docs = context.package.directoryURL.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        for (option, file) in [
            ("--lua-stubs", "app-shell.lua"), ("--lua-reference", "lua-api.md"),
            ("--row-security-reference", "row-security.md"),
        ] {
            let output = try run(shell.url, [option])
            try output.write(to: docs.appendingPathComponent(file))
            print("generate-docs: wrote docs/\(file)")
        }
    }

    private func run(_ executable: URL, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GenerateDocsError(arguments: arguments, log: "") }
        return data
    }
}

struct GenerateDocsError: Error, CustomStringConvertible {
    let arguments: [String]
    let log: String
    var description: String { "app-shell \(arguments.joined(separator: " ")) failed\n\(log)" }
}
