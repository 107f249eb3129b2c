import CLua
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// The Lua 5.4 VM with every route of the router bound into it.
///
/// - Each module is a global named after it (`habits`), a read-only userdata proxy whose
///   functions are the module's routes; `help`, `show` and `json` are globals too.
/// - Every function Lua sees runs through the shim's C trampoline, so a route's error is
///   raised only after Swift has returned (no longjmp crosses a Swift frame).
/// - Each chunk runs in a coroutine, which scripts see as the main thread. A timeout or
///   Ctrl-C arms a hook on the running coroutine; no hook runs otherwise, so Lua keeps its
///   full speed.
/// - The heap is capped by the allocator (`EngineOptions.memoryLimitBytes`).
///
/// An engine is used from one thread at a time; only its `stopSwitch` crosses threads.
public final class LuaEngine {
    let state: OpaquePointer
    let control: ControlBlock
    /// The routes bound into the VM.
    public let router: Router
    /// The session the routes run in (the acting user, the clock, the container).
    public let session: Session
    /// The sandbox and memory settings.
    public let options: EngineOptions
    /// Where the engine writes what it prints itself: `help`'s pages, and what the REPL,
    /// `-e` and `--json` print of a chunk's results (`EngineOptions.output`).
    public let output: OutputSink
    /// The bound functions by number (upvalue 2 of each trampoline closure).
    var functions: [BoundFunction] = []
    var errorMetatable: Int32 = LUA_NOREF
    var driver: Int32 = LUA_NOREF
    /// Registry reference of the coroutine chunks run on, which scripts see as the main
    /// thread (see `run`); LUA_NOREF until the first chunk, and after a chunk that failed.
    var mainCoroutineReference: Int32 = LUA_NOREF
    var helpIndex: Int32 = LUA_NOREF
    /// How many `app.on` hooks are active; none means no event is ever handed to Lua.
    var activeHooks = 0
    /// The event recorder of the session, resolved when the first `app.on` hook is set;
    /// nil while no hook is set, or when no plugin records events.
    var eventRecorder: EventRecorder?
    /// The descriptor the SIGINT handler writes to, watched by the sentinel (see
    /// `handleInterrupts`).
    var interruptDescriptor: Int32 = -1
    /// The open `trace.span` intervals by handle.
    var openSpans: [Int: Signposter.Token] = [:]
    var nextSpan = 1
    /// Every module and nested namespace name (`habits`, `bookstories.themes`).
    var namespaces = Set<String>()
    /// The modules whose tables are still empty, by the index their `fill` carries; nil
    /// once filled (see `fillModule`).
    var unfilledModules: [(name: String, namespace: RouteNamespace)?] = []
    /// Registry reference of the prelude's table of functions (`readonly`, the builtins'
    /// factories), which filling a module needs after set-up.
    var preludeReference: Int32 = LUA_NOREF
    /// Whether `close()` closed the state already.
    var stateClosed = false
    /// Seconds a stopped chunk (timeout, or Ctrl-C of a script) may take to stop before the
    /// process ends (see `LuaEngine+Limits`); nil never ends the process. Set it before
    /// `handleInterrupts`.
    public var stopGrace: Double?
    /// Seconds the finalizers may run when the engine closes; nil for no limit. Only with
    /// a `stopGrace`.
    public var closeTimeout: Double?
    /// Whether the last chunk was stopped: its finalizers then never run at close.
    var lastRunStopped = false
    /// The chunk running now: its run id, deadline and timeout (which each `app.loop`
    /// callback gets on its own); nil between chunks.
    var activeRun: ActiveRun?
    /// The timers of `app.every` and `app.after`, on the session's clock.
    var timers = TimerSchedule()
    /// Registry references of each timer's function and handle, by timer id.
    var timerCallbacks: [Int: (function: Int32, handle: Int32)] = [:]
    /// Whether `app.loop()` runs, and whether `app.stop()` asked it to end.
    var loopRunning = false
    var loopStopRequested = false
    /// Whether the loop already said that the clock stands still.
    var warnedStillClock = false
    /// Seconds each callback of `app.loop` may run before it is stopped; nil for none.
    /// app-shell sets it from `--callback-timeout`, else `--timeout`, else 60.
    public var callbackTimeout: Double? = 60
    /// The option the message of a stopped callback names (`--callback-timeout`, or
    /// `--timeout` when that set the deadline).
    public var callbackTimeoutOption = "--callback-timeout"
    /// How many callbacks were stopped at their deadline, over every loop of the engine.
    var callbackStops = 0
    /// What besides timers wakes the loop (`addLoopSource`).
    var loopSources: [any LoopSource] = []
    /// The routes that write which a running loop's callbacks called since the sources were
    /// last told the script ran (`LoopSource.keptFrom`), by name; a few at most, so a list.
    var routesWritten: [String] = []
    /// The sources whose last `collect` failed: a failure is reported when it begins and
    /// when it ends, not at every try in between.
    var failingSources: Set<ObjectIdentifier> = []
    /// Ends a running `app.loop()` from another thread (SIGTERM).
    public let loopControl = LoopControl()

