import CLua
import Core
import Formats

/// Calls from Lua: the one entry of every bound function, and the route calls it makes.
extension LuaEngine {
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
                // Only a running loop's sources ask (it tells them all as it starts), so a
                // script outside one pays nothing per call.
                if loopRunning, !route.readsOnly, !routesWritten.contains(route.name) {
                    routesWritten.append(route.name)
                }
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
            case .write:
                output.write(stack.string(at: 1) ?? "")
                return 0
            case .visible:
                return visible(stack)
            case .presenter:
                return try loadPresenter(stack)
            case .spanBegin:
                guard let name = stack.string(at: 1) else {
                    throw AppError.invalidArgument("bad argument #1 to 'trace.span' (string expected)", field: "name")
                }
                // No signposter, no spans (an engine without tracing): fn still runs.
                guard let signposter = try registeredService(Signposter.self) else { return 0 }
                openSpans[nextSpan] = signposter.begin(name, category: "script")
                lua_pushinteger(thread, lua_Integer(nextSpan))
                nextSpan += 1
                return 1
            case .timerEvery: return try addTimer(stack, repeating: true)
            case .timerAfter: return try addTimer(stack, repeating: false)
            case .timerOff: return try removeTimer(stack)
            case .loop: return try runLoop(thread)
            case .loopStop: return stopLoop()
            case .fillModule(let index): return try fillModule(index, stack)
            case .osTime: return osTime(stack)
            case .osDate: return osDate(stack)
            case .osGetenv: return osGetenv(stack)
            case .hookCount:
                let count = Int(lua_tointegerx(thread, 1, nil))
                // With no recorder (no plugin records events) no hook ever fires.
                if count > 0, eventRecorder == nil { eventRecorder = try registeredService(EventRecorder.self) }
                activeHooks = count
                return 0
            case .spanEnd:
                let handle = Int(lua_tointegerx(thread, 1, nil))
                if let token = openSpans.removeValue(forKey: handle) {
                    try session.container.resolve(Signposter.self).end(token)
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
            if case .presenter = function { appError = appError.raised(by: "show") }
            if case .spanBegin = function { appError = appError.raised(by: "trace.span") }
            if case .spanEnd = function { appError = appError.raised(by: "trace.span") }
            if case .hookCount = function { appError = appError.raised(by: "app.on") }
            if case .timerEvery = function { appError = appError.raised(by: "app.every") }
            if case .timerAfter = function { appError = appError.raised(by: "app.after") }
            if case .timerOff = function { appError = appError.raised(by: "timer:off") }
            if case .loop = function { appError = appError.raised(by: "app.loop") }
            pushError(appError, on: stack)
            return clua_raise()
        }
    }

    /// Leaves the events this call made above its results for the trampoline to hand to
    /// the `app.on` hooks. Events that cannot be handed over (nested too deeply) leave the
    /// reason instead, which the hook runner reports as it reports a failing hook: the
    /// route's own result stands either way.
    func pushHookEvents(_ recorder: EventRecorder?, after marker: Int, on stack: LuaStack) {
        guard let recorder else { return }
        let events = recorder.events(after: marker, of: session.user.id)
        // Without 4 free slots not even the reason fits; the stack is then at Lua's limit.
        guard !events.isEmpty, lua_checkstack(stack.state, 4) != 0 else { return }
        let zone = session.clock.timeZone
        let base = stack.top
        do {
            try stack.push(.array(events.map { $0.value(in: zone) }))
        } catch {
            lua_settop(stack.state, base)
            stack.push(AppError.wrapping(error).message)
        }
        control.pointer.pointee.hooks_pending = 1
    }

    /// The session's `Service`, or nil when no plugin registers one. A registered service
    /// that cannot be made throws: that is a failure to report, not an absence.
    func registeredService<Service>(_ type: Service.Type) throws -> Service? {
        guard session.container.isRegistered(type) else { return nil }
        return try session.container.resolve(type)
    }
}
