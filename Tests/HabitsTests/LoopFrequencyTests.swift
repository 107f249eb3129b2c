import Core
import Testing

@testable import Habits

/// Loop Habit Tracker's numbers, read as its sources define them: `freq_num` times in
/// `freq_den` days, UTC midnight in milliseconds, entry values 2/1/0/3/-1 (and their names
/// in Checkmarks.csv), a numerical habit's amounts in thousandths.
@Suite struct LoopFrequencyTests {
    @Test(arguments: [
        (1, 1, HabitFrequency.daily), (3, 7, .perWeek(times: 3)), (2, 30, .perMonth(times: 2)),
        (1, 31, .perMonth(times: 1)), (2, 3, .inDays(times: 2, days: 3)), (1, 2, .inDays(times: 1, days: 2)),
        (5, 5, .daily), (3, 1, .daily), (0, 7, .daily), (1, 732, .inDays(times: 1, days: 366)),
    ])
    func aFractionBecomesAFrequency(numerator: Int, denominator: Int, expected: HabitFrequency) {
        #expect(LoopFrequency.frequency(numerator: numerator, denominator: denominator) == expected)
    }

    @Test func onlyInexactFrequenciesAreReported() {
        #expect(LoopFrequency.approximation(numerator: 3, denominator: 7) == nil)
        #expect(LoopFrequency.approximation(numerator: 3, denominator: 1)?.contains("more than once a day") == true)
        #expect(LoopFrequency.approximation(numerator: 1, denominator: 1000)?.contains("366") == true)
        #expect(LoopFrequency.approximation(numerator: -1, denominator: 7)?.contains("cannot be read") == true)
    }

    @Test func aTimestampIsItsUTCDayAndAnAbsurdOneIsNone() {
        // 2026-11-20T00:00:00Z, and one millisecond before it.
        #expect(LoopFrequency.day(milliseconds: 1_795_132_800_000)?.description == "2026-11-20")
        #expect(LoopFrequency.day(milliseconds: 1_795_132_799_999)?.description == "2026-11-19")
        #expect(LoopFrequency.day(milliseconds: -86_400_000)?.description == "1969-12-31")
        #expect(LoopFrequency.day(milliseconds: Int.max) == nil)
        #expect(LoopFrequency.day(milliseconds: Int.min) == nil)
    }

    @Test(arguments: [
        ("YES_MANUAL", false, ForeignHabit.Mark.done), ("YES_AUTO", false, .derived), ("SKIP", false, .skipped),
        ("NO", false, ForeignHabit.Mark.none), ("UNKNOWN", false, ForeignHabit.Mark.none), ("2", false, .done),
        ("1", false, .derived), ("3", false, .skipped), ("5500", true, .amount(5.5)), ("2.5", true, .amount(2.5)),
        ("-1", true, ForeignHabit.Mark.none),
    ])
    func aCheckmarkValueBecomesAMark(text: String, numerical: Bool, expected: ForeignHabit.Mark) {
        #expect(LoopFrequency.mark(csv: text, numerical: numerical) == expected)
    }

    @Test func anUnreadableCheckmarkValueIsNone() {
        #expect(LoopFrequency.mark(csv: "maybe", numerical: false) == nil)
        #expect(LoopFrequency.mark(csv: "lots", numerical: true) == nil)
    }

    @Test(arguments: [
        ("Run", "Run"), ("물 마시기 💧", "  "), ("📚 Read", " Read"), ("../etc/passwd", "..etcpasswd"),
        ("a/b\\c:d*e?f", "abcdef"), (String(repeating: "x", count: 150), String(repeating: "x", count: 100)),
    ])
    func aFolderNameKeepsWhatLoopKeeps(name: String, expected: String) {
        #expect(LoopCSVExport.sanitized(name) == expected)
    }
}
