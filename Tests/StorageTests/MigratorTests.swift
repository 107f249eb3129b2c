import Core
import Testing

@testable import Storage

@Suite struct MigratorTests {
    // MARK: Fixtures

    /// Module `alpha`: a table with one seed row (so a second run of the step would show),
    /// then a second table.
    private let alphaV1 = Migration(
        version: 1, summary: "alpha one",
        sql: """
            CREATE TABLE alpha_one (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
            INSERT INTO alpha_one (label) VALUES ('seed');
            """)
    private let alphaV2 = Migration(
        version: 2, summary: "alpha two", sql: "CREATE TABLE alpha_two (id INTEGER PRIMARY KEY)")
    private let betaV1 = Migration(
        version: 1, summary: "beta one", sql: "CREATE TABLE beta_one (id INTEGER PRIMARY KEY)")

    private func module(_ name: String, _ migrations: [Migration]) -> Migrator.Module {
        Migrator.Module(name: name, migrations: migrations)
    }

    private func steps(_ applied: [(module: String, version: Int)]) -> [String] {
        applied.map { "\($0.module)/\($0.version)" }
    }

    private func tableExists(_ database: any Database, _ name: String) throws -> Bool {
        try database.queryOne("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]) { _ in
            true
        } ?? false
    }

    private func seedRows(_ database: any Database) throws -> Int? {
        try database.queryOne("SELECT count(*) FROM alpha_one") { try $0.int(0) }
    }

    // MARK: Applying

