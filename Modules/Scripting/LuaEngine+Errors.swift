import CLua
import Core

/// What a failed chunk is reported as: the message, the traceback, the kind of failure;
/// and the error tables routes raise.
extension LuaEngine {
    /// Describes the error on top of `thread` (a failed resume) and resets the thread, while
    /// the run is still open: a runaway `__tostring` or `__close` is stopped like any chunk.
    ///
    /// The description runs on `host` (the main thread by default; the thread that called
    /// `app.loop` for a callback, whose C call is still on the main thread's stack).
    func failure(
        of thread: OpaquePointer, status: Int32, stopReason: Int32, host: OpaquePointer? = nil
    ) -> ScriptFailure {
        let state: OpaquePointer = host ?? self.state
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

    /// Pushes `error` as the table a script catches: code, message, route, field, and the
    /// metatable that prints it.
    func pushError(_ error: AppError, on stack: LuaStack) {
        let state = stack.state
        lua_createtable(state, 0, 5)
        stack.setField("code", error.code, in: -1)
        stack.setField("message", error.message, in: -1)
        if let route = error.route { stack.setField("route", route, in: -1) }
        if let field = error.field { stack.setField("field", field, in: -1) }
        lua_rawgeti(state, clua_registryindex(), lua_Integer(errorMetatable))
        lua_setmetatable(state, -2)
    }
}
