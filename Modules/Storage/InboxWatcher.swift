import Core
import Time

#if canImport(Glibc)
    import Glibc
#endif

/// Watches the acting user's inbox for a running `app.loop()`: tells the loop what to wait
/// on and how often to look, and hands it the new entries as events for its `app.on` hooks
/// (`app-shell` makes it a `LoopSource`).
///
/// - SQLite: `PRAGMA data_version` (one cached statement on the app's own connection, which
///   changes when another connection commits) every `changePollMilliseconds`; the inbox is
///   read only after a change, and at least every `slowPollMilliseconds`.
/// - PostgreSQL: `LISTEN` on the user's own channel (`inbox_channel(id)`, a name no other
///   member can learn: `CoreSchema` step 5) on a connection of its own, whose socket the
///   loop waits on. A new inbox row `NOTIFY`s its recipient's channel with an empty
///   payload: a wake-up, never data, since notifications ignore row-level security. After
///   a wake-up the inbox is read through the pool, filtered by the policies. A user switch
///   (`app.login` on a database of one's own) listens again, on the new user's channel. A
///   slow poll (`listeningPollMilliseconds`) stays as the fallback, and an engine without
///   `LISTEN` (CockroachDB) is polled every `slowPollMilliseconds`.
/// - Time: when one of the user's own pending requests comes due (`InboxTimeouts`), the
///   watcher records what is due and looks, so an expiry reaches a waiting sender on time.
///
/// Each entry is handed to one loop once (`Inbox.claimUndelivered`): a loop started later
/// gets what arrived while none ran, and nothing twice.
public final class InboxWatcher {
    /// How often SQLite's data version is read, in real milliseconds.
    public static let changePollMilliseconds = 200
    /// The longest between two reads of the inbox without a wake-up: SQLite, and PostgreSQL
    /// without `LISTEN`.
    public static let slowPollMilliseconds = 1_000
    /// The fallback poll of a PostgreSQL watcher that listens.
    public static let listeningPollMilliseconds = 5_000
    /// The most entries handed over at once; the rest follow at once, in the next batch.
    public static let batchSize = 100

    private enum Listening {
        case notTried, listening(PostgresConnection), unavailable
    }

    private let database: any Database
    private let inbox: any Inbox
    private let timeouts: (any InboxTimeouts)?
    private let clock: any Clock
    private let user: () -> String
    private var listening = Listening.notTried
    private var dataVersion: Int?
    private var lastLook: UInt64 = 0
    private var watchedUser: String?
    private var nextDue: Instant?
    private var more = false

    /// A watcher of `inbox` in `database` for the user `user()` names at each look (a
    /// script may switch users), recording what `timeouts` says is due by `clock`.
    public init(
        database: any Database, inbox: any Inbox, timeouts: (any InboxTimeouts)?, clock: any Clock,
        user: @escaping () -> String
    ) {
        self.database = database
        self.inbox = inbox
        self.timeouts = timeouts
        self.clock = clock
        self.user = user
    }

    deinit { close() }

    /// Closes the listening connection, if one is open.
    public func close() {
        if case .listening(let connection) = listening { connection.close() }
        listening = .unavailable
    }

    /// Whether a PostgreSQL watcher has its `LISTEN` connection (after its first look).
    public var isListening: Bool {
        if case .listening = listening { return true }
        return false
    }

    /// The listening connection's socket (PostgreSQL); nil otherwise.
    public var descriptor: Int32? {
        guard case .listening(let connection) = listening else { return nil }
        let socket = connection.socket
        return socket >= 0 ? socket : nil
    }

    /// How long the loop may sleep before asking again, in real milliseconds.
    public var pollInterval: Int? {
        if more { return 1 }
        var interval =
            switch database.dialect.name {
            case .sqlite: Self.changePollMilliseconds
            case .postgreSQL: isListening ? Self.listeningPollMilliseconds : Self.slowPollMilliseconds
            }
        if let nextDue, clock.rate > 0 {
            let appMilliseconds = Double(max(nextDue.millisecondsSince1970 - clock.now().millisecondsSince1970, 0))
            interval = min(interval, Int(min(appMilliseconds / clock.rate, 1e9).rounded(.up)) + 1)
        }
        return interval
    }

    /// Looks when something may have changed (or a slow poll or a due time came) and returns
    /// the user's new entries as events, oldest first; usually nothing, for one cheap read.
    /// - Throws: a failing query; a `LISTEN` that failed (once; the watcher then polls).
    public func collect() throws -> [Value] {
        let userID = user()
        var look = more || userID != watchedUser
        more = false
        if userID != watchedUser {
            if watchedUser != nil, case .listening(let connection) = listening {
                connection.close()
                listening = .notTried
            }
            watchedUser = userID
            nextDue = nil
        }
        let elapsed = Self.monotonicMilliseconds() - lastLook
        switch database.dialect.name {
        case .sqlite:
            let version = try database.queryOne("PRAGMA data_version", []) { try $0.int(0) }
            if version != dataVersion {
                dataVersion = version
                look = true
            }
            if elapsed >= UInt64(Self.slowPollMilliseconds) { look = true }
        case .postgreSQL:
            if try listenedSomething(for: userID) { look = true }
            let slow = isListening ? Self.listeningPollMilliseconds : Self.slowPollMilliseconds
            if elapsed >= UInt64(slow) { look = true }
        }
        let now = clock.now()
        if let timeouts {
            if look { nextDue = try timeouts.nextDue(for: userID) }
            if let due = nextDue, now >= due {
                try timeouts.recordDue(at: now)
                nextDue = try timeouts.nextDue(for: userID)
                look = true
            }
        }
        guard look else { return [] }
        lastLook = Self.monotonicMilliseconds()
        guard try inbox.hasUndelivered(for: userID) else { return [] }
        let claimed = try inbox.claimUndelivered(of: userID, at: now, limit: Self.batchSize)
        more = claimed.count == Self.batchSize
        let zone = clock.timeZone
        return claimed.map { $0.value(in: zone) }
    }

    /// On PostgreSQL: opens the listening connection, on `userID`'s channel, on the first
    /// call, and reads what it received; true when a notification came (or the connection
    /// was lost, so the caller looks once more before falling back to polling).
    private func listenedSomething(for userID: String) throws -> Bool {
        switch listening {
        case .notTried:
            guard let postgres = database as? PostgresDatabase else {
                listening = .unavailable
                return false
            }
            do {
                guard
                    let channel = try database.queryOne(
                        "SELECT inbox_channel(?)", [.text(userID)], { $0.optionalString(0) }) ?? nil
                else {
                    throw AppError(
                        code: "storage.unavailable", message: "the server names no inbox channel for the user")
                }
                listening = .listening(try postgres.makeListener(channel: channel))
            } catch {
                listening = .unavailable
                throw StorageError(
                    .unavailable,
                    message: "cannot LISTEN for the inbox (\(AppError.wrapping(error).message)); "
                        + "looking every \(Self.slowPollMilliseconds) ms instead")
            }
            return false
        case .listening(let connection):
            do {
                return !(try connection.notifications()).isEmpty
            } catch {
                connection.close()
                listening = .unavailable
                throw StorageError(
                    .unavailable,
                    message: "the inbox's LISTEN connection was lost (\(AppError.wrapping(error).message)); "
                        + "looking every \(Self.slowPollMilliseconds) ms instead")
            }
        case .unavailable:
            return false
        }
    }

    private static func monotonicMilliseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1000 + UInt64(time.tv_nsec) / 1_000_000
    }
}
