import Core
import Storage
import Time

/// The moderator's side of reports (`admin.reports`, `admin.resolve`). On a PostgreSQL
/// server the moderator is its administrator (the login `admin.setup()` accepts); on a
/// SQLite file, which has no administrator, the file's first user (the oldest `users` row,
/// the first made of those made at one instant), who made it. A resolution dismisses a report (`reviewed`), or acts on it (`resolved`): hides
/// what was reported (everything a reported person wrote), or removes the member (on
/// SQLite, where there are no logins, hides everything they wrote). Each is recorded with
/// who made it and when.
struct ModerateReports: Sendable {
    let database: any Database
    let reports: any ReportStore
    let targets: (any ReportTargets)?
    let setup: ServerSetup
    let clock: any Clock

    /// The actions `admin.resolve` takes.
    static let actions = ["dismiss", "hide", "remove_member"]

    /// The moderator's name: the administrator's login, or the SQLite file's first user.
    /// - Throws: `admin.not_allowed` for anyone else.
    func moderator(acting user: User) throws -> String {
        guard database.dialect.name == .sqlite else { return try setup.place().administrator }
        let first = try database.queryOne("SELECT id FROM users ORDER BY created_at, rowid LIMIT 1") {
            try $0.string(0)
        }
        guard first == user.id else {
            throw AppError(
                code: "admin.not_allowed",
                message: "on a SQLite file the moderator is its first user; \(user.name) is not")
        }
        return user.name
    }

    /// The reports in `status` (all when nil), newest first.
    func queue(status: String?, acting user: User) throws -> [ModeratedReport] {
        _ = try moderator(acting: user)
        return try reports.queue(status: status)
    }

    /// Resolves report `id` with `action`.
    /// - Throws: `admin.not_allowed`, `reports.not_found`, `reports.not_pending`,
    ///   `invalid_argument` (action).
    func resolve(_ id: String, action: String, acting user: User) throws -> ModeratedReport {
        let moderator = try moderator(acting: user)
        guard Self.actions.contains(action) else {
            throw AppError.invalidArgument(
                "action is dismiss, hide or remove_member, got '\(action)'", field: "action")
        }
        guard let found = try reports.moderated(id: id.lowercased()) else {
            throw AppError(code: "reports.not_found", message: "no report '\(id)'", field: "id")
        }
        let report = found.report
        guard report.status == "pending" else { throw Self.notPending(id) }
        let now = clock.now()
        let authorID =
            report.targetKind == "user"
            ? report.targetID : try targets?.author(ofKind: report.targetKind, id: report.targetID)
        try database.transaction {
            switch action {
            case "hide" where report.targetKind != "user":
                _ = try targets?.hide(kind: report.targetKind, id: report.targetID, at: now)
            case "hide", "remove_member":
                if let authorID { try targets?.hideEverything(of: authorID, at: now) }
            default: break
            }
            guard
                try reports.resolve(
                    report.id, status: action == "dismiss" ? "reviewed" : "resolved", action: action,
                    moderator: moderator, at: now)
            else { throw Self.notPending(id) }
        }
        // The member's role goes last, once the report is resolved and what they wrote is
        // hidden: a resolution that fails removes no one.
        if action == "remove_member", database.dialect.name == .postgreSQL, let authorID,
            let name = try database.queryOne(
                "SELECT name FROM users WHERE id = ?", [.text(authorID)], { try $0.string(0) })
        {
            try setup.removeMember(name: name)
        }
        guard let resolved = try reports.moderated(id: report.id) else {
            throw AppError.internal("the report \(report.id) resolved was not found")
        }
        return resolved
    }

    private static func notPending(_ id: String) -> AppError {
        AppError(code: "reports.not_pending", message: "report '\(id)' has been resolved already", field: "id")
    }
}
