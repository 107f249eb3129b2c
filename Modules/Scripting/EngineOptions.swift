/// How a `LuaEngine` is set up: the sandbox, the memory cap, its builtins and its output.
public struct EngineOptions: Sendable {
    /// Whether `io` and `os` are opened whole (`--allow-io`).
    public var allowIO: Bool
    /// The cap on the Lua heap in bytes (`--max-memory`); 0 means none.
    public var memoryLimitBytes: Int
    /// The first folder `loadfile`, `dofile` and `require` may load code from without
    /// `--allow-io`: the script's own folder, or the working folder for the REPL and `-e`.
    public var sandboxRoot: String
    /// Where `require` looks, as a `package.path` (`?` stands for the module name). In
    /// the sandbox it is fixed; with `--allow-io` lua5.4's own path follows it.
    public var modulePath: String
    /// The configuration folder (`$XDG_CONFIG_HOME/app-shell`), from which code may be
    /// loaded too (`init.lua`, `plugins/`, `lua/`); nil for none.
    public var configurationFolder: String?
    /// The functions made in Lua over the engine's builtins, each added to its module
    /// (`app.on`, `trace.span`).
    public var builtins: [ScriptBuiltin]
    /// Where the engine prints `help`'s pages and the results of REPL lines and `-e`.
    public var output: OutputSink
    /// The presenters of the plugins' record shapes (`RecordShape.presenter`), which
    /// `show` tries in this order before its generic display.
    public var presenters: [ShowPresenter]
    /// Whether `show` colours the pieces presenters style: the app sets it when the output
    /// is a terminal that takes colour; off, everything prints plain.
    public var colour: Bool

    /// Options for an engine; by default sandboxed, 1024 MB, rooted at `sandboxRoot`.
    public init(
        allowIO: Bool = false, memoryLimitBytes: Int = 1024 * 1024 * 1024, sandboxRoot: String = ".",
        modulePath: String = "./?.lua;./?/init.lua", configurationFolder: String? = nil,
        builtins: [ScriptBuiltin] = ScriptBuiltin.standard, output: OutputSink = .standardOutput,
        presenters: [ShowPresenter] = [], colour: Bool = false
    ) {
        self.allowIO = allowIO
        self.memoryLimitBytes = memoryLimitBytes
        self.sandboxRoot = sandboxRoot
        self.modulePath = modulePath
        self.configurationFolder = configurationFolder
        self.builtins = builtins
        self.output = output
        self.presenters = presenters
        self.colour = colour
    }
}
