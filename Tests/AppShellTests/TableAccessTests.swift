import Assembly
import Core
import Storage
import Testing

/// Every table the modules' migrations make is declared once, beside its schema: what
/// members of a shared server may do to it, and which export section carries it (or why
/// none does).
@Suite struct TableAccessTests {
    @Test func everyTableIsDeclaredOnceAndItsExportSectionExists() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try StorageAssembly.migrate(database, plugins: AppAssembly.plugins)
        let tables = Set(
            try database.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            ) { try $0.string(0) })
        let access = AppAssembly.tableAccess()
        let declared = access.map(\.table)
        #expect(tables.count >= 30)
        #expect(Set(declared).count == declared.count, "a table is declared twice")
        #expect(tables.subtracting(declared).isEmpty, "tables without a TableAccess: \(tables.subtracting(declared))")
        let sections = Set(
            (StorageAssembly.portableSections(over: database)
                + AppAssembly.sqlRepositories.flatMap { $0.portableSections(over: database) }).map(\.name))
        for table in access {
            switch table.export {
            case .section(let name): #expect(sections.contains(name), "\(table.table): no section \(name)")
            case .notExported(let reason): #expect(!reason.isEmpty, "\(table.table)")
            }
            #expect(table.privileges == nil || !table.policies.isEmpty, "\(table.table) is granted without a policy")
            #expect(!table.summary.isEmpty, "\(table.table)")
        }
    }

    /// The page `make docs` writes lists every declared table and policy.
    @Test func theReferenceNamesEveryTableAndPolicy() {
        let page = RowSecurityReference.generate(plugins: AppAssembly.plugins)
        for table in AppAssembly.tableAccess() {
            #expect(page.contains("| `\(table.table)` |"), "\(table.table)")
            for policy in table.policies { #expect(page.contains("- `\(policy.name)`"), "\(policy.name)") }
        }
    }
}
