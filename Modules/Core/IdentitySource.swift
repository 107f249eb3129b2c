/// Who the acting user may be, which the composition root decides from the backend.
///
/// On SQLite the users of one file are profiles of one OS account: any name may be chosen
/// (`--user`, `app.login`). On PostgreSQL each person is a `LOGIN` role and the acting user
/// is the database login (`session_user`): the server's row-level security holds the
/// connection to that person's rows whatever the app asks, so choosing another name would
/// only fail later and less clearly.
public enum IdentitySource: Sendable, Equatable {
    /// Any valid user name may be chosen (SQLite; a superuser test harness on PostgreSQL).
    case chosen
    /// The acting user is the database login of this name.
    case databaseLogin(String)

    /// The error for choosing `name` when the login decides who acts.
    /// - Returns: `app.login_not_available`, naming the login and what to do instead.
    public static func loginNotAvailable(login: String, field: String?) -> AppError {
        AppError(
            code: "app.login_not_available",
            message: "on PostgreSQL you act as your database login '\(login)'; "
                + "to act as someone else, connect as their role (--db postgresql://NAME@HOST/DATABASE)",
            field: field)
    }
}
