import Assembly
import Core
import Formats
import FoundationEssentials
import Scripting
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// app-shell: the REPL, the script runner and `-e`, over the composition root.
/// Exit codes: 0 success, 1 script or route error, 2 usage error.
/// `keep` gets the engine, which the process then holds until it exits: its Lua state is
/// closed when this returns (finalizers run then, as before), but the objects of the app
/// are left to the exit instead of being freed one by one.
func runShell(keep: (LuaEngine) -> Void) -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let environment = ProcessEnvironment.read()
    let options: ShellOptions
    do {
        options = try CommandLineParser.parse(arguments)
    } catch {
        Terminal.error("app-shell: \(error.message) \(CommandLineParser.seeHelp)")
        return 2
    }
    if options.showHelp {
        print(CommandLineParser.usage)
        return 0
    }
    if options.showVersion {
        print("app-shell \(ShellVersion.number) (Lua 5.4)")
        return 0
    }
    if options.printReference {
        let plugins = CompositionRoot.plugins
        print(LuaReference.generate(routes: plugins.flatMap { $0.routes() }, shapes: plugins.flatMap { $0.shapes() }))
        return 0
    }
    if options.printRowSecurity {
        print(RowSecurityReference.generate(plugins: CompositionRoot.plugins))
        return 0
    }
    if options.printStubs {
        let plugins = CompositionRoot.plugins
        print(LuaStubs.generate(routes: plugins.flatMap { $0.routes() }, shapes: plugins.flatMap { $0.shapes() }))
        return 0
    }

    if let file = options.backupFile { return DatabaseBackup.run(to: file, options: options, environment: environment) }

    let signposter = Signposter()
    let engine: LuaEngine
    do {
        engine = try CompositionRoot.makeEngine(options, environment: environment, signposter: signposter)
    } catch let error as UsageError {
        Terminal.error("app-shell: \(error.message) \(CommandLineParser.seeHelp)")
        return 2
    } catch {
        // With its code, as a route's error shows: `storage.unavailable` for a server that
        // is down or a refused login, `storage.schema_outdated`, ...
        Terminal.error("app-shell: \(AppError.wrapping(error).description)")
        return 1
    }

    keep(engine)
    defer { engine.close() }

    // The buffered events are stored on every way out from here: os.exit, SIGTERM, errors.
    EventsAtExit.install(engine.session.container, loop: engine.loopControl)

    if options.transfersData {
        let status = DataTransfer.run(options, engine: engine)
        CompositionRoot.storeBufferedEvents(engine.session.container)
        return status
    }

    let output: OutputMode = options.json ? .json : .show
    let interactive = options.interactive
    let timeout = options.timeoutSeconds ?? (interactive ? nil : 60)
    let limit = timeout == 0 ? nil : timeout

    // A chunk that does not stop within 2 s of its stop (a looping finalizer, one long C
    // or Swift call) ends the process; the finalizers at exit get the same deadline.
    engine.stopGrace = 2
    engine.closeTimeout = limit
    // Each callback of app.loop has a deadline of its own, even where the chunk has none (the
    // REPL, --timeout 0): the loop suspends the chunk's, and a script must not spin forever.
    if let seconds = options.callbackTimeoutSeconds {
        engine.callbackTimeout = seconds == 0 ? nil : seconds
        engine.callbackTimeoutOption = "--callback-timeout"
    } else {
        engine.callbackTimeout = limit ?? 60
        engine.callbackTimeoutOption = limit == nil ? "--callback-timeout" : "--timeout"
    }
    // Ctrl-C stops the running chunk; at the REPL's prompt it clears the line, elsewhere
    // (between chunks of a script) it ends the process as usual.
    engine.handleInterrupts(exitWhenIdle: !options.interactive)

    if !options.noInit {
        UserScripts.run(from: CompositionRoot.configurationFolder(environment), engine: engine, timeout: limit)
        engine.setSandboxRoot(CompositionRoot.scriptFolder(options))
    }

    // A clock that runs at a multiple of real time counts from here, the first line of what
    // the person asked to run, not from the process's start.
    engine.session.clock.beginRunning()

    for chunk in options.chunks {
        let result: Result<[Value], ScriptFailure>
        switch engine.loadLine(chunk, name: "=(command line)") {
        case .loaded(let loaded): result = engine.run(loaded, output: output, timeout: limit)
        case .incomplete(let message): result = .failure(ScriptFailure(kind: .syntax, message: message))
        case .failed(let failure): result = .failure(failure)
        }
        if case .failure(let failure) = result {
            Terminal.error(failure.description)
            CompositionRoot.storeBufferedEvents(engine.session.container)
            if let path = options.tracePath { _ = writeTrace(signposter, to: path) }
            return 1
        }
    }

    let result = runMode(options, engine: engine, environment: environment, output: output, limit: limit)
    CompositionRoot.storeBufferedEvents(engine.session.container)
    if let path = options.tracePath, !writeTrace(signposter, to: path) { return result == 0 ? 1 : result }
    return result
}

