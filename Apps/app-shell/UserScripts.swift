import Core
import FoundationEssentials
import Scripting

#if canImport(Glibc)
    import Glibc
#endif

/// The user's own start-up code, like Hammerspoon's init.lua and Spoons: the
/// configuration folder's `init.lua`, then every `plugins/*.lua` in name order.
///
/// An error in one file is reported with its file and line and does not stop the others
/// nor the shell; `--no-init` skips all of it.
enum UserScripts {
    /// Runs the init script and the plugins of `folder`; returns how many failed.
    @discardableResult
    static func run(from folder: String, engine: LuaEngine, timeout: Double?) -> Int {
        var files: [String] = []
        let initScript = "\(folder)/init.lua"
        if FileManager.default.fileExists(atPath: initScript) { files.append(initScript) }
        let plugins = "\(folder)/plugins"
        // Most people have no plugins folder: asking FileManager to list a missing one builds
        // an error with its user info, a quarter million instructions of every start.
        if isDirectory(plugins), let names = try? FileManager.default.contentsOfDirectory(atPath: plugins) {
            files += names.filter { $0.hasSuffix(".lua") }.sorted().map { "\(plugins)/\($0)" }
        }
        guard !files.isEmpty else { return 0 }
        engine.setSandboxRoot(folder)
        var failures = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let result: Result<[Value], ScriptFailure>
            switch engine.load([UInt8](data), name: "@\(file)") {
            case .loaded(let chunk): result = engine.run(chunk, timeout: timeout)
            case .incomplete(let message): result = .failure(ScriptFailure(kind: .syntax, message: message))
            case .failed(let failure): result = .failure(failure)
            }
            if case .failure(let failure) = result {
                Terminal.error("app-shell: in \(file): \(failure.description)")
                failures += 1
            }
        }
        return failures
    }

    /// Whether `path` names a directory (through symbolic links).
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
