import CLua
import Core

extension LuaEngine {
    /// The registry key of `LuaShow`'s `text` function.
    static let showTextKey = "appshell.show_text"

    /// Runs the `LuaShow` chunk and pushes its `show` function; keeps its `text` function
    /// in the registry.
    /// - Throws: `internal` when the chunk does not compile or fails.
    func pushShow() throws {
        guard loadShellChunk(LuaShow.source, bytecode: LuaShow.bytecode) == LUA_OK else {
            throw showFailure("show does not compile")
        }
        pushBound(.visible)
        pushBound(.write)
        try pushPresenters()
        lua_pushboolean(state, options.colour ? 1 : 0)
        guard lua_pcallk(state, 4, 1, 0, 0, nil) == LUA_OK else { throw showFailure("show failed") }
        let table = lua_gettop(state)
        let stack = LuaStack(state)
        stack.push("text")
        lua_rawget(state, table)
        lua_setfield(state, clua_registryindex(), Self.showTextKey)
        stack.push("show")
        lua_rawget(state, table)
        lua_rotate(state, table, -1)  // lua_remove: the table goes on top, then away
        lua_settop(state, -2)
    }

    /// Pushes the list of the presenters in `options.presenters`, empty: its `__index`
    /// compiles presenter i when `show` first asks for it (`loadPresenter`), so a start-up
    /// that shows no table compiles none (they were a tenth of every start-up).
    private func pushPresenters() throws {
        lua_createtable(state, Int32(clamping: options.presenters.count), 0)
        lua_createtable(state, 0, 1)
        pushBound(.presenter)
        lua_setfield(state, -2, "__index")
        lua_setmetatable(state, -2)
    }

    /// `__index(list, i)` of show's presenters: runs presenter `i`'s chunk (its build-time
    /// bytecode, or its text when there is none or this Lua refuses it) for the function
    /// it returns, keeps that in the list (so each chunk runs once) and returns it; nil
    /// past the last presenter.
    /// - Throws: `internal` naming the presenter that does not compile or return a function.
    func loadPresenter(_ stack: LuaStack) throws -> Int32 {
        let thread = stack.state
        var isInteger: Int32 = 0
        let index = lua_tointegerx(thread, 2, &isInteger)
        guard isInteger != 0, index >= 1, index <= options.presenters.count, lua_checkstack(thread, 4) != 0 else {
            lua_pushnil(thread)
            return 1
        }
        let presenter = options.presenters[Int(index) - 1]
        var status = LUA_ERRSYNTAX
        if let bytecode = presenter.bytecode {
            status = bytecode.withUnsafeBufferPointer { buffer in
                clua_load_host_bytecode(thread, buffer.baseAddress, buffer.count, LuaPrelude.chunkName)
            }
            if status != LUA_OK { stack.pop() }
        }
        if status != LUA_OK {
            let source = Array(presenter.source.utf8)
            status = source.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    clua_load_text(thread, characters.baseAddress, characters.count, LuaPrelude.chunkName)
                }
            }
        }
        guard status == LUA_OK, lua_pcallk(thread, 0, 1, 0, 0, nil) == LUA_OK else {
            throw AppError.internal("presenter #\(index) failed: \(stack.string(at: -1) ?? "?")")
        }
        guard lua_type(thread, -1) == LUA_TFUNCTION else {
            throw AppError.internal("presenter #\(index) does not return a function")
        }
        lua_pushvalue(thread, -1)
        lua_rawseti(thread, 1, index)
        return 1
    }

    /// Compiles one of the shell's own chunks, named so that tracebacks drop it: from
    /// `bytecode` when given (the same text compiled at build time, which skips parsing it
    /// at every start-up), or from the text when there is none or this Lua library
    /// refuses it (bytecode of another Lua release). Only the build's own bytecode comes
    /// here; a script's binary chunks load only with --allow-io, through lua5.4's `load`.
    func loadShellChunk(_ source: [UInt8], bytecode: [UInt8]? = nil) -> Int32 {
        if let bytecode {
            let status = bytecode.withUnsafeBufferPointer { buffer in
                clua_load_host_bytecode(state, buffer.baseAddress, buffer.count, LuaPrelude.chunkName)
            }
            if status == LUA_OK { return status }
            LuaStack(state).pop()
        }
        return source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                clua_load_text(state, characters.baseAddress, characters.count, LuaPrelude.chunkName)
            }
        }
    }

    private func showFailure(_ what: String) -> AppError {
        let detail = LuaStack(state).string(at: -1) ?? "?"
        return AppError.internal("\(what): \(detail)")
    }

    /// `visible(text, mode, max)`: `text` with control characters escaped (mode `cell`,
    /// `block` or `literal`), cut to `max` columns when `max` is given, and its width.
    func visible(_ stack: LuaStack) -> Int32 {
        let thread = stack.state
        let mode: TerminalText.Mode
        switch stack.string(at: 2) {
        case "cell": mode = .cell
        case "literal": mode = .literal
        default: mode = .block
        }
        var isInteger: Int32 = 0
        let limit = lua_tointegerx(thread, 3, &isInteger)
        let maxWidth = isInteger != 0 ? Int(clamping: limit) : nil
        let (text, width) = TerminalText.visible(
            stack.bytes(at: 1) ?? UnsafeBufferPointer(start: nil, count: 0),
            mode: mode, maxWidth: maxWidth)
        stack.push(text)
        lua_pushinteger(thread, lua_Integer(width))
        return 2
    }

    /// What `show` prints for the first result of `source`, or the failure (for tests).
    func shownText(_ source: String) -> Result<String, ScriptFailure> {
        let base = lua_gettop(state)
        defer { lua_settop(state, base) }
        let chunk: LoadedChunk
        switch load(Array(source.utf8), name: "=test") {
        case .loaded(let loaded): chunk = loaded
        case .incomplete(let message): return .failure(ScriptFailure(kind: .syntax, message: message))
        case .failed(let failure): return .failure(failure)
        }
        lua_getfield(state, clua_registryindex(), Self.showTextKey)
        lua_rawgeti(state, clua_registryindex(), lua_Integer(chunk.reference))
        luaL_unref(state, clua_registryindex(), chunk.reference)
        guard lua_pcallk(state, 0, 1, 0, 0, nil) == LUA_OK, lua_pcallk(state, 1, 1, 0, 0, nil) == LUA_OK else {
            return .failure(ScriptFailure(kind: .runtime, message: LuaStack(state).string(at: -1) ?? "error"))
        }
        return .success(LuaStack(state).string(at: -1) ?? "")
    }
}