/// The script, the REPL or standard input, after any `-e` chunks.
func runMode(
    _ options: ShellOptions, engine: LuaEngine, environment: [String: String], output: OutputMode, limit: Double?
) -> Int32 {
    if let script = options.script {
        return runScript(script, options: options, engine: engine, output: options.json ? .json : .none, timeout: limit)
    }
    if !options.chunks.isEmpty { return 0 }
    let session = ReplSession(engine: engine, output: output, timeout: limit)
    if options.interactive { return InteractiveRepl(session: session, engine: engine, environment: environment).run() }
    return runLines(session)
}

/// Runs a script file (or `-` for standard input) with `arg` set as `lua` sets it.
func runScript(_ path: String, options: ShellOptions, engine: LuaEngine, output: OutputMode, timeout: Double?) -> Int32
{
    var source: [UInt8]
    if path == "-" {
        source = []
        while let line = readLine(strippingNewline: false) { source += Array(line.utf8) }
    } else {
        guard let data = FileManager.default.contents(atPath: path) else {
            Terminal.error("app-shell: cannot open \(path)")
            return 1
        }
        source = [UInt8](data)
    }
    // A '#!' first line is skipped, keeping its newline so line numbers stay right.
    if source.first == UInt8(ascii: "#") {
        let end = source.firstIndex(of: UInt8(ascii: "\n")) ?? source.endIndex
        source.removeSubrange(source.startIndex..<end)
    }
    engine.setScriptArguments(
        script: path, arguments: options.scriptArguments,
        before: [CommandLine.arguments.first ?? "app-shell"] + options.wordsBeforeScript)
    let name = path == "-" ? "=stdin" : "@\(path)"
    let result: Result<[Value], ScriptFailure>
    switch engine.load(source, name: name) {
    case .loaded(let chunk):
        result = engine.run(chunk, arguments: options.scriptArguments, output: output, timeout: timeout)
    case .incomplete(let message): result = .failure(ScriptFailure(kind: .syntax, message: message))
    case .failed(let failure): result = .failure(failure)
    }
    if case .failure(let failure) = result {
        Terminal.error(failure.description)
        return 1
    }
    return 0
}

/// Standard input that is not a terminal: read as the REPL reads, without prompts.
/// Every chunk runs; the exit code is 1 when any of them failed.
func runLines(_ session: ReplSession) -> Int32 {
    var failed = false
    while let line = readLine(strippingNewline: true) {
        if case .ran(.failure(let failure)) = session.submit(line) {
            Terminal.error(failure.description)
            failed = true
        }
    }
    if let failure = session.finish() {
        Terminal.error(failure.description)
        failed = true
    }
    return failed ? 1 : 0
}

/// Writes the run's signposts to `--trace FILE`; returns false when the file cannot be written.
func writeTrace(_ signposter: Signposter, to path: String) -> Bool {
    do {
        try Data(signposter.chromeTrace(processID: Int(getpid())).jsonText.utf8).write(to: URL(fileURLWithPath: path))
        return true
    } catch {
        Terminal.error("app-shell: cannot write the trace to \(path): \(error)")
        return false
    }
}

// First of all, while the process has one thread: SQLite's and libvips' process-wide settings.
AppAssembly.prepareProcess()
var engine: LuaEngine?
let status = runShell { engine = $0 }
Terminal.flush()
withExtendedLifetime(engine) { exit(status) }
