import Core
import Storage
import Time

/// Mates in the SQL database; also the `MateDirectory` other features ask.
public struct SQLMateStore: MateStore, MateDirectory {
    private let database: any Database

    /// A store over `database` (migrated with the Mates plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// Stores a new invite.
    public func insertInvite(code: String, inviterID: String, createdAt: Instant, expiresAt: Instant) throws {
        try database.execute(
            "INSERT INTO mate_invites (code, inviter_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
            [.text(code), .text(inviterID), .instant(createdAt), .instant(expiresAt)])
    }

    /// The inviter and expiry of an unused invite.
    public func unusedInvite(code: String) throws -> (inviterID: String, expiresAt: Instant)? {
        try database.queryOne(
            "SELECT inviter_id, expires_at FROM mate_invites WHERE code = ? AND used_by IS NULL", [.text(code)]
        ) { row in (try row.string(0), try row.instant(1)) }
    }

    /// Marks an invite used; one conditional update, so two joiners cannot both use it.
    public func useInvite(code: String, by userID: String) throws -> Bool {
        try database.execute(
            "UPDATE mate_invites SET used_by = ? WHERE code = ? AND used_by IS NULL", [.text(userID), .text(code)]) == 1
    }

    /// Records a wrong code.
    public func recordAttempt(by userID: String, at instant: Instant) throws {
        try database.execute(
            "INSERT INTO mate_attempts (user_id, at) VALUES (?, ?)", [.text(userID), .instant(instant)])
    }

    /// Wrong codes since an instant.
    public func attempts(by userID: String, since: Instant) throws -> Int {
        try database.queryOne(
            "SELECT count(*) FROM mate_attempts WHERE user_id = ? AND at >= ?", [.text(userID), .instant(since)]
        ) { try $0.int(0) } ?? 0
    }

    /// How many users tried wrong codes at or after `since`.
    public func attemptingUsers(since: Instant) throws -> Int {
        try database.queryOne("SELECT count(DISTINCT user_id) FROM mate_attempts WHERE at >= ?", [.instant(since)]) {
            try $0.int(0)
        } ?? 0
    }

    /// Links two users both ways, in one transaction.
    public func link(_ userID: String, _ otherID: String, since: Instant) throws {
        try database.transaction {
            try database.executeEach(
                "INSERT INTO mates (user_id, mate_id, since) VALUES (?, ?, ?)",
                [[.text(userID), .text(otherID), .instant(since)], [.text(otherID), .text(userID), .instant(since)]])
        }
    }

    /// Unlinks two users both ways.
    public func unlink(_ userID: String, _ otherID: String) throws -> Bool {
        try database.transaction {
            try database.delete(
                from: "mates", where: [.equal("user_id", .text(userID)), .equal("mate_id", .text(otherID))])
                + database.delete(
                    from: "mates", where: [.equal("user_id", .text(otherID)), .equal("mate_id", .text(userID))])
        } > 0
    }

    /// Whether two users are mates.
    public func areMates(_ userID: String, _ otherID: String) throws -> Bool {
        try database.queryOne(
            "SELECT 1 FROM mates WHERE user_id = ? AND mate_id = ?", [.text(userID), .text(otherID)]
        ) { _ in true } ?? false
    }

    /// The mates of a user.
    public func mates(of userID: String) throws -> [(mateID: String, since: Instant)] {
        try database.query("SELECT mate_id, since FROM mates WHERE user_id = ?", [.text(userID)]) { row in
            (try row.string(0), try row.instant(1))
        }
    }

    /// On PostgreSQL with `mate_invite` in the schema (set up by `admin.setup()`), draws
    /// the code there, dated by the server's clock; nil elsewhere.
    public func drawInvite(for userID: String) throws -> (code: String, expiresAt: Instant)? {
        guard try hasFunction("mate_invite()") else { return nil }
        guard
            let drawn = try database.queryOne(
                "\(SQLDialect.writesMark) SELECT invite_code, invite_expires_at FROM mate_invite()",
                { (try $0.string(0), try $0.instant(1)) })
        else { throw AppError.internal("mate_invite returned no row") }
        return drawn
    }

    /// Whether the schema has the function `signature` (PostgreSQL; never on SQLite).
    private func hasFunction(_ signature: String) throws -> Bool {
        guard database.dialect.name == .postgreSQL else { return false }
        return try database.queryOne("SELECT to_regprocedure(?) IS NOT NULL", [.text(signature)]) { try $0.bool(0) }
            == true
    }

    /// On PostgreSQL with `mate_join` in the schema (set up by `admin.setup()`), joins by
    /// calling it; nil elsewhere (SQLite, or a schema made by migrations alone), where the
    /// use case applies the rules in Swift. The function acts for the login
    /// (`session_user`), which is `userID` on a set-up server.
    public func redeemInvite(code: String, by userID: String) throws -> InviteRedemption? {
        guard try hasFunction("mate_join(text)") else { return nil }
        guard
            let (outcome, inviter) = try database.queryOne(
                "\(SQLDialect.writesMark) SELECT joined_outcome, joined_inviter FROM mate_join(?)", [.text(code)],
                { (try $0.string(0), $0.optionalString(1)) })
        else { throw AppError.internal("mate_join returned no row") }
        switch (outcome, inviter) {
        case ("joined", .some(let inviter)): return .joined(inviterID: inviter)
        case ("too_many_attempts", _): return .tooManyAttempts
        case ("too_many_attempts_on_database", _): return .tooManyAttemptsOnDatabase
        default: return .failed
        }
    }

    /// Stores a report.
    public func insertReport(reporterID: String, reportedID: String, reason: String, message: String?, at: Instant)
        throws
    {
        try database.execute(
            "INSERT INTO mate_reports (reporter_id, reported_id, reason, message, created_at) VALUES (?, ?, ?, ?, ?)",
            [.text(reporterID), .text(reportedID), .text(reason), .text(message), .instant(at)])
    }
}