    @Test func migrateAppliesEveryMissingStepInOrderAndReturnsThem() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        let applied = try migrator.migrate([module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1])])
        #expect(steps(applied) == ["alpha/1", "alpha/2", "beta/1"])
        #expect(try tableExists(database, "alpha_one"))
        #expect(try tableExists(database, "alpha_two"))
        #expect(try tableExists(database, "beta_one"))
        #expect(try seedRows(database) == 1)
    }

    @Test func migratingTwiceAppliesNothingTheSecondTime() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let modules = [module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1])]
        #expect(try Migrator(database: database).migrate(modules).count == 3)
        let second = try Migrator(database: database).migrate(modules)
        #expect(second.isEmpty)
        #expect(try seedRows(database) == 1)  // the seed step did not run again
        #expect(try Migrator(database: database).versions() == ["alpha": 2, "beta": 1])
    }

    @Test func aMigratedFileIsUpToDateWhenReopened() throws {
        try withTemporaryDatabasePath { path in
            let modules = [module("alpha", [alphaV1, alphaV2])]
            do {
                let first = try SQLiteDatabase(path: path)
                #expect(try Migrator(database: first).migrate(modules).count == 2)
            }
            let reopened = try SQLiteDatabase(path: path)
            #expect(try Migrator(database: reopened).migrate(modules).isEmpty)
            #expect(try Migrator(database: reopened).versions() == ["alpha": 2])
            #expect(try seedRows(reopened) == 1)
        }
    }

    @Test func versionsIsEmptyForANewDatabaseAndRecordsTheLastVersionOfEachModule() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        #expect(try migrator.versions() == [:])
        try migrator.migrate([module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1])])
        #expect(try migrator.versions() == ["alpha": 2, "beta": 1])
        let rows = try database.query("SELECT module, version FROM schema_versions ORDER BY module") {
            "\(try $0.string(0))=\(try $0.int(1))"
        }
        #expect(rows == ["alpha=2", "beta=1"])
    }

    @Test func aModuleThatGainsAStepLaterGetsOnlyTheNewStep() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        #expect(steps(try migrator.migrate([module("alpha", [alphaV1])])) == ["alpha/1"])
        #expect(try migrator.versions() == ["alpha": 1])
        #expect(!(try tableExists(database, "alpha_two")))

        let later = try migrator.migrate([module("alpha", [alphaV1, alphaV2])])
        #expect(steps(later) == ["alpha/2"])
        #expect(try migrator.versions() == ["alpha": 2])
        #expect(try tableExists(database, "alpha_two"))
        #expect(try seedRows(database) == 1)
    }

    @Test func aModuleAddedLaterIsAppliedAlongsideAlreadyCurrentOnes() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        try migrator.migrate([module("alpha", [alphaV1, alphaV2])])
        let later = try migrator.migrate([module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1])])
        #expect(steps(later) == ["beta/1"])
        #expect(try migrator.versions() == ["alpha": 2, "beta": 1])
    }

    @Test func aModuleWithNoStepsIsNeitherAppliedNorRecorded() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        #expect(try migrator.migrate([module("empty", [])]).isEmpty)
        #expect(try migrator.versions() == [:])
        #expect(steps(try migrator.migrate([module("empty", []), module("beta", [betaV1])])) == ["beta/1"])
        #expect(try migrator.versions() == ["beta": 1])
    }

    @Test func aCurrentDatabaseIsCheckedWithoutWriting() throws {
        // If an up-to-date check wrote, it would wait for the other connection's write
        // lock and fail with a busy error after the 5-second timeout.
        try withTemporaryDatabasePath { path in
            let modules = [module("alpha", [alphaV1, alphaV2])]
            let starting = try SQLiteDatabase(path: path)
            try Migrator(database: starting).migrate(modules)
            let writer = try SQLiteDatabase(path: path)
            try writer.transaction {
                try writer.execute("INSERT INTO alpha_one (label) VALUES (?)", ["uncommitted"])
                #expect(try Migrator(database: starting).migrate(modules).isEmpty)
            }
        }
    }

    // MARK: Failures

    @Test func aFailingStepRollsBackEveryStepOfTheRun() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        let broken = Migration(
            version: 2, summary: "broken", sql: "CREATE TABLE beta_two (id INTEGER PRIMARY KEY); SELEC 1")
        let error = #expect(throws: StorageError.self) {
            try migrator.migrate([module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1, broken])])
        }
        #expect(error?.failure == .other)
        for table in ["alpha_one", "alpha_two", "beta_one", "beta_two", "schema_versions"] {
            #expect(!(try tableExists(database, table)), "\(table) survived the failed run")
        }
        #expect(try migrator.versions() == [:])
        #expect(!database.isInTransaction)

        // Once the step is fixed the whole run applies.
        let fixed = Migration(version: 2, summary: "fixed", sql: "CREATE TABLE beta_two (id INTEGER PRIMARY KEY)")
        let applied = try migrator.migrate([module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1, fixed])])
        #expect(steps(applied) == ["alpha/1", "alpha/2", "beta/1", "beta/2"])
        #expect(try seedRows(database) == 1)
    }

    @Test func aFailingLaterStepKeepsTheVersionOfTheEarlierRun() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        try migrator.migrate([module("alpha", [alphaV1])])
        let broken = Migration(
            version: 3, summary: "broken", sql: "INSERT INTO alpha_one (id, label) VALUES (1, 'duplicate id')")
        let error = #expect(throws: StorageError.self) {
            try migrator.migrate([module("alpha", [alphaV1, alphaV2, broken])])
        }
        #expect(error?.message.contains("UNIQUE constraint failed") == true)
        #expect(!(try tableExists(database, "alpha_two")))
        #expect(try migrator.versions() == ["alpha": 1])
        #expect(try seedRows(database) == 1)
    }

    @Test(arguments: [[2], [0], [1, 3], [1, 1], [1, 2, 2], [2, 1], [1, 2, 4]])
    func versionsThatAreNotOneTwoThreeAreBadMigrationsAndNothingIsApplied(versions: [Int]) throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        let bad = versions.enumerated().map { index, version in
            Migration(version: version, summary: "step \(index)", sql: "CREATE TABLE bad_\(index) (id INTEGER)")
        }
        let error = #expect(throws: StorageError.self) {
            try migrator.migrate([module("alpha", [alphaV1]), module("gamma", bad)])
        }
        #expect(error?.failure == .badMigrations)
        #expect(error?.message.contains("gamma") == true)
        #expect(try migrator.versions() == [:])
        #expect(!(try tableExists(database, "alpha_one")))
    }

    @Test func aDatabaseWithANewerVersionThanKnownIsSchemaTooNew() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try Migrator(database: database).migrate([module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1])])

        let older = Migrator(database: database)
        let error = #expect(throws: StorageError.self) {
            try older.migrate([module("beta", [betaV1]), module("alpha", [alphaV1])])
        }
        #expect(error?.failure == .schemaTooNew)
        #expect(error?.message.contains("alpha") == true)
        #expect(try older.versions() == ["alpha": 2, "beta": 1])
        #expect(try tableExists(database, "alpha_two"))
    }

    @Test func aRecordedModuleThatNowHasNoStepsIsSchemaTooNew() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        try migrator.migrate([module("beta", [betaV1])])
        let error = #expect(throws: StorageError.self) { try migrator.migrate([module("beta", [])]) }
        #expect(error?.failure == .schemaTooNew)
    }

    // MARK: Concurrency

    @Test(arguments: 1...8)
    func twoConnectionsMigratingANewFileAtOnceApplyEachStepExactlyOnce(round: Int) async throws {
        let modules = [module("alpha", [alphaV1, alphaV2]), module("beta", [betaV1])]
        try await withTemporaryDatabasePath { path in
            // Both connections are open (the file exists, with no tables) before either
            // migrates; only the migrations race.
            let first = try SQLiteDatabase(path: path)
            let second = try SQLiteDatabase(path: path)
            #expect(try Migrator(database: first).versions() == [:])
            let applied = Shared<[String]>([])
            let migrate: @Sendable (Database) -> @Sendable () throws -> Void = { database in
                {
                    let steps = try Migrator(database: database).migrate(modules).map { "\($0.module)/\($0.version)" }
                    applied.withLock { $0 += steps }
                }
            }
            let errors = await runOnSeparateThreads([migrate(first), migrate(second)])
            #expect(errors == [])
            #expect(applied.withLock { $0.sorted() } == ["alpha/1", "alpha/2", "beta/1"])

            let database = try SQLiteDatabase(path: path)
            #expect(try Migrator(database: database).versions() == ["alpha": 2, "beta": 1])
            #expect(try seedRows(database) == 1)
        }
    }

    // MARK: Core schema

    @Test func coreSchemaCreatesTheUsersTableWithACaseFoldedNameKey() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = Migrator(database: database)
        #expect(CoreSchema.module == "core")
        #expect(CoreSchema.migratorModule.name == "core")
        #expect(CoreSchema.migratorModule.migrations == CoreSchema.migrations)
        #expect(
            steps(try migrator.migrate([CoreSchema.migratorModule])) == [
                "core/1", "core/2", "core/3", "core/4", "core/5", "core/6", "core/7", "core/8", "core/9",
                "core/10", "core/11", "core/12", "core/13", "core/14", "core/15", "core/16", "core/17",
                "core/18", "core/19",
            ])
        #expect(try migrator.versions() == ["core": 19])
        let columns = try database.query("SELECT name FROM pragma_table_info('users') ORDER BY cid") {
            try $0.string(0)
        }
        #expect(columns == ["id", "name", "created_at", "name_key"])
    }
}
