import AppTestSupport
import Core
import Habits
import Storage
import Testing
import Time

/// The SQLite habit repository: insert fails on a taken id, update and delete on a missing
/// one, no upsert; habits read back as they were stored; owners kept apart (docs/domain.md §2.4).
@Suite struct SQLHabitRepositoryTests {
    let fixture: HabitFixture
    let repository: SQLHabitRepository

    init(_ backend: DatabaseBackend = .sqlite) throws {
        fixture = try HabitFixture(backend: backend)
        repository = fixture.habitRepository
    }

    private func habit(
        _ name: String = "Run", start: String = "2026-01-01", periods: [String]? = nil, owner: User? = nil,
        at now: String = TestApp.defaultNow
    ) throws -> Habit {
        try HabitFixture.habit(
            name: name, start: start, periods: periods, ownerID: (owner ?? fixture.user).id,
            at: try TestTime.instant(now))
    }

    static let layouts: [[String]] = [
        [], ["2026-01-01..."], ["2026-01-01...2026-01-03"],
        ["2026-01-01...2026-01-03", "2026-01-05...2026-01-05", "2026-01-08..."],
    ]

    @Test(arguments: DatabaseBackend.available, layouts)
    func insertedHabitReadsBackEqual(backend: DatabaseBackend, layout: [String]) throws {
        let suite = try Self(backend)
        let stored = try suite.habit(periods: layout)
        try suite.repository.insert(stored)
        #expect(try suite.repository.habit(id: stored.id, ownedBy: suite.fixture.user.id) == stored)
        #expect(try suite.repository.habits(ownedBy: suite.fixture.user.id) == [stored])
        #expect(try suite.repository.habits(named: "Run", ownedBy: suite.fixture.user.id) == [stored])
        #expect(try suite.fixture.count("habit_periods") == layout.count)
    }

    @Test(arguments: DatabaseBackend.available)
    func instantsKeepTheirMilliseconds(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let now = Instant(millisecondsSince1970: 1_767_668_400_123)
        let stored = try HabitFixture.habit(start: "2026-01-01", ownerID: suite.fixture.user.id, at: now)
        try suite.repository.insert(stored)
        #expect(try suite.repository.habit(id: stored.id, ownedBy: suite.fixture.user.id)?.createdAt == now)
    }

