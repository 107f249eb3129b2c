import Core
import Time

/// Profile drops: becoming mates in person (SniffMeet's 30-second exchange between two
/// phones held together, as Signal and Magic Wormhole do it without radios: a short code
/// and its QR code on one screen, read by the person standing there, and words both
/// compare). Invite codes stay for pairing at a distance.
///
/// The rules: a drop lives `lifetime` seconds (the server's clock on a set-up server); a
/// person has one live drop (a new one cancels the last); it is caught once, by someone
/// with a profile who is not its dropper, not their mate already and not blocked either
/// way; a wrong code counts against the catcher and the database as a wrong invite code
/// does (`ManageMates`' limits, the same table); both confirm within the drop's life to
/// become mates; either may cancel before.
public struct ManageDrops: Sendable {
    /// How long a drop lives, in seconds.
    public static let lifetime = 30
    /// The most drops one person makes in any 60 seconds.
    public static let maximumPerMinute = 10
    /// How long an ended drop is kept, in seconds (then the next expiry removes it).
    public static let keptSeconds = 86_400

    let store: any MateDropStore
    let mates: any MateStore
    let profiles: any ProfileDirectory
    let transactions: any TransactionRunner
    let clock: any Clock
    let blocks: (any BlockList)?

    /// The use case over `store` (drops) and `mates` (links and wrong-code attempts).
    public init(
        store: any MateDropStore, mates: any MateStore, profiles: any ProfileDirectory,
        transactions: any TransactionRunner, clock: any Clock, blocks: (any BlockList)? = nil
    ) {
        self.store = store
        self.mates = mates
        self.profiles = profiles
        self.transactions = transactions
        self.clock = clock
        self.blocks = blocks
    }

    /// A new drop of `userID`'s, alive `lifetime` seconds; their earlier live drop ends.
    /// - Throws: `profiles.not_found` (no profile yet), `mates.too_many_drops` (10 in the
    ///   last minute; the database holds it too).
    public func drop(userID: String) throws -> MateDrop {
        guard try profiles.entry(for: userID) != nil else { throw MateError.noProfile() }
        do {
            if let drawn = try store.serverDrop() { return drawn }
        } catch let error as StorageError where error.message.contains(MatesSchema.dropRateMessage) {
            throw MateError.tooManyDrops
        }
        let now = clock.now()
        guard try store.dropsMade(by: userID, since: now.adding(seconds: -60)) < Self.maximumPerMinute else {
            throw MateError.tooManyDrops
        }
        for _ in 0..<5 {
            let drop = MateDrop(
                id: Identifier.random(), code: InviteCode.random(), dropperID: userID, catcherID: nil, words: nil,
                status: .waiting, createdAt: now, expiresAt: now.adding(seconds: Self.lifetime),
                dropperConfirmedAt: nil, catcherConfirmedAt: nil)
            do {
                try transactions.transaction { try store.insert(drop, at: now) }
                return drop
            } catch let error as StorageError where error.failure == .duplicate {
                continue
            } catch let error as StorageError where error.message.contains(MatesSchema.dropRateMessage) {
                throw MateError.tooManyDrops
            }
        }
        throw AppError.internal("could not draw a free drop code")
    }

    /// Catches the drop with `code` for `userID`: the drop, caught, with its words.
    /// - Throws: `invalid_argument` (code shape), `mates.bad_code` (one answer for every
    ///   code that cannot be caught), `mates.too_many_attempts`, `profiles.not_found`.
    public func catchDrop(code typed: String, userID: String) throws -> MateDrop {
        let code = try InviteCode.parse(typed)
        guard try profiles.entry(for: userID) != nil else { throw MateError.noProfile() }
        if let judged = try store.serverCatch(code: code) {
            switch judged {
            case .caught(let id):
                guard let drop = try store.drop(id: id, for: userID) else { throw MateError.unusableDropCode }
                return drop
            case .failed: throw MateError.unusableDropCode
            case .tooManyAttempts: throw MateError.tooManyAttempts
            case .tooManyAttemptsOnDatabase: throw MateError.tooManyAttemptsOnDatabase
            }
        }
        let now = clock.now()
        let outcome: Result<MateDrop, AppError> = try transactions.transaction {
            try mates.checkWrongCodeLimits(for: userID, at: now)
            if let drop = try store.waitingDrop(code: code, at: now), drop.dropperID != userID,
                try !mates.areMates(userID, drop.dropperID),
                try blocks?.hiddenPeople(for: userID).contains(drop.dropperID) != true,
                try store.markCaught(id: drop.id, by: userID, words: DropWords.random(), at: now),
                let caught = try store.drop(id: drop.id, for: userID)
            {
                return .success(caught)
            }
            try mates.recordAttempt(by: userID, at: now)
            return .failure(MateError.unusableDropCode)
        }
        return try outcome.get()
    }

    /// `userID`'s confirmation: the drop as it is after it (finished when the other had
    /// confirmed: they are mates).
    /// - Throws: `mates.drop_not_found` (no such drop of theirs), `mates.drop_ended`
    ///   (not caught, or its 30 seconds are over, or cancelled).
    public func confirm(id: String, userID: String) throws -> MateDrop {
        if let changed = try store.serverConfirm(id: id) {
            guard let drop = try store.drop(id: id, for: userID) else { throw MateError.dropNotFound }
            guard changed || drop.status == .finished else { throw MateError.dropEnded(drop.state(at: clock.now())) }
            return drop
        }
        let now = clock.now()
        return try transactions.transaction {
            guard let before = try store.drop(id: id, for: userID) else { throw MateError.dropNotFound }
            if before.status == .finished { return before }
            // Blocked either way since the catch: the drop cannot finish.
            let other = before.dropperID == userID ? before.catcherID : before.dropperID
            if let other, try blocks?.hiddenPeople(for: userID).contains(other) == true {
                throw MateError.dropEnded(.failure)
            }
            guard let drop = try store.markConfirmed(id: id, by: userID, at: now) else {
                throw MateError.dropEnded(before.state(at: now))
            }
            guard drop.dropperConfirmedAt != nil, drop.catcherConfirmedAt != nil, let catcher = drop.catcherID,
                try store.markFinished(id: id, at: now)
            else { return drop }
            if try !mates.areMates(drop.dropperID, catcher) { try mates.link(catcher, drop.dropperID, since: now) }
            return try store.drop(id: id, for: userID) ?? drop
        }
    }

    /// Cancels a live drop `userID` is in: the drop as it is after.
    /// - Throws: `mates.drop_not_found`, `mates.drop_ended`.
    public func cancel(id: String, userID: String) throws -> MateDrop {
        let now = clock.now()
        let changed = try store.serverCancel(id: id) ?? store.markCancelled(id: id, by: userID, at: now)
        guard let drop = try store.drop(id: id, for: userID) else { throw MateError.dropNotFound }
        guard changed else { throw MateError.dropEnded(drop.state(at: now)) }
        return drop
    }

    /// The drop `id` that `userID` is in.
    /// - Throws: `mates.drop_not_found`.
    public func status(id: String, userID: String) throws -> MateDrop {
        guard let drop = try store.drop(id: id, for: userID) else { throw MateError.dropNotFound }
        return drop
    }
}
