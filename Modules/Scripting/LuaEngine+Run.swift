import CLua
import Core

/// Loading chunks and running them on the engine's main coroutine under the watchdog.
extension LuaEngine {
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

    /// Runs a loaded chunk on the engine's main coroutine and returns what it returned.
    ///
    /// The chunk runs on a coroutine resumed from the state's main thread, so that a stop,
    /// an error and its traceback stay on a thread of their own; for the script that
    /// coroutine is the main thread (`coroutine.running()` says so, it cannot yield), and
    /// the next chunk runs on the same one unless this one failed, as lua5.4's REPL runs
    /// every line on its one main thread.
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
        guard lua_checkstack(state, 8) != 0, let thread = mainCoroutine() else {
            luaL_unref(state, registry, chunk.reference)
            return .failure(ScriptFailure(kind: .memory, message: "not enough memory"))
        }
        lua_pushthread(thread)
        lua_xmove(thread, state, 1)
        let threadReference = luaL_ref(state, registry)
        let previousMain = clua_swap_chunk_main(control.pointer, thread)
        defer {
            clua_swap_chunk_main(control.pointer, previousMain)
            luaL_unref(state, registry, threadReference)
        }

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
        let previousRun = activeRun
        activeRun = ActiveRun(
            id: runID, watchdog: watchdog,
            deadline: watchdog.flatMap { _ in timeout.map { Sentinel.now() + UInt64($0 * 1e9) } },
            timeout: timeout)
        // The run stays open (deadline, Ctrl-C, memory cap) until the clean-up after an
        // error is done: __tostring and __close handlers are Lua code too.
        defer {
            lastRunStopped = clua_stop_reason(control.pointer) != CLUA_STOP_NONE
            clua_end_run(control.pointer, thread, state)
            watchdog?.cancel()
            // app.loop renews the run and its deadline.
            activeRun?.watchdog?.cancel()
            activeRun = previousRun
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

    /// The coroutine the next chunk runs on: the one the last chunk ran on when it ended
    /// and no chunk runs on it now (a nested run gets one of its own), else a new one.
    /// Nil when there is no memory for a new one.
    private func mainCoroutine() -> OpaquePointer? {
        let registry = clua_registryindex()
        if mainCoroutineReference != LUA_NOREF {
            lua_rawgeti(state, registry, lua_Integer(mainCoroutineReference))
            let kept = lua_tothread(state, -1)
            LuaStack(state).pop()
            var frame = lua_Debug()
            if let kept, lua_status(kept) == LUA_OK, lua_gettop(kept) == 0, lua_getstack(kept, 0, &frame) == 0 {
                return kept
            }
            luaL_unref(state, registry, mainCoroutineReference)
            mainCoroutineReference = LUA_NOREF
        }
        guard let thread = lua_newthread(state) else { return nil }
        mainCoroutineReference = luaL_ref(state, registry)
        return thread
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
    /// arguments, negative indexes what came before the script on the command line, with
    /// every password masked (`CredentialRedaction`): those are app-shell's own options
    /// (`--db postgres://mina:********@host/walks`), not the script's to read.
    public func setScriptArguments(script: String, arguments: [String], before: [String]) {
        let stack = LuaStack(state)
        lua_createtable(state, Int32(clamping: arguments.count), Int32(clamping: before.count + 1))
        for (offset, word) in before.reversed().enumerated() {
            stack.push(options.allowIO ? word : CredentialRedaction.redacted(word))
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
}