    @Test(arguments: DatabaseBackend.available)
    func insertWithAnExistingIdIsExistsAndKeepsTheStoredHabit(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let first = try suite.habit("Run")
        try suite.repository.insert(first)
        let second = try HabitFixture.habit(
            name: "Walk", start: "2026-01-03", periods: ["2026-01-03...2026-01-04"], ownerID: suite.fixture.user.id,
            id: first.id)
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) { try suite.repository.insert(second) }
        #expect(error.code == "habits.exists")
        #expect(try suite.fixture.snapshot() == before)
        #expect(try suite.repository.habit(id: first.id, ownedBy: suite.fixture.user.id) == first)
    }

    @Test(arguments: DatabaseBackend.available)
    func insertForAnUnknownOwnerFailsAndWritesNothing(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let orphan = try HabitFixture.habit(start: "2026-01-01", ownerID: Identifier.random())
        #expect(throws: StorageError.self) { try suite.repository.insert(orphan) }
        #expect(try suite.fixture.count("habits") == 0)
        #expect(try suite.fixture.count("habit_periods") == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func updateReplacesTheNamePeriodsAndUpdateInstant(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let original = try suite.habit(periods: ["2026-01-01..."])
        try suite.repository.insert(original)
        let changed =
            try original
            .archived(
                today: try TestTime.day("2026-01-06"), completedToday: false,
                at: try TestTime.instant("2026-01-06T13:00:00+09:00")
            )
            .unarchived(
                today: try TestTime.day("2026-01-08"), at: try TestTime.instant("2026-01-08T13:00:00+09:00")
            )
            .renamed(to: "Walk", at: try TestTime.instant("2026-01-08T14:00:00+09:00"))
        try suite.repository.update(changed)
        #expect(try suite.repository.habit(id: original.id, ownedBy: suite.fixture.user.id) == changed)
        #expect(try suite.fixture.count("habit_periods") == 2)
        #expect(try suite.repository.habits(named: "Run", ownedBy: suite.fixture.user.id).isEmpty)
    }

    @Test(arguments: DatabaseBackend.available)
    func updateToNoPeriodsRemovesTheStoredPeriods(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let original = try suite.habit(start: "2026-01-06")
        try suite.repository.insert(original)
        let archived = try original.archived(
            today: try TestTime.day("2026-01-06"), completedToday: false, at: suite.fixture.clock.now())
        try suite.repository.update(archived)
        #expect(try suite.repository.habit(id: original.id, ownedBy: suite.fixture.user.id)?.trackingPeriods == [])
        #expect(try suite.fixture.count("habit_periods") == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func updateOfAMissingIdIsNotFoundAndDoesNotInsert(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let missing = try suite.habit()
        let error = try #require(throws: AppError.self) { try suite.repository.update(missing) }
        #expect(error.code == "habits.not_found")
        #expect(try suite.fixture.count("habits") == 0)
        #expect(try suite.fixture.count("habit_periods") == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func updateOfAnotherOwnersHabitIsNotFoundAndChangesNothing(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.addUser(named: "other")
        let theirs = try suite.habit(owner: other)
        try suite.repository.insert(theirs)
        let hijacked = try Habit(
            id: theirs.id, ownerID: suite.fixture.user.id, name: "Mine now", startDay: theirs.startDay,
            trackingPeriods: [], createdAt: theirs.createdAt, updatedAt: theirs.updatedAt)
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) { try suite.repository.update(hijacked) }
        #expect(error.code == "habits.not_found")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteOfAMissingIdIsNotFound(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.repository.insert(try suite.habit())
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) { try suite.repository.delete(id: Identifier.random()) }
        #expect(error.code == "habits.not_found")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteRemovesTheHabitAndItsPeriods(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let stored = try suite.habit(periods: ["2026-01-01...2026-01-03", "2026-01-05..."])
        let kept = try suite.habit("Read")
        try suite.repository.insert(stored)
        try suite.repository.insert(kept)
        try suite.repository.delete(id: stored.id)
        #expect(try suite.repository.habit(id: stored.id, ownedBy: suite.fixture.user.id) == nil)
        #expect(try suite.fixture.count("habit_periods") == 1)
        #expect(try suite.repository.habits(ownedBy: suite.fixture.user.id) == [kept])
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteOfAHabitWithoutPeriodsRemovesIt(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let stored = try suite.habit(periods: [])
        try suite.repository.insert(stored)
        try suite.repository.delete(id: stored.id)
        #expect(try suite.fixture.count("habits") == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func habitsAreListedOldestFirst(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let newer = try suite.habit("Newer", at: "2026-01-06T12:00:00+09:00")
        let older = try suite.habit("Older", at: "2026-01-05T12:00:00+09:00")
        let newest = try suite.habit("Newest", at: "2026-01-06T12:00:00.001+09:00")
        for item in [newer, older, newest] { try suite.repository.insert(item) }
        #expect(
            try suite.repository.habits(ownedBy: suite.fixture.user.id).map(\.name) == ["Older", "Newer", "Newest"])
    }

    @Test(arguments: DatabaseBackend.available)
    func lookupByNameIsExactAndReturnsEveryNamesake(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let first = try suite.habit("Run", at: "2026-01-05T12:00:00+09:00")
        let second = try suite.habit("Run", at: "2026-01-06T12:00:00+09:00")
        for item in [first, second, try suite.habit("run"), try suite.habit("Running")] {
            try suite.repository.insert(item)
        }
        #expect(try suite.repository.habits(named: "Run", ownedBy: suite.fixture.user.id) == [first, second])
        #expect(try suite.repository.habits(named: "RUN", ownedBy: suite.fixture.user.id).isEmpty)
    }

    @Test(arguments: DatabaseBackend.available)
    func ownersAreKeptApart(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.addUser(named: "other")
        let mine = try suite.habit("Run")
        let theirs = try suite.habit("Run", owner: other)
        try suite.repository.insert(mine)
        try suite.repository.insert(theirs)
        #expect(try suite.repository.habits(ownedBy: suite.fixture.user.id) == [mine])
        #expect(try suite.repository.habits(ownedBy: other.id) == [theirs])
        #expect(try suite.repository.habit(id: theirs.id, ownedBy: suite.fixture.user.id) == nil)
        #expect(try suite.repository.habits(named: "Run", ownedBy: suite.fixture.user.id) == [mine])
    }
}