    /// A VM with the sandboxed libraries and every route of `router`.
    /// - Throws: `internal` when the VM cannot be set up (out of memory).
    public init(router: Router, session: Session, options: EngineOptions = EngineOptions()) throws {
        let control = ControlBlock(memoryLimit: options.memoryLimitBytes)
        guard let state = clua_newstate(control.pointer) else {
            throw AppError.internal("cannot create a Lua state: out of memory")
        }
        self.control = control
        self.state = state
        self.router = router
        self.session = session
        self.options = options
        self.output = options.output
        control.pointer.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        try setUp()
    }

    /// Closes the Lua state now, running its finalizers as `deinit` would, for a process
    /// about to exit: it can then end without freeing the engine's objects one by one (a
    /// third of a million instructions). The engine must not be used after. Idempotent.
    public func close() {
        guard !stateClosed else { return }
        stateClosed = true
        closeState()
    }

    deinit {
        // Ctrl-C still reaches the finalizers that closing runs.
        if !stateClosed { closeState() }
        if interruptDescriptor >= 0 { Sentinel.shared.unwatch(interruptDescriptor) }
        clua_forget_sigint(control.pointer)
    }

    /// Stops the running chunk from another thread (Ctrl-C).
    public var stopSwitch: StopSwitch { StopSwitch(block: control) }

    /// Sets the first folder `loadfile`, `dofile` and `require` may load code from without
    /// `--allow-io` (the running script's own folder); the configuration folder stays.
    public func setSandboxRoot(_ path: String) { setCodeFolders(first: path) }

    /// Makes Ctrl-C (SIGINT) stop the chunk this engine is running. When no chunk runs, a
    /// Ctrl-C ends the process if `exitWhenIdle` (a script), and does nothing otherwise (the
    /// REPL's prompt, where libedit clears the line). For the one engine of a process.
    public func handleInterrupts(exitWhenIdle: Bool) {
        let descriptor = clua_install_sigint(control.pointer, exitWhenIdle ? 1 : 0)
        guard descriptor >= 0 else { return }
        let stopSwitch = self.stopSwitch
        let grace = stopGrace
        Sentinel.shared.watch(descriptor) {
            var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            _ = withUnsafeMutableBytes(of: &bytes) { read(descriptor, $0.baseAddress, $0.count) }
            Self.interrupted(run: stopSwitch.interrupt(), stopSwitch: stopSwitch, grace: grace, script: exitWhenIdle)
        }
        interruptDescriptor = descriptor
    }

    /// How many times Ctrl-C was pressed since `handleInterrupts()`.
    public var interruptCount: Int { Int(clua_interrupt_count(control.pointer)) }

    /// Bytes the Lua heap holds now.
    public var memoryInUse: Int { control.pointer.pointee.used }

    /// The most bytes the Lua heap has held.
    public var peakMemory: Int { control.pointer.pointee.peak }
}
