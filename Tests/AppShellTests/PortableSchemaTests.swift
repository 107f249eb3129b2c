import Core
import Testing

@testable import AppShell
@testable import Storage

/// Every migration of every module, as PostgreSQL would run it, keeps to what PostgreSQL
/// has: no rowid, no `WITHOUT ROWID`, no AUTOINCREMENT, 64-bit integers (its `INTEGER` is
/// 32-bit) and double precision (its `REAL` is single).
@Suite struct PortableSchemaTests {
    static var modules: [Migrator.Module] {
        [CoreSchema.migratorModule, EventSchema.migratorModule]
            + CompositionRoot.plugins.filter { !$0.migrations.isEmpty }.map {
                Migrator.Module(name: $0.name, migrations: $0.migrations)
            }
    }

    @Test func everyPostgreSQLScriptUsesOnlyWhatPostgreSQLHas() {
        for module in Self.modules {
            for migration in module.migrations {
                let script = Migrator.script(of: migration, for: .postgreSQL).uppercased()
                for word in [/\bROWID\b/, /\bAUTOINCREMENT\b/, /\bINTEGER\b/, /\bREAL\b/, /\bBLOB\b/, /\bPRAGMA\b/] {
                    #expect(
                        script.firstMatch(of: word) == nil,
                        "\(module.name) \(migration.version): \(script.prefix(60))")
                }
            }
        }
    }
}
