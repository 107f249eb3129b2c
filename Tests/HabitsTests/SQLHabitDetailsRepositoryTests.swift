import AppTestSupport
import Core
import Habits
import Storage
import Testing
import Time

/// The SQL details repository over every backend at hand: every frequency form, the
/// measure, skips, pauses, amounts and notes read back as stored; inserts fail on a taken
/// row, deletes on a missing one, no upsert; owners kept apart; details go with a deleted habit.
@Suite struct SQLHabitDetailsRepositoryTests {
    let fixture: HabitFixture
    let repository: SQLHabitDetailsRepository
    let habit: Habit

    init(_ backend: DatabaseBackend = .sqlite) throws {
        fixture = try HabitFixture(backend: backend)
        repository = SQLHabitDetailsRepository(database: fixture.database)
        habit = try fixture.create("Run", start: "2026-01-01")
    }

    private static func day(_ text: String) throws -> LocalDay { try TestTime.day(text) }

    static let frequencies: [HabitFrequency] = [
        .daily, .perWeek(times: 3), .perMonth(times: 2), .inDays(times: 2, days: 3), .inDays(times: 1, days: 2),
        .weekdays([1, 3, 5]),
    ]

    @Test(arguments: DatabaseBackend.available, frequencies)
    func everyFrequencyReadsBackEqual(backend: DatabaseBackend, frequency: HabitFrequency) throws {
        let suite = try Self(backend)
        let change = FrequencyChange(start: try Self.day("2026-01-05"), frequency: frequency)
        try suite.repository.insertFrequency(change, habitID: suite.habit.id)
        #expect(try suite.repository.details(habitID: suite.habit.id).frequencies == [change])
        let ids = try suite.repository.detailedHabitIDs(ownedBy: suite.fixture.user.id)
        #expect(ids == (frequency.isDaily ? [] : [suite.habit.id]))
    }

    @Test(arguments: DatabaseBackend.available)
    func frequencyChangesInsertUpdateAndDeleteWithoutUpsert(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let id = suite.habit.id
        let first = FrequencyChange(start: try Self.day("2026-01-01"), frequency: .perWeek(times: 3))
        let later = FrequencyChange(start: try Self.day("2026-02-01"), frequency: .weekdays([1, 5]))
        try suite.repository.insertFrequency(later, habitID: id)
        try suite.repository.insertFrequency(first, habitID: id)
        #expect(try suite.repository.details(habitID: id).frequencies == [first, later])
        let taken = try #require(throws: StorageError.self) { try suite.repository.insertFrequency(first, habitID: id) }
        #expect(taken.failure == .duplicate)
        let changed = FrequencyChange(start: first.start, frequency: .perMonth(times: 4))
        try suite.repository.updateFrequency(changed, habitID: id)
        let missing = FrequencyChange(start: try Self.day("2026-03-01"), frequency: .daily)
        let error = try #require(throws: AppError.self) { try suite.repository.updateFrequency(missing, habitID: id) }
        #expect(error.code == "habits.not_found")
        try suite.repository.deleteFrequencies(habitID: id, after: first.start)
        #expect(try suite.repository.details(habitID: id).frequencies == [changed])
    }

    @Test(arguments: DatabaseBackend.available, [false, true])
    func aMeasureReadsBackWithItsDirection(backend: DatabaseBackend, atMost: Bool) throws {
        let suite = try Self(backend)
        #expect(try suite.repository.measure(habitID: suite.habit.id) == nil)
        let measure = HabitMeasure(unit: "쪽 📖", target: 20.5, atMost: atMost)
        try suite.repository.insertMeasure(measure, habitID: suite.habit.id)
        #expect(try suite.repository.measure(habitID: suite.habit.id) == measure)
        #expect(try suite.repository.details(habitID: suite.habit.id).measure == measure)
        #expect(throws: StorageError.self) { try suite.repository.insertMeasure(measure, habitID: suite.habit.id) }
    }

