import Assembly
import Core
import Foundation
import Habits
import Storage
import Testing
import Walks

@testable import AppShell

/// A database made by the previous release (`Fixtures/main-623d860.db`, written by the
/// `app-shell` of commit 623d860 running `Fixtures/main-623d860.lua` and the commands in
/// docs/architecture.md, with rows in every table) opens, migrates and keeps every row; the
/// new order columns take the order the rows were made in.
@Suite struct PreviousReleaseDatabaseTests {
    /// The fixture's tables and their row counts as the previous release left them.
    static let counts: [String: Int] = [
        "users": 3, "event_users": 3, "events": 30, "event_params": 32, "event_backlog": 1, "event_drops": 1,
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
            #expect(try Migrator(database: database).versions()["habits"] == 3)
            #expect(try Migrator(database: database).versions()["walks"] == 2)
            for (table, count) in Self.counts {
                #expect(try database.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == count, "\(table)")
            }
            // Migrating again finds nothing missing.
            #expect(try Migrator(database: database).migrate([]).isEmpty)
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
