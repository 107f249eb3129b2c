import CLua
import Core
import Time

#if canImport(Glibc)
    import Glibc
#endif

/// `app.every`, `app.after`, `app.loop` and `app.stop`: timers on the app's clock, and the
/// loop that runs them (and, through `LoopSource`s, `app.on` hooks over events from
/// elsewhere) until Ctrl-C, SIGTERM or `app.stop()`.
///
/// The loop is a C call of the chunk that called `app.loop()`. While it waits, that chunk's
/// deadline is set aside (the loop may run for days); each callback then runs in a
/// coroutine of its own as a run of its own, under a deadline of its own
/// (`callbackTimeout`) and the memory cap, so a runaway callback is stopped and reported and
/// the loop goes on; after `maximumCallbackStops` such stops the loop ends with an error
/// (`app.loop_runaway`), so a script cannot spin in callbacks forever. The wait is one
/// `ppoll` on the wake-up descriptor and the sources' descriptors, until the next timer is
/// due (in real time: app time divided by the clock's rate): an idle loop uses no CPU.
extension LuaEngine {
    /// The registry name of the timer handles' metatable.
    static let timerMetatable = "appshell.timer"

    /// Why a loop ended, as `app.loop()` returns it.
    enum LoopEnd: String {
        case stopped, interrupted, terminated, idle
        /// `maximumCallbackStops` callbacks ran past their deadline: `app.loop()` raises.
        case runaway
    }

    /// How a callback ended.
    enum CallbackOutcome {
        /// It ran, failed (reported), was stopped at its deadline (reported), or Ctrl-C
        /// stopped it (the loop ends).
        case ran, failed, stopped, interrupted
    }

    /// How many callbacks stopped at their deadline end the loop, and every later one of
    /// the engine: a script whose callbacks keep running away gets at most this many
    /// deadlines of CPU, not an endless share of it.
    static let maximumCallbackStops = 3

    /// Adds a source that wakes the loop and hands it events for the `app.on` hooks.
    public func addLoopSource(_ source: any LoopSource) { loopSources.append(source) }

    /// Makes the metatable of timer handles (`handle:off()`); once, at set-up.
    func installTimerMetatable() {
        let stack = LuaStack(state)
        luaL_newmetatable(state, Self.timerMetatable)
        stack.setField("__name", "timer", in: -1)
        stack.setField("__metatable", "locked", in: -1)
        stack.push("__index")
        lua_createtable(state, 0, 1)
        stack.push("off")
        pushBound(.timerOff)
        lua_rawset(state, -3)
        lua_rawset(state, -3)
        stack.pop()
    }

    /// `app.every(seconds | "HH:MM", fn)` and `app.after(seconds, fn)`: returns the handle.
    func addTimer(_ stack: LuaStack, repeating: Bool) throws -> Int32 {
        let thread = stack.state
        let name = repeating ? "app.every" : "app.after"
        let rule: TimerRule
        switch stack.type(at: 1) {
        case LUA_TNUMBER:
            let milliseconds = try TimerSchedule.interval(seconds: lua_tonumberx(thread, 1, nil), repeating: repeating)
            rule = repeating ? .every(milliseconds: milliseconds) : .once(milliseconds: milliseconds)
        case LUA_TSTRING where repeating:
            let text = stack.string(at: 1) ?? ""
            guard let time = DailyTime(parsing: text) else {
                throw AppError.invalidArgument(
                    "bad argument #1 to 'app.every' ('\(text)' is not a time of day from 00:00 to 23:59)",
                    field: "time")
            }
            rule = .daily(time)
        default:
            let expected = repeating ? "seconds or a time \"HH:MM\"" : "seconds"
            throw AppError.invalidArgument(
                "bad argument #1 to '\(name)' (\(expected) expected, got \(stack.typeName(at: 1)))", field: "seconds")
        }
        guard stack.type(at: 2) == LUA_TFUNCTION else {
            throw AppError.invalidArgument(
                "bad argument #2 to '\(name)' (function expected, got \(stack.typeName(at: 2)))", field: "fn")
        }
        let id = try timers.add(rule, now: session.clock.now(), zone: session.clock.timeZone)
        let registry = clua_registryindex()
        lua_pushvalue(thread, 2)
        let function = luaL_ref(thread, registry)
        guard let block = lua_newuserdatauv(thread, MemoryLayout<Int>.size, 0) else {
            throw AppError.internal("cannot make a timer handle")
        }
        block.storeBytes(of: id, as: Int.self)
        luaL_setmetatable(thread, Self.timerMetatable)
        lua_pushvalue(thread, -1)
        timerCallbacks[id] = (function, luaL_ref(thread, registry))
        return 1
    }

