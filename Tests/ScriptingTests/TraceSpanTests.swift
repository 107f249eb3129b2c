import Core
import Testing

@testable import Scripting

@Suite struct TraceSpanTests {
    @Test func spanReturnsWhatItsFunctionReturns() throws {
        #expect(
            try EngineFixture().values("return trace.span('sum', function(a, b) return a + b, 'x' end, 1, 2)") == [
                3, "x",
            ])
    }

    @Test func spanRecordsAnIntervalAroundTheRoutesItCalls() throws {
        let fixture = try EngineFixture()
        _ = try fixture.values("trace.span('outer', function() test.echo(1) end)")
        let intervals = fixture.signposter.intervals
        let outer = try #require(intervals.first { $0.name == "outer" })
        let inner = try #require(intervals.first { $0.name == "test.echo" })
        #expect(outer.category == "script")
        #expect(inner.start >= outer.start)
        #expect(inner.start + (inner.duration ?? 0) <= outer.start + (outer.duration ?? 0))
    }

    @Test func aFailingSpanIsClosedAndItsErrorRaised() throws {
        let fixture = try EngineFixture()
        let values = try fixture.values("local ok, e = pcall(trace.span, 'bad', test.fail); return ok, e.code")
        #expect(values == [false, "test.failed"])
        #expect(fixture.signposter.intervals.contains { $0.name == "bad" })
    }

    @Test func theSummaryRouteReportsEveryName() throws {
        let fixture = try EngineFixture()
        let values = try fixture.values(
            "test.echo(1) test.echo(2) local rows = trace.summary() for _, r in ipairs(rows) do if r.name == 'test.echo' then return r.count, math.type(r.count) end end"
        )
        #expect(values == [2, "integer"])
    }
}
