import Core
import Time

/// Invites, joins, lists, removes and reports mates (SniffMeet's mate list, with an invite
/// code standing in for meeting in person).
public struct ManageMates: Sendable {
    /// How long an invite code is valid, in seconds.
    public static let inviteLifetime = 600
    /// Wrong codes one user may try in `attemptWindow` seconds.
    public static let attemptLimit = 5
    /// How many users of one database may have tried wrong codes in `attemptWindow` seconds:
    /// users are free (`app.login` makes one), so a per-user count alone does not limit a
    /// script that rotates through them. Once this many have, a user with no wrong code of
    /// their own in the window is refused; those counted keep their own 5. So one user alone
    /// never locks everyone's joins (it takes this many), and a script that rotates through
    /// users gets `attemptLimit` × this many guesses in 10 minutes against 32^6 codes.
    public static let databaseAttemptUsers = 4
    /// The longest message of a report, in characters (`String.limitLength`).
    public static let maximumReportMessageLength = 100
    /// The window for wrong codes, in seconds.
    public static let attemptWindow = 600

    let store: any MateStore
    let profiles: any ProfileDirectory
    let users: any UserRepository
    let transactions: any TransactionRunner
    let clock: any Clock
    let linkEndHandler: (any MateLinkEndHandler)?
    let blocks: (any BlockList)?

    /// `store` keeps codes, wrong attempts, mates and reports; `profiles` says who has a
    /// profile; `users` finds a user by name or id; `transactions` makes a join or a report
    /// atomic; `clock` dates codes and attempts.
    /// - Parameter linkEndHandler: told, inside the same transaction, when a link ends
    ///   (Walks cancels the pending walk requests between the two); nil without Walks.
    /// - Parameter blocks: who keeps whom away: a code of someone either of the two blocked
    ///   is a bad code.
    public init(
        store: any MateStore, profiles: any ProfileDirectory, users: any UserRepository,
        transactions: any TransactionRunner, clock: any Clock, linkEndHandler: (any MateLinkEndHandler)? = nil,
        blocks: (any BlockList)? = nil
    ) {
        self.store = store
        self.profiles = profiles
        self.users = users
        self.transactions = transactions
        self.clock = clock
        self.linkEndHandler = linkEndHandler
        self.blocks = blocks
    }

    /// A new invite code of `userID`'s, valid 10 minutes, single use; on a set-up PostgreSQL
    /// server drawn by the database, valid 10 minutes by the server's clock.
    /// - Throws: `profiles.not_found` (no profile yet).
    public func invite(userID: String) throws -> (code: String, expiresAt: Instant) {
        guard try profiles.entry(for: userID) != nil else { throw MateError.noProfile() }
        if let drawn = try store.drawInvite(for: userID) { return drawn }
        let now = clock.now()
        let expires = now.adding(seconds: Self.inviteLifetime)
        for _ in 0..<5 {
            let code = InviteCode.random()
            do {
                try store.insertInvite(code: code, inviterID: userID, createdAt: now, expiresAt: expires)
                return (code, expires)
            } catch let error as StorageError where error.failure == .duplicate {
                continue
            }
        }
        throw AppError.internal("could not draw a free invite code")
    }

    /// Makes `userID` and the code's inviter mates, both ways, in one transaction.
    /// - Throws: `invalid_argument` (code shape), `mates.too_many_attempts`, `mates.bad_code`,
    ///   `mates.expired_code`, `mates.self`, `mates.already_mates`, `profiles.not_found`.
    ///   On a set-up PostgreSQL server the database judges the code, and every failure is
    ///   `mates.bad_code` ("this code cannot be used"), so codes cannot be probed.
    public func join(code typed: String, userID: String) throws -> Mate {
        let code = try InviteCode.parse(typed)
        let now = clock.now()
        guard try profiles.entry(for: userID) != nil else { throw MateError.noProfile() }
        if let redemption = try store.redeemInvite(code: code, by: userID) {
            switch redemption {
            case .joined(let inviterID): return try mate(inviterID, since: now)
            case .failed: throw MateError.unusableCode
            case .tooManyAttempts: throw MateError.tooManyAttempts
            case .tooManyAttemptsOnDatabase: throw MateError.tooManyAttemptsOnDatabase
            }
        }
        // The counts are read and a wrong code recorded in one immediate transaction, so
        // racing processes queue on the write lock and never record past a limit; the
        // link itself is a savepoint that rolls back alone.
        let outcome: Result<String, AppError> = try transactions.transaction {
            try store.checkWrongCodeLimits(for: userID, at: now)
            do {
                return .success(try linkByInvite(code, userID: userID, now: now))
            } catch let error as AppError where error.code == "mates.bad_code" {
                try store.recordAttempt(by: userID, at: now)
                return .failure(error)
            }
        }
        return try mate(try outcome.get(), since: now)
    }

