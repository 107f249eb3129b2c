import Core
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Scripting

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LimitTests {
    @Test func aRunawayLoopStopsAtTheDeadlineEvenInsidePcall() throws {
        let fixture = try EngineFixture()
        guard
            case .loaded(let chunk) = fixture.engine.load(
                Array("for i = 1, 10 do pcall(function() while true do end end) end return 'escaped'".utf8),
                name: "=spin")
        else {
            Issue.record("the chunk should load")
            return
        }
        let started = ContinuousClock.now
        let result = fixture.engine.run(chunk, timeout: 0.3, collect: true)
        let elapsed = ContinuousClock.now - started
        guard case .failure(let failure) = result else {
            Issue.record("the loop escaped: \(result)")
            return
        }
        #expect(failure.kind == .timeout)
        #expect(failure.message.contains("timeout: the chunk ran longer than 0.3 s"))
        #expect(elapsed < .seconds(10))
        // The engine is usable afterwards, with no hook left armed.
        #expect(try fixture.values("return 1 + 1") == [2])
    }

    @Test func aLoopInsideACoroutineStopsToo() throws {
        let fixture = try EngineFixture()
        guard
            case .loaded(let chunk) = fixture.engine.load(
                Array(
                    "local co = coroutine.create(function() while true do end end); coroutine.resume(co); return 'escaped'"
                        .utf8),
                name: "=co")
        else {
            Issue.record("the chunk should load")
            return
        }
        guard case .failure(let failure) = fixture.engine.run(chunk, timeout: 0.3) else {
            Issue.record("the coroutine escaped")
            return
        }
        #expect(failure.kind == .timeout)
    }

    @Test func aChunkThatFinishesInTimeIsNotStoppedLater() throws {
        let fixture = try EngineFixture()
        guard case .loaded(let chunk) = fixture.engine.load(Array("return 'quick'".utf8), name: "=quick") else {
            Issue.record("the chunk should load")
            return
        }
        #expect(try fixture.engine.run(chunk, timeout: 0.05, collect: true).get() == ["quick"])
        usleep(150_000)  // long enough for a cancelled watchdog to have fired
        #expect(try fixture.values("local n = 0; for i = 1, 1e6 do n = n + 1 end; return n") == [1_000_000])
    }

    /// Runs `source` and interrupts it as Ctrl-C does, once `ready` is signalled (at once when
    /// nil) and again every 50 ms until it ends, so no interrupt is lost to a busy machine
    /// starting the chunk late; returns how it failed.
    private func interrupted(_ fixture: EngineFixture, _ source: String, ready: DispatchSemaphore? = nil)
        -> ScriptFailure?
    {
        guard case .loaded(let chunk) = fixture.engine.load(Array(source.utf8), name: "=interrupted") else {
            Issue.record("the chunk should load")
            return nil
        }
        let finished = Mutex(false)
        let stopSwitch = fixture.engine.stopSwitch
        DispatchQueue(label: "interrupter").async {
            ready?.wait()
            while !finished.withLock({ $0 }) {
                stopSwitch.interrupt()
                usleep(50_000)
            }
        }
        let result = fixture.engine.run(chunk, timeout: 60)
        finished.withLock { $0 = true }
        guard case .failure(let failure) = result else {
            Issue.record("the chunk was not interrupted")
            return nil
        }
        return failure
    }

    @Test func interruptStopsTheRunningChunk() throws {
        let failure = interrupted(try EngineFixture(), "while true do end")
        #expect(failure?.kind == .interrupted)
        #expect(failure?.message.contains("interrupted") == true)
    }

    /// Ctrl-C cancels the statement the chunk waits on (`test.wait` stands for a server's).
    @Test func interruptCancelsTheWaitOfTheRunningChunk() throws {
        let before = EngineFixture.waitsCancelled.withLock { $0 }
        let failure = interrupted(
            try EngineFixture(), "test.wait() while true do end", ready: EngineFixture.waitStarted)
        #expect(failure?.kind == .interrupted)
        #expect(EngineFixture.waitsCancelled.withLock { $0 } == before + 1)
    }

    /// Ctrl-C cancels the server statements of the thread running the chunk, not those of
    /// another thread (found when CI's unit tests cancelled a PostgreSQL test's
    /// `CREATE TABLE` with "canceling statement due to user request": an interrupt test in
    /// the same process cancelled every wait).
    @Test func interruptLeavesAnotherThreadsWaitsAlone() throws {
        let cancelled = Mutex(0)
        let waiting = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let other = Thread {
            BlockingWaits.shared.during({ cancelled.withLock { $0 += 1 } }) {
                waiting.signal()
                release.wait()
            }
        }
        other.start()
        waiting.wait()
        defer { release.signal() }
        let failure = interrupted(try EngineFixture(), "while true do end")
        #expect(failure?.kind == .interrupted)
        #expect(cancelled.withLock { $0 } == 0)
    }

    @Test func theMemoryCapEndsATableBombCleanly() throws {
        let fixture = try EngineFixture(options: EngineOptions(memoryLimitBytes: 8 * 1_048_576))
        let result = fixture.evaluate("local t = {} for i = 1, 1e9 do t[i] = {i} end")
        guard case .failure(let failure) = result else {
            Issue.record("the bomb did not hit the cap")
            return
        }
        #expect(failure.kind == .memory)
        #expect(failure.message.contains("not enough memory"))
        #expect(fixture.engine.peakMemory <= 8 * 1_048_576 + 65_536)
        #expect(try fixture.values("collectgarbage(); return 'alive'") == ["alive"])
    }

    @Test func aHugeStringInsidePcallFailsAndTheStateGoesOn() throws {
        let fixture = try EngineFixture(options: EngineOptions(memoryLimitBytes: 8 * 1_048_576))
        let values = try fixture.values("local ok, e = pcall(string.rep, 'x', 1 << 30); return ok, tostring(e)")
        #expect(values.first == false)
        #expect(values.last?.stringValue?.contains("not enough memory") == true)
    }

    @Test func aLoopingMessageHandlerIsStoppedToo() throws {
        let fixture = try EngineFixture()
        let source = "xpcall(error, function() while true do end end, 'boom') return 'escaped'"
        guard case .loaded(let chunk) = fixture.engine.load(Array(source.utf8), name: "=handler") else {
            Issue.record("the chunk should load")
            return
        }
        guard case .failure(let failure) = fixture.engine.run(chunk, timeout: 0.3) else {
            Issue.record("the handler escaped")
            return
        }
        #expect(failure.kind == .timeout)
        #expect(failure.message == "handler:1: timeout: the chunk ran longer than 0.3 s (--timeout)")
    }

    @Test func anAbsurdTimeoutMeansNoneInsteadOfTrapping() throws {
        let fixture = try EngineFixture()
        guard case .loaded(let chunk) = fixture.engine.load(Array("return 1".utf8), name: "=quick") else {
            Issue.record("the chunk should load")
            return
        }
        #expect(try fixture.engine.run(chunk, timeout: 1e19, collect: true).get() == [1])
    }

    @Test(arguments: [
        // __close handlers that close the previous coroutine (lua_resetthread forgets the depth)
        """
        local previous
        for _ = 1, 20000 do
          local before = previous
          local co = coroutine.create(function()
            local guard <close> = setmetatable({}, {__close = function()
              if before then local ok, err = coroutine.close(before); if not ok then error(err, 0) end end
            end})
            coroutine.yield()
          end)
          coroutine.resume(co)
          previous = co
        end
        return select(2, coroutine.close(previous))
        """,
        // resumes nested inside resumes
        """
        local function nest(n)
          if n == 0 then return "bottom" end
          local ok, err = coroutine.resume(coroutine.create(nest), n - 1)
          if not ok then error(err, 0) end
          return err
        end
        return select(2, pcall(nest, 20000))
        """,
    ])
    func deepNestingIsACStackOverflowNotACrash(source: String) throws {
        let fixture = try EngineFixture()
        let values = try fixture.values(source)
        #expect(values.first?.stringValue?.contains("C stack overflow") == true)
        #expect(try fixture.values("return 1 + 1") == [2])
    }

    @Test func aConversionIntoSwiftCountsAgainstTheCap() throws {
        let fixture = try EngineFixture(options: EngineOptions(memoryLimitBytes: 16 * 1_048_576))
        let values = try fixture.values(
            "local t = {} for i = 1, 150000 do t[i] = 'entry ' .. i end return pcall(json, t)")
        #expect(values.first == false)
        #expect(values.last?.stringValue == "not enough memory")
        #expect(try fixture.values("return json({1, 2})") == ["[1,2]"])
    }

    @Test func aFinalizerRunDuringARouteCallKeepsTheCap() throws {
        let fixture = try EngineFixture(options: EngineOptions(memoryLimitBytes: 16 * 1_048_576))
        let values = try fixture.values(
            """
            local during, outcome = false, nil
            local finalizer = {}
            finalizer.__gc = function()
              if not during then setmetatable({}, finalizer)
              elseif outcome == nil then
                outcome = select(2, pcall(function()
                  local hold = {}
                  for i = 1, 100 do hold[i] = string.rep("x", 1 << 20) .. i end
                  return "no error"
                end))
              end
            end
            for _ = 1, 20 do setmetatable({}, finalizer) end
            local big = {}
            for i = 1, 2000 do big[i] = "item " .. i end
            during = true
            for _ = 1, 400 do json(big) if outcome then break end end
            during = false
            return tostring(outcome)
            """)
        #expect(values.first?.stringValue?.contains("not enough memory") == true)
        #expect(fixture.engine.peakMemory <= 16 * 1_048_576 + 65_536)
    }
}
