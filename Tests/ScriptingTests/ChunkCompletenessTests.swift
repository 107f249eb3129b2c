import Core
import Testing

@testable import Scripting

@Suite struct ChunkCompletenessTests {
    enum Expected: Sendable { case loaded, incomplete, failed }

    @Test(arguments: [
        ("1 + 1", Expected.loaded),
        ("=1", .loaded),
        ("x = 1", .loaded),
        ("print('hi')", .loaded),
        ("if true then", .incomplete),
        ("function f()", .incomplete),
        ("for i = 1, 3 do", .incomplete),
        ("local t = {", .incomplete),
        ("x = 1 +", .incomplete),
        ("1 +", .failed),
        ("x = [[long", .incomplete),
        ("x = = 1", .failed),
        ("end", .failed),
        ("x = 'unfinished", .failed),
    ])
    func linesAreCompleteIncompleteOrWrong(line: String, expected: Expected) throws {
        let fixture = try EngineFixture()
        switch (fixture.engine.loadLine(line), expected) {
        case (.loaded(let chunk), .loaded): _ = fixture.engine.run(chunk)
        case (.incomplete, .incomplete): break
        case (.failed(let failure), .failed): #expect(failure.kind == .syntax)
        case (let outcome, _): Issue.record("\(line): got \(outcome), expected \(expected)")
        }
    }

    @Test func aSessionWaitsForTheEndOfAChunkThenRunsIt() throws {
        let fixture = try EngineFixture()
        let session = ReplSession(engine: fixture.engine, output: .none)
        #expect(session.prompt == "> ")
        guard case .needMore = session.submit("function double(n)") else {
            Issue.record("the first line is not a whole chunk")
            return
        }
        #expect(session.prompt == ">> ")
        guard case .needMore = session.submit("  return n * 2") else {
            Issue.record("the second line is not a whole chunk either")
            return
        }
        guard case .ran(.success) = session.submit("end") else {
            Issue.record("the chunk should run once complete")
            return
        }
        #expect(session.prompt == "> ")
        #expect(try fixture.values("return double(21)") == [42])
    }

    @Test func anUnfinishedChunkAtTheEndIsASyntaxError() throws {
        let session = ReplSession(engine: try EngineFixture().engine, output: .none)
        _ = session.submit("while true do")
        let failure = try #require(session.finish())
        #expect(failure.kind == .syntax)
        #expect(failure.message.hasSuffix("<eof>"))
    }

    @Test func expressionsAreTriedBeforeStatements() throws {
        let fixture = try EngineFixture()
        guard case .loaded(let chunk) = fixture.engine.loadLine("40 + 2") else {
            Issue.record("an expression should load")
            return
        }
        #expect(try fixture.engine.run(chunk, collect: true).get() == [42])
    }
}