    @Test(arguments: DatabaseBackend.available)
    func skipsAndPausesAreInsertedOnceAndDeletedOnce(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let id = suite.habit.id
        let day = try Self.day("2026-01-03")
        try suite.repository.insertSkip(day, habitID: id)
        let twice = try #require(throws: AppError.self) { try suite.repository.insertSkip(day, habitID: id) }
        #expect(twice.code == "habits.already_skipped")
        let pause = try #require(HabitPause(from: try Self.day("2026-01-10"), to: try Self.day("2026-01-20")))
        try suite.repository.insertPause(pause, habitID: id)
        #expect(throws: StorageError.self) { try suite.repository.insertPause(pause, habitID: id) }
        let details = try suite.repository.details(habitID: id)
        #expect(details.skips == [day] && details.pauses == [pause])
        #expect(try suite.repository.detailedHabitIDs(ownedBy: suite.fixture.user.id) == [id])
        let marks = try suite.repository.marks(ownedBy: suite.fixture.user.id, on: try Self.day("2026-01-20"))
        #expect(marks.paused == [id] && marks.skipped.isEmpty)
        #expect(try suite.repository.marks(ownedBy: suite.fixture.user.id, on: day).skipped == [id])
        try suite.repository.deleteSkip(day, habitID: id)
        try suite.repository.deletePause(from: pause.from, habitID: id)
        let notSkipped = try #require(throws: AppError.self) { try suite.repository.deleteSkip(day, habitID: id) }
        #expect(notSkipped.code == "habits.not_skipped")
        let notPaused = try #require(throws: AppError.self) {
            try suite.repository.deletePause(from: pause.from, habitID: id)
        }
        #expect(notPaused.code == "habits.not_paused")
        #expect(try suite.repository.details(habitID: id) == HabitDetails())
    }

    @Test(arguments: DatabaseBackend.available)
    func amountsAndNotesAreSetReplacedAndCleared(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let id = suite.habit.id
        let day = try Self.day("2026-01-04")
        let now = suite.fixture.clock.now()
        try suite.repository.setAmount(12.5, on: day, habitID: id, at: now)
        try suite.repository.setAmount(20, on: day, habitID: id, at: now)
        try suite.repository.setNote("달리기 🏃\nfirst", on: day, habitID: id, at: now)
        try suite.repository.setNote("달리기 🏃", on: day, habitID: id, at: now)
        var details = try suite.repository.details(habitID: id)
        #expect(details.amounts == [day: 20] && details.notes == [day: "달리기 🏃"])
        #expect(try suite.fixture.count("habit_amounts") == 1 && suite.fixture.count("habit_notes") == 1)
        #expect(try suite.repository.marks(ownedBy: suite.fixture.user.id, on: day).notes == [id: "달리기 🏃"])
        try suite.repository.setAmount(nil, on: day, habitID: id, at: now)
        try suite.repository.setNote(nil, on: day, habitID: id, at: now)
        details = try suite.repository.details(habitID: id)
        #expect(details.amounts.isEmpty && details.notes.isEmpty)
    }

    @Test(arguments: DatabaseBackend.available)
    func ownersAreKeptApartAndDetailsGoWithADeletedHabit(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.addUser(named: "sora")
        let theirs = try suite.fixture.create("Run", start: "2026-01-01", as: other)
        let day = try Self.day("2026-01-02")
        try suite.repository.insertSkip(day, habitID: theirs.id)
        try suite.repository.setNote("theirs", on: day, habitID: theirs.id, at: suite.fixture.clock.now())
        #expect(try suite.repository.detailedHabitIDs(ownedBy: suite.fixture.user.id).isEmpty)
        #expect(try suite.repository.marks(ownedBy: suite.fixture.user.id, on: day) == HabitDayMarks())
        #expect(try suite.repository.detailedHabitIDs(ownedBy: other.id) == [theirs.id])
        try suite.fixture.call("habits.delete", ["ref": "Run"], as: other)
        #expect(try suite.fixture.count("habit_skips") == 0 && suite.fixture.count("habit_notes") == 0)
    }
}
