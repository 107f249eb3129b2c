import Core
import Habits
import Storage
import Testing

/// The SQLite habit repository: insert fails on a taken id, update and delete on a missing
/// one, no upsert; habits read back as they were stored; owners kept apart (domain.md §2.4).
@Suite struct SQLHabitRepositoryTests {
    let fixture: HabitFixture
    let repository: SQLHabitRepository

    init() throws {
        fixture = try HabitFixture()
        repository = fixture.habitRepository
    }

    private func habit(
        _ name: String = "Run", start: String = "2026-01-01", periods: [String]? = nil, owner: User? = nil,
        at now: String = HabitFixture.defaultNow
    ) throws -> Habit {
        try HabitFixture.habit(
            name: name, start: start, periods: periods, ownerID: (owner ?? fixture.user).id,
            at: try HabitFixture.instant(now))
    }

    static let layouts: [[String]] = [
        [], ["2026-01-01..."], ["2026-01-01...2026-01-03"],
        ["2026-01-01...2026-01-03", "2026-01-05...2026-01-05", "2026-01-08..."],
    ]

    @Test(arguments: layouts)
    func insertedHabitReadsBackEqual(layout: [String]) throws {
        let stored = try habit(periods: layout)
        try repository.insert(stored)
        #expect(try repository.habit(id: stored.id, ownedBy: fixture.user.id) == stored)
        #expect(try repository.habits(ownedBy: fixture.user.id) == [stored])
        #expect(try repository.habits(named: "Run", ownedBy: fixture.user.id) == [stored])
        #expect(try fixture.count("habit_periods") == layout.count)
    }

    @Test func instantsKeepTheirMilliseconds() throws {
        let now = Instant(millisecondsSince1970: 1_767_668_400_123)
        let stored = try HabitFixture.habit(start: "2026-01-01", ownerID: fixture.user.id, at: now)
        try repository.insert(stored)
        #expect(try repository.habit(id: stored.id, ownedBy: fixture.user.id)?.createdAt == now)
    }

