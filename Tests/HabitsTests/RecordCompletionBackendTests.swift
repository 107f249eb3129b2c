import AppTestSupport
import Core
import Habits
import Storage
import Testing
import Time

/// `RecordCompletion` reads the habit, its measure and its day's completion and tries the
/// insert in one step (`CompletionRepository.attempt`), then judges by its rules: on every
/// backend, each refusal leaves nothing behind and each success stores exactly one row.
/// Today is 2026-01-06 in Seoul.
@Suite struct RecordCompletionBackendTests {
    @Test(arguments: DatabaseBackend.available)
    func aHabitIsCompletedByItsIdOrItsNameAndStoredOnce(backend: DatabaseBackend) throws {
        let fixture = try HabitFixture(backend: backend)
        let walk = try fixture.create("걷기 🐕", start: "2026-01-01")
        let byName = try fixture.complete("걷기 🐕", on: "2026-01-05")
        let byID = try fixture.complete(walk.id.uppercased())
        #expect(byName.habitID == walk.id && byID.habitID == walk.id)
        #expect(byID.completedOn == (try TestTime.day("2026-01-06")))
        #expect(byID.recordedAt == fixture.clock.now())
        #expect(
            try fixture.completionRepository.completions(habitID: walk.id, from: nil, to: nil) == [byName, byID])
    }

    @Test(arguments: DatabaseBackend.available)
    func anIdBeatsAnotherHabitNamedLikeIt(backend: DatabaseBackend) throws {
        let fixture = try HabitFixture(backend: backend)
        let run = try fixture.create("Run", start: "2026-01-01")
        let decoy = try fixture.create(run.id, start: "2026-01-01")
        let completion = try fixture.complete(run.id)
        #expect(completion.habitID == run.id)
        #expect(try fixture.completionCount(habitID: decoy.id) == 0)
        #expect(try fixture.complete(decoy.id).habitID == decoy.id)
    }

    /// An id-shaped reference that no habit has as its id names the only habit of that
    /// name: the guarded insert looks it up by id only and is refused, and the careful way
    /// finds it by name.
    @Test(arguments: DatabaseBackend.available)
    func aNameShapedLikeAnIdNoHabitHasIsCompletedByName(backend: DatabaseBackend) throws {
        let fixture = try HabitFixture(backend: backend)
        let name = Identifier.random()
        let named = try fixture.create(name, start: "2026-01-01")
        #expect(named.id != name)
        let completion = try fixture.complete(name, on: "2026-01-05")
        #expect(completion.habitID == named.id)
        #expect(try fixture.completionCount(habitID: named.id) == 1)
        let again = try #require(throws: AppError.self) { try fixture.complete(name, on: "2026-01-05") }
        #expect(again.code == "habits.already_completed")
    }

    @Test(arguments: DatabaseBackend.available)
    func aMeasurableHabitIsRefusedWithoutAValueAndNothingIsStored(backend: DatabaseBackend) throws {
        let fixture = try HabitFixture(backend: backend)
        try fixture.call("habits.create", ["name": "Water", "unit": "glasses", "target": .double(8)])
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try fixture.complete("Water") }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "value")
        #expect(error.message.contains("measured in glasses"))
        #expect(try fixture.count("habit_completions") == 0)
        #expect(try fixture.snapshot() == before)
        // Through the route, too, and with a value it is an amount, not a completion.
        #expect(try fixture.error("habits.complete", ["ref": "Water"]).field == "value")
        try fixture.call("habits.complete", ["ref": "Water", "value": .double(3)])
        #expect(try fixture.count("habit_completions") == 0)
    }

    static let refusals: [(reference: String, day: String?, code: String)] = [
        ("Nope", nil, "habits.not_found"),
        ("Twin", nil, "habits.ambiguous"),
        ("Run", "2026-01-07", "habits.future_day"),
        ("Run", "2025-12-31", "habits.before_start"),
        ("Run", "2026-01-04", "habits.outside_tracking_period"),
        ("Run", "2026-01-03", "habits.already_completed"),
    ]

    @Test(arguments: DatabaseBackend.available, refusals)
    func aRefusedCompletionLeavesEveryTableAsItWas(
        backend: DatabaseBackend, refusal: (reference: String, day: String?, code: String)
    ) throws {
        let fixture = try HabitFixture(backend: backend)
        try fixture.insert("Run", start: "2026-01-02", periods: ["2026-01-02...2026-01-03", "2026-01-05..."])
        // Two habits of one name: one archived, one active (the name check allows that).
        try fixture.insert("Twin", start: "2026-01-01", periods: ["2026-01-01...2026-01-02"])
        try fixture.insert("Twin", start: "2026-01-03", periods: ["2026-01-03..."])
        try fixture.complete("Run", on: "2026-01-03")
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try fixture.complete(refusal.reference, on: refusal.day) }
        #expect(error.code == refusal.code)
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.count("habit_completions") == 1)
    }

    /// The insert's conditions are `RecordCompletion`'s rules: for every refusal, by name
    /// and by id, the guarded insert fails its transaction (so nothing of it commits, the
    /// call's event neither), and it goes in on a day the rules allow.
    @Test(arguments: DatabaseBackend.available, refusals)
    func theGuardedInsertFailsItsTransactionForEveryRefusal(
        backend: DatabaseBackend, refusal: (reference: String, day: String?, code: String)
    ) throws {
        let fixture = try HabitFixture(backend: backend)
        let run = try fixture.insert("Run", start: "2026-01-02", periods: ["2026-01-02...2026-01-03", "2026-01-05..."])
        try fixture.insert("Twin", start: "2026-01-01", periods: ["2026-01-01...2026-01-02"])
        try fixture.insert("Twin", start: "2026-01-03", periods: ["2026-01-03..."])
        try fixture.complete("Run", on: "2026-01-03")
        let before = try fixture.snapshot()
        let today = try TestTime.day("2026-01-06")
        let repository = fixture.completionRepository
        func insert(_ reference: String, on day: LocalDay) throws -> String? {
            var inserted: String?
            try fixture.database.transaction {
                try repository.insertIfRecordable(
                    habitID: Identifier.looksLikeIdentifier(reference) ? reference : nil, name: reference,
                    ownerID: fixture.user.id, on: day, today: today, id: Identifier.random(),
                    recordedAt: fixture.clock.now()
                ) { inserted = $0 }
            }
            return inserted
        }
        let day = try refusal.day.map(TestTime.day) ?? today
        for reference in [refusal.reference, refusal.reference == "Run" ? run.id : nil].compactMap({ $0 }) {
            let error = try #require(throws: StorageError.self, "\(reference) on \(day)") {
                try insert(reference, on: day)
            }
            #expect(error.failure == (refusal.code == "habits.already_completed" ? .duplicate : .constraint))
            #expect(try fixture.snapshot() == before)
        }
        // At each edge: the start day (also its first period's), the second period's first
        // day, today.
        #expect(try insert(run.id, on: try TestTime.day("2026-01-02")) == run.id)
        #expect(try insert(run.id, on: try TestTime.day("2026-01-05")) == run.id)
        #expect(try insert("Run", on: today) == run.id)
        #expect(try fixture.completionCount(habitID: run.id) == 4)
    }

    /// Inside a transaction of the caller's, the completion is judged before that
    /// transaction commits and goes with it: rolled back, nothing stays.
    @Test(arguments: DatabaseBackend.available)
    func insideAnotherTransactionTheCompletionRollsBackWithIt(backend: DatabaseBackend) throws {
        struct Abandon: Error {}
        let fixture = try HabitFixture(backend: backend)
        let walk = try fixture.create("걷기 🐕", start: "2026-01-01")
        #expect(throws: Abandon.self) {
            try fixture.database.transaction {
                let completion = try fixture.complete("걷기 🐕", on: "2026-01-05")
                #expect(completion.habitID == walk.id)
                throw Abandon()
            }
        }
        #expect(try fixture.completionCount(habitID: walk.id) == 0)
        let refused = try #require(throws: AppError.self) {
            try fixture.database.transaction { try fixture.complete("걷기 🐕", on: "2026-01-07") }
        }
        #expect(refused.code == "habits.future_day")
        try fixture.database.transaction { _ = try fixture.complete("걷기 🐕", on: "2026-01-05") }
        #expect(try fixture.completionCount(habitID: walk.id) == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func anotherUsersHabitIsNotFoundByItsIdAndKeepsItsDay(backend: DatabaseBackend) throws {
        let fixture = try HabitFixture(backend: backend)
        let other = try fixture.addUser(named: "joon")
        let theirs = try fixture.create("Run", start: "2026-01-01", as: other)
        let error = try #require(throws: AppError.self) { try fixture.complete(theirs.id) }
        #expect(error.code == "habits.not_found")
        #expect(try fixture.completionCount(habitID: theirs.id) == 0)
        // Their own completion of the day is theirs alone: mine, of my habit, still goes in.
        try fixture.complete(theirs.id, as: other)
        let mine = try fixture.create("Run", start: "2026-01-01")
        #expect(try fixture.complete("Run").habitID == mine.id)
        #expect(try fixture.completionCount(habitID: theirs.id) == 1)
    }
}
