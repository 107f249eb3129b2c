import CPostgres

/// app-shell's head start on PostgreSQL: libpq is loaded and the connection its command
/// line names with `--db` is begun on a thread of its own before the rest of start-up, and
/// the first connection to the same string takes it over (`PostgresConnection`).
///
/// app-shell begins it from a constructor of CPostgres, ordered after CVips's and
/// CSQLite's (libpq reads the environment on its thread, and CVips's constructor adds
/// `VIPSHOME` to it, which reallocates glibc's environment array under any reader); `begin`
/// is the first line of `main`, for a process where no constructor began it.
public enum PostgresHeadStart {
    /// Begins the connection when the program is app-shell, its `--db` is a PostgreSQL URL
    /// and the run connects (`cpg_head_start_url`: `CommandLineParser`'s rules); does
    /// nothing otherwise, so a SQLite start never loads libpq. Once per process.
    public static func begin() {
        guard let url = cpg_head_start_url(CommandLine.argc, CommandLine.unsafeArgv) else { return }
        _ = cpg_start_head_start(url)
    }
}
