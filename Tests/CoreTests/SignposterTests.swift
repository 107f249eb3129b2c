import Formats
import Testing
import Time

@testable import Core

@Suite struct SignposterTests {
    @Test func anIntervalIsRecordedWithItsNameCategoryAndDuration() throws {
        let signposter = Signposter()
        let token = signposter.begin("work", category: "test")
        signposter.end(token)
        let interval = try #require(signposter.intervals.first)
        #expect(interval.name == "work")
        #expect(interval.category == "test")
        #expect((interval.duration ?? -1) >= 0)
        #expect(interval.start >= 0)
    }

    @Test func anIntervalClosesWhenItsBodyThrows() {
        struct Failure: Error {}
        let signposter = Signposter()
        #expect(throws: Failure.self) { try signposter.interval("failing", category: "test") { throw Failure() } }
        #expect(signposter.intervals.map(\.name) == ["failing"])
    }

    @Test func nestedIntervalsLieInsideTheirParent() throws {
        let signposter = Signposter()
        signposter.interval("outer", category: "test") {
            signposter.interval("inner", category: "test") {}
        }
        let inner = try #require(signposter.intervals.first { $0.name == "inner" })
        let outer = try #require(signposter.intervals.first { $0.name == "outer" })
        #expect(inner.start >= outer.start)
        #expect(inner.start + (inner.duration ?? 0) <= outer.start + (outer.duration ?? 0))
    }

    @Test func intervalsPastTheCapacityAreCountedNotKept() {
        let signposter = Signposter(capacity: 2)
        for _ in 0..<5 { signposter.event("tick", category: "test") }
        #expect(signposter.intervals.count == 2)
        #expect(signposter.dropped == 3)
    }

    @Test func theSummaryCountsTotalsAndRanksPerName() throws {
        let signposter = Signposter()
        for duration in [1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100] {
            signposter.record(name: "a", duration: duration * 1000)
        }
        signposter.record(name: "b", duration: 500)
        let rows = signposter.summary()
        #expect(rows.map(\.name) == ["a", "b"])
        let a = try #require(rows.first)
        #expect(a.count == 20)
        #expect(a.totalMilliseconds == 290)
        #expect(a.p50Milliseconds == 10)
        #expect(a.p95Milliseconds == 19)
        #expect(rows.last?.p95Milliseconds == 0.5)
    }

    @Test func theChromeTraceHoldsCompleteAndInstantEvents() {
        let signposter = Signposter()
        signposter.record(name: "call", duration: 12.5)
        signposter.event("mark", category: "test")
        let json = signposter.chromeTrace(processID: 42).jsonText
        #expect(json.hasPrefix(#"{"traceEvents":[{"name":"call","cat":"test","ph":"X","ts":"#))
        #expect(json.contains(#""dur":12.5,"pid":42,"tid":1}"#))
        #expect(json.contains(#""name":"mark","cat":"test","ph":"i""#))
        #expect(json.hasSuffix(#"],"displayTimeUnit":"ms"}"#))
    }

    @Test func theTraceMiddlewareNamesEachIntervalAfterItsRoute() throws {
        let signposter = Signposter()
        let route = Route("x.y", summary: "Test.", returns: "nil", example: "x.y()") { _, _ in .null }
        let router = try Router(routes: [route], middleware: [TraceMiddleware(signposter: signposter)])
        let session = Session(
            user: User(id: "u", name: "u", createdAt: Instant(secondsSince1970: 0)),
            clock: FixedClock(Instant(secondsSince1970: 0)), container: Container())
        _ = try router.call("x.y", session: session)
        _ = try router.call("x.y", session: session)
        #expect(signposter.intervals.map(\.name) == ["x.y", "x.y"])
        #expect(signposter.intervals.allSatisfy { $0.category == "route" })
    }
}

extension Signposter {
    /// Records an interval of a known duration (microseconds), for tests of the reports.
    fileprivate func record(name: String, duration: Double) {
        appendForTest(Interval(name: name, category: "test", start: 0, duration: duration))
    }
}
