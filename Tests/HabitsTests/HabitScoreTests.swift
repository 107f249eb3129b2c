import AppTestSupport
import Core
import Foundation
import Habits
import Testing

/// Loop Habit Tracker's score through the routes, against values computed independently
/// by `Tests/Fixtures/loop_score.py` (Loop's algorithm in Loop's shape).
@Suite struct HabitScoreTests {
    struct Scenario: Sendable, CustomStringConvertible {
        let name: String
        let frequency: Value
        let start: String
        let doneOffsets: [Int]
        let skipOffsets: [Int]
        let expected: [(String, Double)]
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "daily", frequency: "daily", start: "2026-01-01", doneOffsets: Array(0..<10) + Array(11..<20),
            skipOffsets: [],
            expected: [("2026-01-07", 0.311495274403), ("2026-01-14", 0.481713918416), ("2026-01-20", 0.623614724551)]
        ),
        Scenario(
            name: "2 in 3 days with skips", frequency: .table(Record([("times", 2), ("days", 3)])),
            start: "2026-01-05",
            doneOffsets: (0..<42).filter { $0 % 3 != 2 && ![10, 25, 15, 16, 28].contains($0) },
            skipOffsets: [15, 16, 28],
            expected: [
                ("2026-01-11", 0.193705644158), ("2026-01-18", 0.365554135098), ("2026-01-25", 0.400801480990),
                ("2026-02-01", 0.519392777906), ("2026-02-08", 0.565539967586), ("2026-02-15", 0.679667215346),
            ]),
        Scenario(
            name: "3 a week, a week skipped", frequency: .table(Record([("times", 3), ("per", "week")])),
            start: "2026-01-05",
            doneOffsets: (0..<6).filter { $0 != 2 }.flatMap { week in [0, 2, 4].map { week * 7 + $0 } },
            skipOffsets: Array(14..<21),
            expected: [
                ("2026-01-11", 0.079390637684), ("2026-01-18", 0.249959907323), ("2026-01-25", 0.249959907323),
                ("2026-02-01", 0.304162965140), ("2026-02-08", 0.426006659090), ("2026-02-15", 0.550435481328),
            ]),
    ]

    @Test(arguments: scenarios)
    func scoresMatchLoop(_ scenario: Scenario) throws {
        let fixture = try HabitFixture(now: "2026-02-15T12:00:00+09:00")
        try fixture.call(
            "habits.create", ["name": "Habit", "start": .string(scenario.start), "frequency": scenario.frequency])
        let start = try TestTime.day(scenario.start)
        for offset in scenario.doneOffsets where start.adding(days: offset) <= fixture.clock.today() {
            try fixture.call(
                "habits.complete", ["ref": "Habit", "on": .string(start.adding(days: offset).description)])
        }
        for offset in scenario.skipOffsets {
            try fixture.call("habits.skip", ["ref": "Habit", "on": .string(start.adding(days: offset).description)])
        }
        let scores = try fixture.call("habits.scores", ["ref": "Habit"]).items
        var byDay: [String: Double] = [:]
        for item in scores { byDay[item["date"].stringValue ?? ""] = item["score"].doubleValue }
        for (date, expected) in scenario.expected {
            let actual = try #require(byDay[date], "no score on \(date)")
            #expect(abs(actual - expected) < 1e-9, "\(date): \(actual) vs \(expected)")
        }
        let last = try #require(scenario.expected.last)
        let asOf = try fixture.call("habits.stats", ["ref": "Habit", "as_of": .string(last.0)])
        #expect(abs((asOf["score"].doubleValue ?? -1) - last.1) < 1e-9)
    }

    @Test func theMultiplierIsLoops() {
        #expect(abs(HabitScoreCalculator.multiplier(numerator: 1, denominator: 1) - 0.9480775143) < 1e-9)
        #expect(
            abs(HabitScoreCalculator.multiplier(numerator: 3, denominator: 7) - pow(0.5, (3.0 / 7).squareRoot() / 13))
                < 1e-12)
    }

    @Test func scoresOfARangeStartAndEndWhereAsked() throws {
        let fixture = try HabitFixture()
        try fixture.create("Run", start: "2026-01-01")
        let scores = try fixture.call("habits.scores", ["ref": "Run", "from": "2026-01-03", "to": "2026-01-05"]).items
        #expect(scores.map { $0["date"] } == ["2026-01-03", "2026-01-04", "2026-01-05"])
        #expect(try fixture.error("habits.scores", ["ref": "Run", "to": "2026-01-07"]).code == "habits.future_day")
        #expect(
            try fixture.error("habits.scores", ["ref": "Run", "from": "2026-01-05", "to": "2026-01-04"]).code
                == "invalid_argument")
    }
}
