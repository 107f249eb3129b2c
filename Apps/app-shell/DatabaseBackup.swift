import Assembly
import Core
import FoundationEssentials
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// `app-shell --backup FILE`: a consistent copy of the database in a new file, made with
/// SQLite's online backup while other processes go on using the database.
enum DatabaseBackup {
    /// Copies the `--db` database (or the default one) to `file`; the exit code.
    static func run(to file: String, options: ShellOptions, environment: [String: String]) -> Int32 {
        let source: String
        do {
            source = try CompositionRoot.databasePath(options, environment: environment)
        } catch {
            Terminal.error("app-shell: \(AppError.wrapping(error).message)")
            return 1
        }
        // The URL is not echoed: it may hold the password.
        guard !AppAssembly.isPostgresURL(source) else {
            Terminal.error(
                "app-shell: --backup copies a SQLite database file; back up a PostgreSQL database with pg_dump")
            return 2
        }
        guard source != ":memory:", !source.hasPrefix("file:") else {
            Terminal.error("app-shell: --backup copies a database file; --db \(source) is none")
            return 2
        }
        // Opening would create a missing database; there is nothing to copy then.
        var status = stat()
        guard stat(source, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            Terminal.error("app-shell: --backup: no database file at \(source)")
            return 1
        }
        do {
            let database = try SQLiteDatabase(path: source)
            defer { database.close() }
            let pages = try database.backup(to: file)
            print("backed up \(source) to \(file) (\(pages) pages)")
            return 0
        } catch {
            Terminal.error("app-shell: --backup \(file): \(AppError.wrapping(error).message)")
            return 1
        }
    }
}