    private func linkByInvite(_ code: String, userID: String, now: Instant) throws -> String {
        try transactions.transaction {
            guard let invite = try store.unusedInvite(code: code) else {
                throw MateError.badCode
            }
            guard invite.expiresAt > now else { throw MateError.expiredCode }
            guard invite.inviterID != userID else { throw MateError.yourself }
            guard try !store.areMates(userID, invite.inviterID) else { throw MateError.alreadyMates }
            // Blocked either way: the code is as good as wrong, and says nothing of the block.
            guard try blocks?.hiddenPeople(for: userID).contains(invite.inviterID) != true else {
                throw MateError.badCode
            }
            guard try store.useInvite(code: code, by: userID) else { throw MateError.badCode }
            try store.link(userID, invite.inviterID, since: now)
            return invite.inviterID
        }
    }

    /// The mates of `userID` by nickname, `perPage` a page (1-based).
    public func list(userID: String, page: Int, perPage: Int) throws -> [Mate] {
        guard page >= 1 else { throw AppError.invalidArgument("page starts at 1, got \(page)", field: "page") }
        guard (1...100).contains(perPage) else {
            throw AppError.invalidArgument("per_page is 1 to 100, got \(perPage)", field: "per_page")
        }
        // The mates' names and profiles read at once: two statements, however many mates.
        let links = try store.mates(of: userID)
        let names = try users.users(ids: links.map(\.mateID))
        let entries = try profiles.entries(for: links.map(\.mateID))
        let all = links.compactMap { link -> Mate? in
            guard let user = names[link.mateID], let entry = entries[link.mateID] else { return nil }
            return Mate(user: user, entry: entry, since: link.since)
        }
        let sorted = all.sorted {
            ($0.nickname.foldedForMatching, $0.userID) < ($1.nickname.foldedForMatching, $1.userID)
        }
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, start < sorted.count else { return [] }
        return Array(sorted[start..<min(sorted.count, start + perPage)])
    }

    /// Ends a mate link, both ways, and cancels the pending walk requests between the two,
    /// in one transaction.
    /// - Throws: `mates.not_found`.
    public func remove(_ reference: String, userID: String) throws {
        let other = try user(reference)
        let now = clock.now()
        try transactions.transaction {
            guard try store.unlink(userID, other.id) else { throw MateError.notFound(reference) }
            try linkEndHandler?.mateLinkEnded(between: userID, and: other.id, at: now)
        }
    }

    /// Reports a mate: the report is stored, the link ends and the pending walk requests
    /// between the two are cancelled, in one transaction.
    /// - Throws: `mates.not_found`, `invalid_argument` (reason, message over 100 characters).
    public func report(_ reference: String, reason: String, message: String?, userID: String) throws {
        guard ["violent_on_walk", "offensive_language", "other"].contains(reason) else {
            throw AppError.invalidArgument(
                "reason is violent_on_walk, offensive_language or other, got '\(reason)'", field: "reason")
        }
        let message = message?.composed
        if let message, message.limitLength > Self.maximumReportMessageLength {
            throw AppError.invalidArgument(
                "message is at most 100 characters, got \(message.limitLength)", field: "message")
        }
        let other = try user(reference)
        let now = clock.now()
        try transactions.transaction {
            guard try store.unlink(userID, other.id) else { throw MateError.notFound(reference) }
            try linkEndHandler?.mateLinkEnded(between: userID, and: other.id, at: now)
            try store.insertReport(reporterID: userID, reportedID: other.id, reason: reason, message: message, at: now)
        }
    }

    private func user(_ reference: String) throws -> User {
        guard let user = try users.user(named: reference) ?? users.user(id: reference.lowercased()) else {
            throw MateError.notFound(reference)
        }
        return user
    }

    private func mate(_ id: String, since: Instant) throws -> Mate {
        guard let user = try users.user(id: id), let entry = try profiles.entry(for: id) else {
            throw MateError.notFound(id)
        }
        return Mate(user: user, entry: entry, since: since)
    }
}
