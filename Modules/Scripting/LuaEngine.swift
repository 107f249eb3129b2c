import CLua
import Core
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The Lua 5.4 VM with every route of the router bound into it.
///
/// - Each module is a global named after it (`habits`), a read-only userdata proxy whose
///   functions are the module's routes; `help`, `show` and `json` are globals too.
/// - Every function Lua sees runs through the shim's C trampoline, so a route's error is
///   raised only after Swift has returned (no longjmp crosses a Swift frame).
/// - Each chunk runs in a fresh coroutine. A timeout or Ctrl-C arms a hook on the
///   running coroutine; no hook runs otherwise, so Lua keeps its full speed.
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
    private var functions: [BoundFunction] = []
    private var errorMetatable: Int32 = LUA_NOREF
    private var driver: Int32 = LUA_NOREF
    private(set) var helpIndex: Int32 = LUA_NOREF
    /// How many `app.on` hooks are active; none means no event is ever handed to Lua.
    private var activeHooks = 0
    /// The event recorder of the session, when it has one (for `app.on`).
    private lazy var eventRecorder: EventRecorder? = try? session.container.resolve(EventRecorder.self)
    /// Reads the SIGINT pipe (see `handleInterrupts`).
    private var interruptSource: (any DispatchSourceRead)?
    /// The open `trace.span` intervals by handle.
    private var openSpans: [Int: Signposter.Token] = [:]
    private var nextSpan = 1
    /// Every module and nested namespace name (`habits`, `bookstories.themes`).
    private(set) var namespaces = Set<String>()
    /// Seconds a stopped chunk (timeout, or Ctrl-C of a script) may take to stop before the
    /// process ends (see `LuaEngine+Limits`); nil never ends the process. Set it before
    /// `handleInterrupts`.
    public var stopGrace: Double?
    /// Seconds the finalizers may run when the engine closes; nil for no limit. Only with
    /// a `stopGrace`.
    public var closeTimeout: Double?
    /// Whether the last chunk was stopped: its finalizers then never run at close.
    var lastRunStopped = false

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
        control.pointer.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        try setUp()
    }

    deinit {
        // Ctrl-C still reaches the finalizers that closing runs.
        closeState()
        interruptSource?.cancel()
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
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.watchdogQueue)
        let stopSwitch = self.stopSwitch
        let grace = stopGrace
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 64)
            _ = read(descriptor, &bytes, bytes.count)
            Self.interrupted(run: stopSwitch.interrupt(), stopSwitch: stopSwitch, grace: grace, script: exitWhenIdle)
        }
        source.resume()
        interruptSource = source
    }

    /// How many times Ctrl-C was pressed since `handleInterrupts()`.
    public var interruptCount: Int { Int(clua_interrupt_count(control.pointer)) }

    /// Bytes the Lua heap holds now.
    public var memoryInUse: Int { control.pointer.pointee.used }

    /// The most bytes the Lua heap has held.
    public var peakMemory: Int { control.pointer.pointee.peak }

    // MARK: Loading and running

    /// Compiles `source` as a text chunk named `name` (`@path`, `=stdin`); binary chunks
    /// are refused.
    public func load(_ source: [UInt8], name: String) -> ChunkLoad {
        let status = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                if let base = characters.baseAddress {
                    return clua_load_text(state, base, characters.count, name)
                }
                return clua_load_text(state, "", 0, name)
            }
        }
        if status == LUA_OK {
            return .loaded(LoadedChunk(reference: luaL_ref(state, clua_registryindex()), name: name))
        }
        let message = LuaStack(state).string(at: -1) ?? "cannot load \(name)"
        LuaStack(state).pop()
        // An unfinished short string cannot continue on the next line.
        if status == LUA_ERRSYNTAX, message.hasSuffix("<eof>"), !message.contains("unfinished string") {
            return .incomplete(message: message)
        }
        let kind: ScriptFailure.Kind = status == LUA_ERRMEM ? .memory : .syntax
        return .failed(ScriptFailure(kind: kind, message: message))
    }

    /// Compiles a line the way the REPL and `-e` do: as an expression to print first
    /// (`return <line>;`), else as statements. A leading `=` means `return`.
    public func loadLine(_ text: String, name: String = "=stdin") -> ChunkLoad {
        let source = text.hasPrefix("=") ? "return " + text.dropFirst() : text
        if case .loaded(let chunk) = load(Array("return \(source);".utf8), name: name) { return .loaded(chunk) }
        return load(Array(source.utf8), name: name)
    }

    /// Runs a loaded chunk in a fresh coroutine and returns what it returned.
    ///
    /// - Parameters:
    ///   - arguments: the chunk's `...`.
    ///   - output: what to print of the results.
    ///   - timeout: seconds of wall clock before the chunk is stopped; nil for none.
    ///   - collect: whether to convert the results to `Value`s (a result that is not data,
    ///     such as a function, is then an error).
    public func run(
        _ chunk: LoadedChunk, arguments: [String] = [], output: OutputMode = .none, timeout: Double? = nil,
        collect: Bool = false
    ) -> Result<[Value], ScriptFailure> {
        let registry = clua_registryindex()
        guard lua_checkstack(state, 8) != 0, let thread = lua_newthread(state) else {
            luaL_unref(state, registry, chunk.reference)
            return .failure(ScriptFailure(kind: .memory, message: "not enough memory"))
        }
        let threadReference = luaL_ref(state, registry)
        defer { luaL_unref(state, registry, threadReference) }

        let stack = LuaStack(thread)
        lua_rawgeti(thread, registry, lua_Integer(driver))
        stack.push(output.rawValue)
        lua_rawgeti(thread, registry, lua_Integer(chunk.reference))
        luaL_unref(state, registry, chunk.reference)
        guard lua_checkstack(thread, Int32(clamping: arguments.count + 4)) != 0 else {
            return .failure(ScriptFailure(kind: .runtime, message: "too many arguments"))
        }
        for argument in arguments { stack.push(argument) }

        let runID = clua_begin_run(control.pointer, thread)
        let watchdog = timeout.flatMap { seconds in armWatchdog(run: runID, after: seconds) }
        // The run stays open (deadline, Ctrl-C, memory cap) until the clean-up after an
        // error is done: __tostring and __close handlers are Lua code too.
        defer {
            lastRunStopped = clua_stop_reason(control.pointer) != CLUA_STOP_NONE
            clua_end_run(control.pointer, thread, state)
            watchdog?.cancel()
        }
        var resultCount: Int32 = 0
        let status = lua_resume(thread, state, Int32(arguments.count + 2), &resultCount)
        let stopReason = clua_stop_reason(control.pointer)

        switch status {
        case LUA_OK:
            defer { lua_settop(thread, 0) }
            guard collect else { return .success([]) }
            var values: [Value] = []
            let first = stack.top - resultCount + 1
            for index in Swift.stride(from: first, through: stack.top, by: 1) {
                do {
                    values.append(try stack.value(at: index, path: "result #\(index - first + 1)"))
                } catch let limit as ConversionLimit {
                    return .failure(ScriptFailure(kind: .memory, message: memoryMessage(limit.message)))
                } catch {
                    return .failure(
                        ScriptFailure(kind: .runtime, message: AppError.wrapping(error).message))
                }
            }
            return .success(values)
        case LUA_YIELD:
            lua_resetthread(thread)
            return .failure(
                ScriptFailure(kind: .runtime, message: "attempt to yield from outside a coroutine"))
        default:
            return .failure(failure(of: thread, status: status, stopReason: stopReason))
        }
    }

    /// Compiles and runs `source` as a chunk named `name`, collecting its results.
    public func evaluate(_ source: String, name: String = "=(load)", timeout: Double? = nil) -> Result<
        [Value], ScriptFailure
    > {
        switch load(Array(source.utf8), name: name) {
        case .loaded(let chunk): return run(chunk, timeout: timeout, collect: true)
        case .incomplete(let message): return .failure(ScriptFailure(kind: .syntax, message: message))
        case .failed(let failure): return .failure(failure)
        }
    }

    /// Sets the global `arg` as `lua` does: `arg[0]` the script, `arg[1...]` its
    /// arguments, negative indexes what came before the script on the command line.
    public func setScriptArguments(script: String, arguments: [String], before: [String]) {
        let stack = LuaStack(state)
        lua_createtable(state, Int32(clamping: arguments.count), Int32(clamping: before.count + 1))
        for (offset, word) in before.reversed().enumerated() {
            stack.push(word)
            lua_rawseti(state, -2, lua_Integer(-(offset + 1)))
        }
        stack.push(script)
        lua_rawseti(state, -2, 0)
        for (offset, word) in arguments.enumerated() {
            stack.push(word)
            lua_rawseti(state, -2, lua_Integer(offset + 1))
        }
        // Raw: user code (init.lua) may have given _G a metatable whose __newindex raises,
        // and nothing here is protected.
        lua_rawgeti(state, clua_registryindex(), lua_Integer(clua_ridx_globals()))
        stack.push("arg")
        lua_pushvalue(state, -3)
        lua_rawset(state, -3)
        lua_settop(state, -3)
    }

    /// Describes the error on top of `thread` (a failed resume) and resets the thread, while
    /// the run is still open: a runaway `__tostring` or `__close` is stopped like any chunk.
    private func failure(of thread: OpaquePointer, status: Int32, stopReason: Int32) -> ScriptFailure {
        let base = lua_gettop(state)
        defer {
            lua_settop(state, base)
            // A chunk the stop ended runs no more Lua code: its pending __close handlers
            // would run with hooks off (Lua leaves them off after a hook raises).
            if stopReason == CLUA_STOP_NONE {
                clua_set_current(control.pointer, thread)
                lua_resetthread(thread)
            }
        }
        // __tostring runs on the main thread: point the stop switch there, so a runaway one
        // is stopped too. (After a stop the error is the stop's own string: nothing to run.)
        if stopReason == CLUA_STOP_NONE { clua_set_current(control.pointer, state) }
        lua_xmove(thread, state, 1)
        let stack = LuaStack(state)
        var code: String?
        if stack.type(at: -1) == LUA_TTABLE {
            stack.push("code")
            lua_rawget(state, -2)
            code = stack.string(at: -1)
            stack.pop()
        }
        var message = "error"
        var traceback = ""
        if clua_describe_error(state, -1, thread, 1) == LUA_OK {
            message = Self.withoutInternalPositions(stack.string(at: -2) ?? message)
            traceback = Self.cleaned(stack.string(at: -1) ?? "")
        } else {
            message = stack.string(at: -1) ?? "error (its message could not be printed)"
        }
        // A stop may also have come while the error was described (a runaway __tostring).
        let stopped = stopReason != CLUA_STOP_NONE ? stopReason : clua_stop_reason(control.pointer)
        if stopped != CLUA_STOP_NONE { message = stopMessage }
        let kind: ScriptFailure.Kind
        switch (stopped, status) {
        case (CLUA_STOP_TIMEOUT, _): kind = .timeout
        case (CLUA_STOP_INTERRUPT, _): kind = .interrupted
        case (_, LUA_ERRMEM): kind = .memory
        default: kind = message.hasSuffix("not enough memory") ? .memory : .runtime
        }
        if kind == .memory { message = memoryMessage(message) }
        return ScriptFailure(kind: kind, message: message, traceback: traceback, code: code)
    }

    /// Drops the shell's own frames (the prelude's driver) from a traceback.
    static func cleaned(_ traceback: String) -> String {
        var lines = traceback.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            !line.contains(LuaPrelude.chunkName.dropFirst()) && !line.contains("[C]: in ?")
        }
        // The chunk itself is called by the driver's local 'chunk': it is the main chunk.
        if let last = lines.indices.last, lines[last].hasSuffix(" in local 'chunk'") {
            lines[last] = String(lines[last].dropLast("local 'chunk'".count)) + "main chunk"
        }
        return lines.count <= 1 ? "" : lines.joined(separator: "\n")
    }

    // MARK: Set-up

    private func setUp() throws {
        guard clua_open_sandboxed(state, options.allowIO ? 1 : 0, options.modulePath) == LUA_OK else {
            throw AppError.internal("cannot open the Lua libraries: \(LuaStack(state).string(at: -1) ?? "?")")
        }
        let stack = LuaStack(state)
        let registry = clua_registryindex()
        setCodeFolders(first: options.sandboxRoot)

        lua_createtable(state, 0, Int32(clamping: router.routes.count))
        helpIndex = luaL_ref(state, registry)
        // Empty lists handed to Lua, weakly keyed (see LuaStack.markEmptyArray).
        lua_createtable(state, 0, 0)
        lua_createtable(state, 0, 1)
        stack.setField("__mode", "k", in: -1)
        lua_setmetatable(state, -2)
        lua_setfield(state, registry, "appshell.empty_arrays")

        // The prelude, given the json builtin, returns its table of functions.
        let source = Array(LuaPrelude.source.utf8)
        let loaded = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                clua_load_text(state, characters.baseAddress, characters.count, LuaPrelude.chunkName)
            }
        }
        guard loaded == LUA_OK else { throw setUpFailure("the prelude does not compile") }
        pushBound(.json)
        lua_pushvalue(state, -1)
        lua_setglobal(state, "json")
        try pushShow()
        guard lua_pcallk(state, 2, 1, 0, 0, nil) == LUA_OK else { throw setUpFailure("the prelude failed") }
        let prelude = lua_gettop(state)

        errorMetatable = reference(field: "error_metatable", of: prelude)
        driver = reference(field: "driver", of: prelude)
        stack.push("show")
        lua_rawget(state, prelude)
        lua_setglobal(state, "show")
        pushBound(.help)
        lua_setglobal(state, "help")

        try bindRoutes(readonly: prelude)
        recordShellFunctionHelp()
        installClockFunctions()
        try freezePackage(prelude: prelude)
        lua_settop(state, prelude - 1)
    }

    private func reference(field: String, of table: Int32) -> Int32 {
        LuaStack(state).push(field)
        lua_rawget(state, table)
        return luaL_ref(state, clua_registryindex())
    }

    private func setUpFailure(_ what: String) -> AppError {
        let detail = LuaStack(state).string(at: -1) ?? "?"
        return AppError.internal("\(what): \(detail)")
    }

    private func bindRoutes(readonly prelude: Int32) throws {
        var root = RouteNamespace()
        for route in router.routes {
            let path = route.path
            guard path.count >= 2 else { continue }
            root.insert(route, at: path[...])
        }
        for (module, namespace) in root.children.sorted(by: { $0.key < $1.key }) {
            try pushNamespace(namespace, named: module, prelude: prelude)
            lua_setglobal(state, module)
        }
    }

    /// Pushes the read-only proxy of `namespace`, recording it for `help` and `require`.
    private func pushNamespace(_ namespace: RouteNamespace, named name: String, prelude: Int32) throws {
        let stack = LuaStack(state)
        namespaces.insert(name)
        guard lua_checkstack(state, 8) != 0 else { throw AppError.internal("the Lua stack is full") }
        lua_createtable(state, 0, Int32(clamping: namespace.functions.count + namespace.children.count))
        let real = lua_gettop(state)
        for (function, route) in namespace.functions {
            let positional = route.positionalParameters
            pushBound(.route(route, positional: positional, takesOptions: !route.options.isEmpty))
            recordHelp(for: -1, name: route.name)
            stack.push(function)
            lua_rotate(state, -2, 1)
            lua_rawset(state, real)
        }
        if name == "app" {
            // app.on(pattern, fn) is Lua; the engine only counts the hooks.
            stack.push("on")
            stack.push("on_with")
            lua_rawget(state, prelude)
            pushBound(.hookCount)
            guard lua_pcallk(state, 1, 1, 0, 0, nil) == LUA_OK else { throw setUpFailure("cannot make app.on") }
            lua_rawset(state, real)
            stack.push("run_hooks")
            lua_rawget(state, prelude)
            control.pointer.pointee.hook_runner = luaL_ref(state, clua_registryindex())
        }
        if name == "trace" {
            // trace.span(name, fn, ...) is Lua over two builtins, so fn runs as Lua code.
            stack.push("span")
            stack.push("span_with")
            lua_rawget(state, prelude)
            pushBound(.spanBegin)
            pushBound(.spanEnd)
            guard lua_pcallk(state, 2, 1, 0, 0, nil) == LUA_OK else { throw setUpFailure("cannot make trace.span") }
            lua_rawset(state, real)
            namespaces.insert("trace")
        }
        for (child, inner) in namespace.children.sorted(by: { $0.key < $1.key }) {
            try pushNamespace(inner, named: "\(name).\(child)", prelude: prelude)
            stack.push(child)
            lua_rotate(state, -2, 1)
            lua_rawset(state, real)
        }
        try replaceWithProxy(named: name, prelude: prelude)
        recordHelp(for: -1, name: "module:" + name)
    }

    private func recordHelp(for index: Int32, name: String) {
        let absolute = lua_absindex(state, index)
        lua_rawgeti(state, clua_registryindex(), lua_Integer(helpIndex))
        lua_pushvalue(state, absolute)
        LuaStack(state).push(name)
        lua_rawset(state, -3)
        LuaStack(state).pop()
    }

    func pushBound(_ function: BoundFunction) {
        functions.append(function)
        clua_push_bound(
            state,
            { state in
                guard let state, let host = clua_host(state) else { return 0 }
                return Unmanaged<LuaEngine>.fromOpaque(host).takeUnretainedValue().dispatch(state)
            }, lua_Integer(functions.count - 1))
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: Calls from Lua

    /// Runs bound function number `upvalue 2` with the arguments on `thread`'s stack.
    /// Never raises: returns a result count, or `clua_raise()` with an error on top.
    func dispatch(_ thread: OpaquePointer) -> Int32 {
        let index = Int(clua_bound_index(thread))
        guard functions.indices.contains(index) else { return 0 }
        let stack = LuaStack(thread)
        let function = functions[index]
        do {
            switch function {
            case .route(let route, let positional, let takesOptions):
                let recorder = activeHooks > 0 && control.pointer.pointee.in_hooks == 0 ? eventRecorder : nil
                let marker = recorder?.sequence ?? 0
                do {
                    let result = try callRoute(route, positional: positional, takesOptions: takesOptions, stack: stack)
                    try stack.push(result)
                } catch let limit as ConversionLimit {
                    stack.push(limit.message)
                    pushHookEvents(recorder, after: marker, on: stack)
                    return clua_raise()
                } catch {
                    pushError(AppError.wrapping(error).raised(by: route.name), on: stack)
                    pushHookEvents(recorder, after: marker, on: stack)
                    return clua_raise()
                }
                pushHookEvents(recorder, after: marker, on: stack)
                return 1
            case .json:
                guard stack.top >= 1 else {
                    throw AppError.invalidArgument("bad argument #1 to 'json' (value expected)")
                }
                let value = try stack.value(at: 1, path: "value")
                stack.push(value.jsonText)
                return 1
            case .help:
                try help(stack)
                return 0
            case .visible:
                return visible(stack)
            case .spanBegin:
                guard let name = stack.string(at: 1) else {
                    throw AppError.invalidArgument("bad argument #1 to 'trace.span' (string expected)", field: "name")
                }
                guard let signposter = try? session.container.resolve(Signposter.self) else { return 0 }
                openSpans[nextSpan] = signposter.begin(name, category: "script")
                lua_pushinteger(thread, lua_Integer(nextSpan))
                nextSpan += 1
                return 1
            case .osTime: return osTime(stack)
            case .osDate: return osDate(stack)
            case .hookCount:
                activeHooks = Int(lua_tointegerx(thread, 1, nil))
                return 0
            case .spanEnd:
                let handle = Int(lua_tointegerx(thread, 1, nil))
                if let token = openSpans.removeValue(forKey: handle) {
                    try? session.container.resolve(Signposter.self).end(token)
                }
                return 0
            }
        } catch let limit as ConversionLimit {
            stack.push(limit.message)
            return clua_raise()
        } catch {
            var appError = AppError.wrapping(error)
            if case .route(let route, _, _) = function { appError = appError.raised(by: route.name) }
            if case .json = function { appError = appError.raised(by: "json") }
            if case .help = function { appError = appError.raised(by: "help") }
            if case .spanBegin = function { appError = appError.raised(by: "trace.span") }
            pushError(appError, on: stack)
            return clua_raise()
        }
    }

    private func callRoute(
        _ route: Route, positional: [Parameter], takesOptions: Bool, stack: LuaStack
    ) throws -> Value {
        let count = Int(stack.top)
        let accepted = positional.count + (takesOptions ? 1 : 0)
        if count > accepted {
            // Extra nils, and an empty options table (`events.flush{}`), are no arguments.
            for extra in (accepted + 1)...count where !isNothing(at: Int32(extra), in: stack) {
                throw AppError.invalidArgument(
                    "too many arguments to '\(route.name)' (it takes \(accepted)): \(route.signature)")
            }
        }
        var values: [String: Value] = [:]
        for (offset, parameter) in positional.enumerated() where offset < count {
            try checkKeyCount(at: Int32(offset + 1), in: stack, field: parameter.name)
            values[parameter.name] = try stack.value(at: Int32(offset + 1), path: parameter.name)
        }
        let optionsIndex = Int32(positional.count + 1)
        if takesOptions, count >= optionsIndex {
            switch stack.type(at: optionsIndex) {
            case LUA_TNIL: break
            case LUA_TTABLE:
                try checkKeyCount(at: optionsIndex, in: stack, field: nil)
                guard case .table(let options) = try stack.value(at: optionsIndex, path: "") else {
                    if case .array(let items) = try stack.value(at: optionsIndex, path: ""), items.isEmpty { break }
                    throw AppError.invalidArgument(
                        "bad argument #\(optionsIndex) to '\(route.name)' (a table of named options expected, got a list)"
                    )
                }
                for (name, value) in options { values[name] = value }
            default:
                throw AppError.invalidArgument(
                    "bad argument #\(optionsIndex) to '\(route.name)' (table of options expected, got \(stack.typeName(at: optionsIndex)))"
                )
            }
        }
        return try router.call(route, Arguments(values), session: session)
    }

    /// Leaves the events this call made above its results for the trampoline to hand to
    /// the `app.on` hooks.
    private func pushHookEvents(_ recorder: EventRecorder?, after marker: Int, on stack: LuaStack) {
        guard let recorder else { return }
        let events = recorder.events(after: marker, of: session.user.id)
        guard !events.isEmpty, lua_checkstack(stack.state, 4) != 0 else { return }
        let zone = session.clock.timeZone
        guard (try? stack.push(.array(events.map { $0.value(in: zone) }))) != nil else { return }
        control.pointer.pointee.hooks_pending = 1
    }

    /// Refuses a table argument with more than `Route.maximumTableKeys` keys before it is
    /// converted, counting no further than one past the limit.
    private func checkKeyCount(at index: Int32, in stack: LuaStack, field: String?) throws {
        guard stack.type(at: index) == LUA_TTABLE, lua_checkstack(stack.state, 2) != 0 else { return }
        var keys = 0
        lua_pushnil(stack.state)
        while lua_next(stack.state, index) != 0 {
            stack.pop(1)
            keys += 1
            if keys > Route.maximumTableKeys {
                stack.pop(1)
                throw AppError.invalidArgument(
                    "\(field ?? "the options table") holds at most \(Route.maximumTableKeys) keys", field: field)
            }
        }
    }

    private func isNothing(at index: Int32, in stack: LuaStack) -> Bool {
        switch stack.type(at: index) {
        case LUA_TNIL: return true
        case LUA_TTABLE:
            lua_pushnil(stack.state)
            guard lua_next(stack.state, index) != 0 else { return true }
            stack.pop(2)
            return false
        default: return false
        }
    }

    private func pushError(_ error: AppError, on stack: LuaStack) {
        let state = stack.state
        lua_createtable(state, 0, 5)
        stack.setField("code", error.code, in: -1)
        stack.setField("message", error.message, in: -1)
        if let route = error.route { stack.setField("route", route, in: -1) }
        if let field = error.field { stack.setField("field", field, in: -1) }
        lua_rawgeti(state, clua_registryindex(), lua_Integer(errorMetatable))
        lua_setmetatable(state, -2)
    }

    private func help(_ stack: LuaStack) throws {
        let thread = stack.state
        var text: String?
        switch stack.type(at: 1) {
        case LUA_TNONE, LUA_TNIL:
            text = HelpText.overview(router)
        case LUA_TSTRING:
            let name = stack.string(at: 1) ?? ""
            text =
                router.route(named: name).map(HelpText.route) ?? HelpText.module(name, router)
                ?? ShellFunction.named(name).map(HelpText.shellFunction)
        default:
            lua_rawgeti(thread, clua_registryindex(), lua_Integer(helpIndex))
            lua_pushvalue(thread, 1)
            lua_rawget(thread, -2)
            if let name = stack.string(at: -1) {
                if name.hasPrefix("module:") {
                    text = HelpText.module(String(name.dropFirst(7)), router)
                } else if name.hasPrefix(Self.shellHelpPrefix) {
                    text = ShellFunction.named(String(name.dropFirst(Self.shellHelpPrefix.count)))
                        .map(HelpText.shellFunction)
                } else {
                    text = router.route(named: name).map(HelpText.route)
                }
            }
            stack.pop(2)
        }
        guard let text else {
            throw AppError.invalidArgument(
                "no help for that \(stack.typeName(at: 1)); try help() for the list of modules")
        }
        print(text)
    }
}