    /// `handle:off()`: removes the timer; true when it was set.
    func removeTimer(_ stack: LuaStack) throws -> Int32 {
        guard let block = luaL_testudata(stack.state, 1, Self.timerMetatable) else {
            throw AppError.invalidArgument(
                "bad argument #1 to 'off' (timer expected, got \(stack.typeName(at: 1)))", field: "timer")
        }
        let id = block.load(as: Int.self)
        let removed = timers.remove(id)
        releaseTimer(id, on: stack.state)
        lua_pushboolean(stack.state, removed ? 1 : 0)
        return 1
    }

    /// Drops the registry references of timer `id`, working on `thread`'s stack.
    func releaseTimer(_ id: Int, on thread: OpaquePointer) {
        guard let references = timerCallbacks.removeValue(forKey: id) else { return }
        luaL_unref(thread, clua_registryindex(), references.function)
        luaL_unref(thread, clua_registryindex(), references.handle)
    }

    /// `app.stop()`: the running loop ends after the current callback; no loop, no effect.
    func stopLoop() -> Int32 {
        if loopRunning { loopStopRequested = true }
        return 0
    }

    /// `app.loop()`, called from `thread`: runs until a stop; returns why, as a string.
    /// - Throws: `app.loop_runaway` when `maximumCallbackStops` callbacks were stopped at
    ///   their deadline (then, or at once in a later `app.loop()`).
    func runLoop(_ thread: OpaquePointer) throws -> Int32 {
        guard !loopRunning, control.pointer.pointee.in_hooks == 0 else {
            throw AppError(
                code: "app.loop_running",
                message: "app.loop() is already running; a callback or hook cannot start another")
        }
        guard callbackStops < Self.maximumCallbackStops else { throw runawayError }
        loopRunning = true
        loopStopRequested = false
        loopControl.setRunning(true)
        // The chunk's deadline stands still while the loop runs; it gets what was left.
        let remaining = activeRun?.deadline.map { deadline in
            Double(Int64(bitPattern: deadline &- Sentinel.now())) / 1e9
        }
        activeRun?.watchdog?.cancel()
        let end = loopBody(caller: thread)
        loopRunning = false
        loopStopRequested = false
        loopControl.setRunning(false)
        let runID = clua_resume_outer(control.pointer, nil, thread)
        activeRun?.id = runID
        if let remaining {
            let seconds = max(remaining, 0.001)
            let limit = activeRun?.timeout
            activeRun?.watchdog = armWatchdog(run: runID, after: seconds, limit: limit)
            activeRun?.deadline = Sentinel.now() + UInt64(seconds * 1e9)
        }
        storeBufferedEvents()
        if end == .runaway { throw runawayError }
        LuaStack(thread).push(end.rawValue)
        return 1
    }

    /// The error of a loop whose callbacks ran away.
    var runawayError: AppError {
        let limit = callbackTimeout.map { " longer than \(Self.seconds($0)) s (\(callbackTimeoutOption))" } ?? ""
        return AppError(
            code: "app.loop_runaway",
            message: "\(callbackStops) callbacks ran\(limit) and were stopped; the loop ends, "
                + "and no other app.loop() runs in this process")
    }

    /// The loop itself: fire what is due, collect from the sources, wait.
    func loopBody(caller: OpaquePointer) -> LoopEnd {
        var sourcesDue = true
        tellSourcesScriptRan(whatever: true)
        while true {
            if let end = loopEndRequested() { return end }
            let clock = session.clock
            let due = timers.takeDue(at: clock.now(), zone: clock.timeZone)
            for entry in due {
                if let end = loopEndRequested() { return end }
                guard let references = timerCallbacks[entry.id] else { continue }
                if case .once = entry.rule { timerCallbacks[entry.id] = nil }
                let outcome = runCallback(
                    references.function, argument: references.handle,
                    due: clock.format(entry.due), caller: caller, label: label(of: entry.rule))
                if case .once = entry.rule {
                    luaL_unref(caller, clua_registryindex(), references.function)
                    luaL_unref(caller, clua_registryindex(), references.handle)
                }
                tellSourcesScriptRan()
                if outcome == .interrupted { return .interrupted }
                if let end = counted(outcome) { return end }
            }
            if sourcesDue, let end = collectFromSources(caller: caller) { return end }
            if !due.isEmpty { continue }
            // Sources only feed hooks: with neither timers nor hooks nothing can ever run.
            if timers.isEmpty, activeHooks == 0 { return .idle }
            sourcesDue = wait()
        }
    }

