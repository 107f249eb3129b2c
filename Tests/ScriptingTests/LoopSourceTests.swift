import Core
import Dispatch
import Synchronization
import Testing
import Time

@testable import Scripting

#if canImport(Glibc)
    import Glibc
#endif

/// A source over a pipe: each byte written to it is one `test.ping` event.
final class PipeSource: LoopSource {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    var descriptor: Int32? { readEnd }
    var pollInterval: Int? { nil }

    func collect() throws -> [Value] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &bytes, bytes.count)
        guard count > 0 else { return [] }
        return bytes.prefix(count).map { byte in
            .table(
                Record([("name", .string("test.ping")), ("params", .table(Record([("byte", .string("\(byte)"))])))]))
        }
    }
}

/// A source with no descriptor, asked every 10 ms: its third answer is an event.
final class PollingSource: LoopSource {
    let calls = Mutex(0)
    var descriptor: Int32? { nil }
    var pollInterval: Int? { 10 }

    func collect() throws -> [Value] {
        let call = calls.withLock { calls in
            calls += 1
            return calls
        }
        return call == 3 ? [.table(Record([("name", .string("test.polled"))]))] : []
    }
}

/// A source with no descriptor, asked every 10 ms: each answer is one event, numbered.
final class NumberingSource: LoopSource {
    let calls = Mutex(0)
    var descriptor: Int32? { nil }
    var pollInterval: Int? { 10 }

    func collect() throws -> [Value] {
        let call = calls.withLock { calls in
            calls += 1
            return calls
        }
        return [
            .table(
                Record([
                    ("name", .string("test.numbered")), ("params", .table(Record([("number", .string("\(call)"))]))),
                ]))
        ]
    }
}

/// A source that keeps what it read of some modules' data: counts the times the loop tells
/// it the script ran.
final class KeepingSource: LoopSource {
    let told = Mutex(0)
    let keptFrom: Set<String>?

    init(keptFrom: Set<String>?) { self.keptFrom = keptFrom }

    var descriptor: Int32? { nil }
    var pollInterval: Int? { nil }
    func collect() throws -> [Value] { [] }
    func scriptRan(_ written: [String]?) { told.withLock { $0 += 1 } }
}

@Suite struct LoopSourceTests {
    /// A source is told the script ran as the loop starts, then only after a callback that
    /// called a route it names, or of a module it names, that writes (not `readsOnly`); a
    /// source that names nothing, after every callback.
    @Test func aSourceIsToldTheScriptRanOnlyAfterCallsThatMayWriteWhatItKeeps() throws {
        let fixture = try EngineFixture()
        let keeping = KeepingSource(keptFrom: ["test"])
        let named = KeepingSource(keptFrom: ["test.echo"])
        let other = KeepingSource(keptFrom: ["walks", "test.fail"])
        let every = KeepingSource(keptFrom: nil)
        for source in [keeping, named, other, every] { fixture.engine.addLoopSource(source) }
        let values = try fixture.values(
            """
            local seen = {}
            test.echo("before the loop")
            app.after(0, function() seen[#seen + 1] = "nothing" end)
            app.after(0, function() seen[#seen + 1] = test.sub.deep() end)
            app.after(0, function() seen[#seen + 1] = test.echo("산책 🐕") end)
            app.after(0, function() seen[#seen + 1] = test.echo(2) + test.echo(3) end)
            app.after(0, function() app.stop() end)
            return app.loop(), table.concat(seen, ",")
            """)
        #expect(values == [.string("stopped"), .string("nothing,tester,산책 🐕,5")])
        #expect(keeping.told.withLock { $0 } == 3)  // the start, then the two that wrote
        #expect(named.told.withLock { $0 } == 3)
        #expect(other.told.withLock { $0 } == 1)  // the start only
        #expect(every.told.withLock { $0 } == 6)  // the start and each of the five
    }

    @Test func eventsFromADescriptorWakeTheLoopAndRunTheHooks() throws {
        let fixture = try EngineFixture()
        let source = try PipeSource()
        fixture.engine.addLoopSource(source)
        let writeEnd = source.writeEnd
        // Written from another thread while the loop sleeps: no timer would ever wake it.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
            var bytes: [UInt8] = [1, 2, 3]
            _ = write(writeEnd, &bytes, 3)
        }
        let values = try fixture.values(
            """
            local seen = {}
            app.on("test%.ping", function(e)
              seen[#seen + 1] = e.params.byte
              if #seen == 3 then app.stop() end
            end)
            return app.loop(), table.concat(seen, ",")
            """)
        #expect(values == [.string("stopped"), .string("1,2,3")])
    }

    @Test func aSourceWithoutADescriptorIsAskedEveryPollInterval() throws {
        let fixture = try EngineFixture()
        let source = PollingSource()
        fixture.engine.addLoopSource(source)
        let values = try fixture.values(
            """
            app.on("test%.polled", function() app.stop() end)
            return app.loop()
            """)
        #expect(values == [.string("stopped")])
        #expect(source.calls.withLock { $0 } == 3)
    }

    @Test func aLoopWithNothingToRunEndsIdle() throws {
        let fixture = try EngineFixture()
        #expect(try fixture.values("return app.loop()") == [.string("idle")])
    }

    @Test func aLoopWithASourceButNothingToRunEndsIdle() throws {
        let fixture = try EngineFixture()
        let source = PollingSource()
        fixture.engine.addLoopSource(source)
        // A loop that waited on the source would end only when told to terminate.
        let control = fixture.engine.loopControl
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { _ = control.terminate() }
        #expect(try fixture.values("return app.loop()") == [.string("idle")])
        #expect(source.calls.withLock { $0 } == 0)
    }

    @Test func aSourceIsAskedOnlyWhileAHookCouldTakeItsEvents() throws {
        let fixture = try EngineFixture()
        let source = NumberingSource()
        fixture.engine.addLoopSource(source)
        // The fixture's clock stands still: another thread moves it past the timer after
        // 100 ms and wakes the loop. Until then only a timer waits, and a source asked then
        // would hand its events to nobody.
        let clock = try #require(fixture.engine.session.clock as? FixedClock)
        let control = fixture.engine.loopControl
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            clock.advance(seconds: 1)
            control.wake()
        }
        let values = try fixture.values(
            """
            local first
            app.after(1, function()
              app.on("test%.numbered", function(e)
                first = first or e.params.number
                app.stop()
              end)
            end)
            return app.loop(), first
            """)
        #expect(values == [.string("stopped"), .string("1")])
    }

    @Test func aFailingHookOverSourceEventsIsReportedAndTheLoopGoesOn() throws {
        let fixture = try EngineFixture()
        let source = try PipeSource()
        fixture.engine.addLoopSource(source)
        var bytes: [UInt8] = [7, 8]
        _ = write(source.writeEnd, &bytes, 2)
        let values = try fixture.values(
            """
            local n = 0
            app.on("test%.ping", function(e)
              n = n + 1
              if n == 1 then error("first fails") end
              app.stop()
            end)
            return app.loop(), n
            """)
        #expect(values == [.string("stopped"), .int(2)])
    }
}
