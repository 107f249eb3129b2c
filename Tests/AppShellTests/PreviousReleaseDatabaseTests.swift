import Assembly
import Core
import Foundation
import Habits
import Storage
import Testing
import Time
import Walks

@testable import AppShell

/// A database made by the previous release (`Fixtures/main-623d860.db`, written by the
/// `app-shell` of commit 623d860 running `Fixtures/main-623d860.lua` and the commands in
/// docs/architecture.md, with rows in every table) opens, migrates and keeps every row; the
/// new order columns take the order the rows were made in.
@Suite struct PreviousReleaseDatabaseTests {
    /// The fixture's tables and their row counts as the previous release left them.
    static let counts: [String: Int] = [
        "users": 3, "event_users": 3, "events": 30, "event_backlog": 1, "event_drops": 1,
        "habits": 3, "habit_periods": 3, "habit_completions": 2, "book_stories": 2, "book_story_quotes": 3,
        "book_story_keywords": 2, "book_themes": 1, "book_story_themes": 1, "book_story_reviews": 2, "profiles": 3,
        "mate_invites": 2, "mate_attempts": 1, "mates": 2, "mate_reports": 1, "walk_requests": 2, "walk_logs": 1,
    ]

    /// A copy of the fixture in a temporary folder, removed after `body`.
    private func withFixtureCopy(_ body: (String) throws -> Void) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/main-623d860.db")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("previous-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("app.db")
        try FileManager.default.copyItem(at: source, to: copy)
        try body(copy.path)
    }

    @Test func itMigratesAndKeepsEveryRow() throws {
        try withFixtureCopy { path in
            let database = try SQLiteDatabase(path: path)
            defer { database.close() }
            #expect(try Migrator(database: database).versions()["habits"] == 2)
            try StorageAssembly.migrate(database, plugins: AppAssembly.plugins)
            #expect(try Migrator(database: database).versions()["habits"] == 7)
            #expect(try Migrator(database: database).versions()["walks"] == 13)
            for (table, count) in Self.counts {
                #expect(try database.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == count, "\(table)")
            }
            // The 32 params of event_params moved into their events' rows, in order; the
            // backlog's size is still the 30 events.
            #expect(
                try database.queryOne("SELECT count(*) FROM events, json_each(events.params)") { try $0.int(0) } == 32)
            #expect(
                try database.queryOne("SELECT count(*) FROM sqlite_master WHERE name = 'event_params'") {
                    try $0.int(0)
                }
                    == 0)
            #expect(
                try database.queryOne("SELECT last_id - removed FROM event_backlog WHERE id = 1") { try $0.int(0) }
                    == 30)
            // Migrating again finds nothing missing.
            #expect(try Migrator(database: database).migrate([]).isEmpty)
        }
    }

    /// A database at the release that numbered habits (habits 3) takes the details tables
    /// (habits 4): its habits keep their rows and order, and take frequencies, skips and notes.
    @Test func aDatabaseAtHabitsThreeMigratesToTheDetailsTables() throws {
        try withFixtureCopy { path in
            let database = try SQLiteDatabase(path: path)
            defer { database.close() }
            let habits = HabitsPlugin().migrations
            try Migrator(database: database).migrate([
                CoreSchema.migratorModule, EventSchema.migratorModule,
                Migrator.Module(name: "habits", migrations: Array(habits.prefix(3))),
            ])
            #expect(try Migrator(database: database).versions()["habits"] == 3)
            #expect(try database.queryOne("SELECT count(*) FROM habits") { try $0.int(0) } == 3)
            let applied = try Migrator(database: database).migrate([
                Migrator.Module(name: "habits", migrations: habits)
            ])
            #expect(applied.map(\.version) == [4, 5, 6, 7])
            #expect(try Migrator(database: database).versions()["habits"] == 7)
            let container = Container()
            StorageAssembly.register(database, in: container, repositories: AppAssembly.sqlRepositories)
            let mina = try #require(try container.resolve((any UserRepository).self).user(named: "mina"))
            let stored = try container.resolve((any HabitRepository).self).habits(ownedBy: mina.id)
            #expect(stored.map(\.name) == ["Run", "달리기 🏃", "Read"])
            let details = try container.resolve((any HabitDetailsRepository).self)
            let run = try #require(stored.first)
            let day = try #require(LocalDay(parsing: "2026-01-02"))
            try details.insertFrequency(
                FrequencyChange(start: run.startDay, frequency: .perWeek(times: 3)), habitID: run.id)
            try details.insertSkip(day, habitID: run.id)
            try details.setNote("비 🌧", on: day, habitID: run.id, at: Instant(millisecondsSince1970: 0))
            #expect(try details.detailedHabitIDs(ownedBy: mina.id) == [run.id])
            #expect(try details.details(habitID: run.id).notes == [day: "비 🌧"])
            for (table, count) in Self.counts {
                #expect(try database.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == count, "\(table)")
            }
        }
    }

    @Test func rowsMadeBeforeKeepTheirOrderThroughTheNewOrderColumns() throws {
        try withFixtureCopy { path in
            let database = try SQLiteDatabase(path: path)
            defer { database.close() }
            try StorageAssembly.migrate(database, plugins: AppAssembly.plugins)
            let container = Container()
            StorageAssembly.register(database, in: container, repositories: AppAssembly.sqlRepositories)
            // Three habits made in one millisecond by the fixed clock: creation order.
            let mina = try #require(try container.resolve((any UserRepository).self).user(named: "mina"))
            let habits = try container.resolve((any HabitRepository).self).habits(ownedBy: mina.id)
            #expect(habits.map(\.name) == ["Run", "달리기 🏃", "Read"])
            // Two requests made in one millisecond: newest (made last) first.
            let joon = try #require(try container.resolve((any UserRepository).self).user(named: "joon"))
            let incoming = try container.resolve((any WalkStore).self).requests(of: joon.id, incoming: true)
            #expect(incoming.map(\.message) == ["again", "한강 갈래?"])
            // A habit made now comes after them.
            #expect(try database.queryOne("SELECT max(seq) FROM habits") { try $0.int(0) } == 3)
        }
    }
}