    /// Tells each source the script ran, and which routes that write it called, when it
    /// called one that the source names or whose module it names (`LoopSource.keptFrom`);
    /// or that it may have called `whatever` (as the loop starts: the script before it may
    /// have done anything).
    func tellSourcesScriptRan(whatever: Bool = false) {
        let written = routesWritten
        routesWritten = []
        for source in loopSources {
            if whatever {
                source.scriptRan(nil)
            } else if source.keptFrom.map({ Route.names($0, anyOf: written) }) ?? true {
                source.scriptRan(written)
            }
        }
    }

    /// Why the loop must end now, if it must.
    func loopEndRequested() -> LoopEnd? {
        if loopStopRequested { return .stopped }
        if loopControl.terminated { return .terminated }
        if clua_stop_reason(control.pointer) != CLUA_STOP_NONE { return .interrupted }
        return nil
    }

    /// Sleeps until the next timer is due, a source's descriptor is readable or its poll
    /// interval passed, or a wake-up; returns whether the sources should be asked.
    func wait() -> Bool {
        let clock = session.clock
        if clock.stepsToNextDue, let asked = stepToNextDue(clock) { return asked }
        var timeout: Int64 = -1
        if let due = timers.nextDue {
            if clock.rate > 0 {
                // One app millisecond more, so the clock has surely reached the deadline.
                let appMilliseconds = Double(due.millisecondsSince1970 - clock.now().millisecondsSince1970 + 1)
                timeout = Int64(min(max(appMilliseconds / clock.rate * 1e6, 0), 3.2e16).rounded(.up))
            } else if !warnedStillClock {
                warnedStillClock = true
                Self.report("app-shell: the clock stands still (--now without --clock-speed): timers will not fire")
            }
        }
        var sourceTimeout: Int64 = -1
        // Without hooks the sources are not asked (what they hold waits for a loop that has
        // some), so they neither wake nor shorten the sleep.
        let sources = activeHooks > 0 ? loopSources : []
        for interval in sources.compactMap(\.pollInterval) {
            let nanoseconds = Int64(max(interval, 1)) * 1_000_000
            sourceTimeout = sourceTimeout < 0 ? nanoseconds : min(sourceTimeout, nanoseconds)
        }
        let limit = timeout < 0 ? sourceTimeout : (sourceTimeout < 0 ? timeout : min(timeout, sourceTimeout))
        var descriptors = [pollfd(fd: loopControl.descriptor, events: Int16(POLLIN), revents: 0)]
        for source in sources {
            if let descriptor = source.descriptor {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
        }
        let ready = clua_wait(control.pointer, &descriptors, Int32(descriptors.count), limit)
        if descriptors[0].revents != 0 { loopControl.drain() }
        let sourceReady = descriptors.dropFirst().contains { $0.revents != 0 }
        return sourceReady || (ready == 0 && sourceTimeout >= 0 && limit == sourceTimeout)
    }

    /// With a clock the loop steps (`--clock-speed instant`): looks at the wake-up and the
    /// sources' descriptors without sleeping and, when none is ready, moves the clock
    /// straight to the earliest due timer or source (`LoopSource.nextDue`). Returns whether
    /// the sources should be asked; nil when nothing is due by the clock, so the loop waits
    /// for other processes as usual.
    func stepToNextDue(_ clock: any Clock) -> Bool? {
        let sources = activeHooks > 0 ? loopSources : []
        var descriptors = [pollfd(fd: loopControl.descriptor, events: Int16(POLLIN), revents: 0)]
        for source in sources {
            if let descriptor = source.descriptor {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
        }
        _ = clua_wait(control.pointer, &descriptors, Int32(descriptors.count), 0)
        if descriptors[0].revents != 0 { loopControl.drain() }
        if descriptors.dropFirst().contains(where: { $0.revents != 0 }) { return true }
        let dues = [timers.nextDue] + sources.map(\.nextDue)
        guard let next = dues.compactMap({ $0 }).min() else { return nil }
        clock.advance(to: next)
        return true
    }

    /// Asks every source for events and runs the `app.on` hooks over them, each batch as a
    /// run of its own; returns why the loop must end, if it must.
    func collectFromSources(caller: OpaquePointer) -> LoopEnd? {
        // A source hands each event over once: asked with no hook to run, it would lose them.
        for source in loopSources where activeHooks > 0 {
            let events: [Value]
            let key = ObjectIdentifier(source)
            do {
                events = try source.collect()
            } catch {
                // Once, when the failure begins: a server that is down fails every try.
                if failingSources.insert(key).inserted {
                    Self.report(
                        "app-shell: \(source.name) cannot be read; the loop goes on and tries again: "
                            + AppError.wrapping(error).message)
                }
                continue
            }
            if failingSources.remove(key) != nil {
                Self.report("app-shell: \(source.name) can be read again; what came meanwhile follows")
            }
            guard !events.isEmpty else { continue }
            let runner = control.pointer.pointee.hook_runner
            // As after a route call: events the hooks make fire no hooks.
            control.pointer.pointee.in_hooks = 1
            let outcome = runCallback(
                runner, argument: nil, events: .array(events), caller: caller, label: "app.on hooks")
            control.pointer.pointee.in_hooks = 0
            tellSourcesScriptRan()
            if outcome == .interrupted { return .interrupted }
            if let end = counted(outcome) { return end }
            if let end = loopEndRequested() { return end }
        }
        return nil
    }

    /// Counts a callback stopped at its deadline; `.runaway` once there were
    /// `maximumCallbackStops` of them.
    func counted(_ outcome: CallbackOutcome) -> LoopEnd? {
        guard outcome == .stopped else { return nil }
        callbackStops += 1
        return callbackStops >= Self.maximumCallbackStops ? .runaway : nil
    }

    /// Runs the function at registry reference `function` in a fresh coroutine as a run of
    /// its own (its own deadline, Ctrl-C, memory cap), with the value at reference
    /// `argument` (and the instant the timer was `due`) or `events` as its arguments. A
    /// failure is reported on standard error.
    func runCallback(
        _ function: Int32, argument: Int32?, due: String? = nil, events: Value? = nil, caller: OpaquePointer,
        label: String
    ) -> CallbackOutcome {
        let registry = clua_registryindex()
        // On the caller's stack: the loop runs inside its C call.
        guard lua_checkstack(caller, 4) != 0, let coroutine = lua_newthread(caller) else {
            Self.report("app-shell: \(label) skipped: not enough memory")
            return .failed
        }
        let reference = luaL_ref(caller, registry)
        defer { luaL_unref(caller, registry, reference) }
        lua_rawgeti(coroutine, registry, lua_Integer(function))
        var count: Int32 = 0
        if let argument {
            lua_rawgeti(coroutine, registry, lua_Integer(argument))
            count = 1
            if let due {
                LuaStack(coroutine).push(due)
                count = 2
            }
        } else if let events {
            do {
                try LuaStack(coroutine).push(events)
                count = 1
            } catch {
                Self.report("app-shell: \(label) skipped: \(AppError.wrapping(error).message)")
                return .failed
            }
        }
        let runID = clua_begin_callback(control.pointer, coroutine)
        guard runID != 0 else { return .interrupted }
        let option = callbackTimeoutOption
        let watchdog = callbackTimeout.flatMap { armWatchdog(run: runID, after: $0, what: "callback", option: option) }
        var results: Int32 = 0
        let status = lua_resume(coroutine, caller, count, &results)
        let stopReason = clua_stop_reason(control.pointer)
        var outcome = CallbackOutcome.ran
        if status == LUA_YIELD {
            lua_resetthread(coroutine)
            Self.report("app-shell: \(label) failed; the loop goes on: attempt to yield from a callback")
            outcome = .failed
        } else if status != LUA_OK {
            let failure = failure(of: coroutine, status: status, stopReason: stopReason, host: caller)
            if failure.kind == .interrupted {
                outcome = .interrupted
            } else {
                let stopped = stopReason == CLUA_STOP_TIMEOUT
                let next =
                    stopped && callbackStops + 1 >= Self.maximumCallbackStops
                    ? "the loop ends" : "the loop goes on"
                Self.report("app-shell: \(label) failed; \(next): \(failure.message)")
                outcome = stopped ? .stopped : .failed
            }
        }
        watchdog?.cancel()
        let outer = clua_resume_outer(control.pointer, coroutine, caller)
        activeRun?.id = outer
        return outcome
    }

    /// How a report names a timer: `app.every(60)`, `app.every("07:30")`, `app.after(5)`.
    func label(of rule: TimerRule) -> String {
        switch rule {
        case .every(let milliseconds): "app.every(\(Self.seconds(Double(milliseconds) / 1000))) callback"
        case .daily(let time): "app.every(\"\(time)\") callback"
        case .once(let milliseconds): "app.after(\(Self.seconds(Double(milliseconds) / 1000))) callback"
        }
    }

    /// Stores the events still buffered, as every way out of a chunk does: the loop may
    /// have run for days, and what follows it may be cut short.
    func storeBufferedEvents() {
        guard let recorder = try? registeredService(EventRecorder.self), recorder.bufferedCount > 0,
            let transactions = try? registeredService((any TransactionRunner).self)
        else { return }
        _ = try? transactions.transaction {}
    }

    /// Writes one line to standard error.
    static func report(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written <= 0 { break }
            offset += written
        }
    }
}
