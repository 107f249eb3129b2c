import Core
import Testing

@testable import Scripting

/// A chunk runs on a coroutine of the engine's, which the script sees as lua5.4's main
/// thread (Lua 5.4.4's coroutine.lua asserts each of these).
@Suite struct MainThreadTests {
    @Test(arguments: [EngineOptions(), EngineOptions(allowIO: true)])
    func theChunkRunsOnTheMainThread(options: EngineOptions) throws {
        let values = try EngineFixture(options: options).values(
            """
            local main, ismain = coroutine.running()
            local resumed, message = coroutine.resume(main)
            local yielded, refusal = pcall(coroutine.yield)
            return type(main), ismain, coroutine.isyieldable(), coroutine.isyieldable(main), resumed, message,
              yielded, refusal
            """)
        #expect(
            values == [
                "thread", true, false, false, false, "cannot resume non-suspended coroutine", false,
                "attempt to yield from outside a coroutine",
            ])
    }

    @Test func aCoroutineIsNotTheMainThreadAndMayYield() throws {
        let values = try EngineFixture().values(
            """
            local main = coroutine.running()
            local co = coroutine.create(function()
              local _, ismain = coroutine.running()
              coroutine.yield(ismain, coroutine.isyieldable(), coroutine.status(main), coroutine.resume(main))
            end)
            return select(2, coroutine.resume(co))
            """)
        #expect(values == [false, true, "normal", false, "cannot resume non-suspended coroutine"])
    }

    /// As at lua5.4's REPL, every line runs on the one main thread.
    @Test func chunkAfterChunkRunsOnTheSameMainThread() throws {
        let fixture = try EngineFixture()
        _ = try fixture.values("first = coroutine.running()")
        #expect(try fixture.values("return coroutine.running() == first") == [true])
    }

    /// A chunk that failed leaves its thread dead: the next one gets a new main thread.
    @Test func chunkAfterAFailureRunsOnAFreshMainThread() throws {
        let fixture = try EngineFixture()
        _ = try fixture.values("first = coroutine.running()")
        if case .success = fixture.evaluate("error('boom')") { Issue.record("the error did not fail the chunk") }
        let values = try fixture.values("local main, ismain = coroutine.running() return main ~= first, ismain")
        #expect(values == [true, true])
    }
}