    @Test func insertWithAnExistingIdIsExistsAndKeepsTheStoredHabit() throws {
        let first = try habit("Run")
        try repository.insert(first)
        let second = try HabitFixture.habit(
            name: "Walk", start: "2026-01-03", periods: ["2026-01-03...2026-01-04"], ownerID: fixture.user.id,
            id: first.id)
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try repository.insert(second) }
        #expect(error.code == "habits.exists")
        #expect(try fixture.snapshot() == before)
        #expect(try repository.habit(id: first.id, ownedBy: fixture.user.id) == first)
    }

    @Test func insertForAnUnknownOwnerFailsAndWritesNothing() throws {
        let orphan = try HabitFixture.habit(start: "2026-01-01", ownerID: Identifier.random())
        #expect(throws: AppError.self) { try repository.insert(orphan) }
        #expect(try fixture.count("habits") == 0)
        #expect(try fixture.count("habit_periods") == 0)
    }

    @Test func updateReplacesTheNamePeriodsAndUpdateInstant() throws {
        let original = try habit(periods: ["2026-01-01..."])
        try repository.insert(original)
        let changed =
            try original
            .archived(
                today: try HabitFixture.day("2026-01-06"), completedToday: false,
                at: try HabitFixture.instant("2026-01-06T13:00:00+09:00")
            )
            .unarchived(
                today: try HabitFixture.day("2026-01-08"), at: try HabitFixture.instant("2026-01-08T13:00:00+09:00")
            )
            .renamed(to: "Walk", at: try HabitFixture.instant("2026-01-08T14:00:00+09:00"))
        try repository.update(changed)
        #expect(try repository.habit(id: original.id, ownedBy: fixture.user.id) == changed)
        #expect(try fixture.count("habit_periods") == 2)
        #expect(try repository.habits(named: "Run", ownedBy: fixture.user.id).isEmpty)
    }

    @Test func updateToNoPeriodsRemovesTheStoredPeriods() throws {
        let original = try habit(start: "2026-01-06")
        try repository.insert(original)
        let archived = try original.archived(
            today: try HabitFixture.day("2026-01-06"), completedToday: false, at: fixture.clock.now())
        try repository.update(archived)
        #expect(try repository.habit(id: original.id, ownedBy: fixture.user.id)?.trackingPeriods == [])
        #expect(try fixture.count("habit_periods") == 0)
    }

    @Test func updateOfAMissingIdIsNotFoundAndDoesNotInsert() throws {
        let missing = try habit()
        let error = try #require(throws: AppError.self) { try repository.update(missing) }
        #expect(error.code == "habits.not_found")
        #expect(try fixture.count("habits") == 0)
        #expect(try fixture.count("habit_periods") == 0)
    }

    @Test func updateOfAnotherOwnersHabitIsNotFoundAndChangesNothing() throws {
        let other = try fixture.addUser(named: "other")
        let theirs = try habit(owner: other)
        try repository.insert(theirs)
        let hijacked = try Habit(
            id: theirs.id, ownerID: fixture.user.id, name: "Mine now", startDay: theirs.startDay,
            trackingPeriods: [], createdAt: theirs.createdAt, updatedAt: theirs.updatedAt)
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try repository.update(hijacked) }
        #expect(error.code == "habits.not_found")
        #expect(try fixture.snapshot() == before)
    }

    @Test func deleteOfAMissingIdIsNotFound() throws {
        try repository.insert(try habit())
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try repository.delete(id: Identifier.random()) }
        #expect(error.code == "habits.not_found")
        #expect(try fixture.snapshot() == before)
    }

    @Test func deleteRemovesTheHabitAndItsPeriods() throws {
        let stored = try habit(periods: ["2026-01-01...2026-01-03", "2026-01-05..."])
        let kept = try habit("Read")
        try repository.insert(stored)
        try repository.insert(kept)
        try repository.delete(id: stored.id)
        #expect(try repository.habit(id: stored.id, ownedBy: fixture.user.id) == nil)
        #expect(try fixture.count("habit_periods") == 1)
        #expect(try repository.habits(ownedBy: fixture.user.id) == [kept])
    }

    @Test func deleteOfAHabitWithoutPeriodsRemovesIt() throws {
        let stored = try habit(periods: [])
        try repository.insert(stored)
        try repository.delete(id: stored.id)
        #expect(try fixture.count("habits") == 0)
    }

    @Test func habitsAreListedOldestFirst() throws {
        let newer = try habit("Newer", at: "2026-01-06T12:00:00+09:00")
        let older = try habit("Older", at: "2026-01-05T12:00:00+09:00")
        let newest = try habit("Newest", at: "2026-01-06T12:00:00.001+09:00")
        for item in [newer, older, newest] { try repository.insert(item) }
        #expect(try repository.habits(ownedBy: fixture.user.id).map(\.name) == ["Older", "Newer", "Newest"])
    }

    @Test func lookupByNameIsExactAndReturnsEveryNamesake() throws {
        let first = try habit("Run", at: "2026-01-05T12:00:00+09:00")
        let second = try habit("Run", at: "2026-01-06T12:00:00+09:00")
        for item in [first, second, try habit("run"), try habit("Running")] { try repository.insert(item) }
        #expect(try repository.habits(named: "Run", ownedBy: fixture.user.id) == [first, second])
        #expect(try repository.habits(named: "RUN", ownedBy: fixture.user.id).isEmpty)
    }

    @Test func ownersAreKeptApart() throws {
        let other = try fixture.addUser(named: "other")
        let mine = try habit("Run")
        let theirs = try habit("Run", owner: other)
        try repository.insert(mine)
        try repository.insert(theirs)
        #expect(try repository.habits(ownedBy: fixture.user.id) == [mine])
        #expect(try repository.habits(ownedBy: other.id) == [theirs])
        #expect(try repository.habit(id: theirs.id, ownedBy: fixture.user.id) == nil)
        #expect(try repository.habits(named: "Run", ownedBy: fixture.user.id) == [mine])
    }
}
