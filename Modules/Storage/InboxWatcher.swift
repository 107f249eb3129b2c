import Core
import Time

/// Watches the acting user's inbox for a running `app.loop()`: tells the loop how often to
/// look, and hands it the new entries as events for its `app.on` hooks (`app-shell` makes
/// it a `LoopSource`).
///
/// - SQLite: `PRAGMA data_version` (one cached statement on the app's own connection, which
///   changes when another connection commits) every `changePollMilliseconds`; the inbox is
///   read only after a change, and at least every `slowPollMilliseconds`.
/// - PostgreSQL: one indexed read of the user's undelivered entries (through the policies,
///   on the app's own connection) every `idlePollMilliseconds`, and every
///   `quickPollMilliseconds` for a while after the script asked something that awaits an
///   answer (`scriptRan` after a route of `keptFrom`: a walk request sent, a drop made),
///   doubling back to the idle interval; each interval is drawn within `pollJitter` of its
///   length, so waiting
///   processes started together drift apart. Nobody `LISTEN`s: a `NOTIFY` takes a lock of
///   the whole server through the sender's commit and wakes every listening session of the
///   database, which a neighbourhood of waiting people pays for on every walk request
///   (docs/performance.md, "Waiting people").
/// - Time: when one of the user's own pending requests comes due (`InboxTimeouts`), the
///   watcher records what is due and looks, so an expiry reaches a waiting sender on time.
///   When the next one comes due is read again after the script called a route that may
///   have sent one (`keptFrom`, then `scriptRan`), after something arrived while one was
///   pending (an answer), and every
///   `dueKeptMilliseconds` (another process of the user's may have sent one); each part of
///   the timeouts apart (`InboxTimeouts.parts`: a walk request sent reads the walks' again,
///   not the drops'; what arrives, each part with something pending).
///
/// Each entry is handed to one loop once (`Inbox.claimUndelivered`): a loop started later
/// gets what arrived while none ran, and nothing twice. Each claim carries a token of its
/// own; when a claim fails (its connection lost, perhaps after the server committed it), the
/// next look that works hands over what that token took before anything else.
public final class InboxWatcher {
    /// How often SQLite's data version is read, in real milliseconds.
    public static let changePollMilliseconds = 200
    /// The longest between two reads of a SQLite inbox without a change.
    public static let slowPollMilliseconds = 1_000
    /// How often a PostgreSQL inbox is read while nothing arrives, in real milliseconds: the
    /// most a new entry waits before its loop looks.
    public static let idlePollMilliseconds = 1_000
    /// How often a PostgreSQL inbox is read just after the script asked something that
    /// awaits an answer (an answer often follows a request within seconds); the interval
    /// doubles from here back to the idle one. What arrives does not quicken the looks: the
    /// receiver of a request waits for nothing more.
    public static let quickPollMilliseconds = 125
    /// The share of an interval by which each is drawn shorter: a poll comes after 90 to
    /// 100 % of its interval.
    public static let pollJitter = 0.1
    /// How long the time the next pending request comes due is kept without reading it
    /// again, in real milliseconds.
    public static let dueKeptMilliseconds = 10_000
    /// The longest a PostgreSQL look waits after looks that failed (a server that is down):
    /// each failure doubles the wait from the idle interval up to this, in real milliseconds.
    public static let longestRetryMilliseconds = 8_000
    /// The most entries handed over at once; the rest follow at once, in the next batch.
    public static let batchSize = 100

    private let database: any Database
    private let inbox: any Inbox
    /// The parts of the timeouts (`InboxTimeouts.parts`): when the user's next of each comes
    /// due is read and kept apart.
    private let dueParts: [any InboxTimeouts]
    private let clock: any Clock
    private let user: () -> String
    private let milliseconds: () -> UInt64
    private var dataVersion: Int?
    private var lastLook: UInt64 = 0
    private var watchedUser: String?
    /// When the user's next of each of `dueParts` comes due, as last read, and when that was
    /// read (real milliseconds; nil: at the next look).
    private var dues: [(at: Instant?, read: UInt64?)]
    private var more = false
    /// Looks that failed in a row (the server is down, or the connection was lost).
    private var failures = 0
    /// The tokens of claims that failed, by user: the server may have committed one with
    /// its answer lost, so the next look that works for that user asks for its entries first.
    private var unsettledClaims: [String: String] = [:]
    /// The failure of the last look while looks fail: a `collect` that does not look then
    /// throws it again, so the loop hears of one failure until a look works.
    private var lastFailure: (any Error)?

    /// A failure thrown again without a look (`lastFailure`): it counts no new failure.
    private struct StillFailing: Error {
        let failure: any Error
    }
    /// PostgreSQL: the interval to the next look, before jitter, and the one drawn for it.
    private var interval = InboxWatcher.idlePollMilliseconds
    private var drawnInterval = InboxWatcher.idlePollMilliseconds

    /// A watcher of `inbox` in `database` for the user `user()` names at each look (a
    /// script may switch users), recording what `timeouts` says is due by `clock`. Its
    /// intervals are measured in `milliseconds()`, a real, monotonic count (a test steps one
    /// of its own).
    public init(
        database: any Database, inbox: any Inbox, timeouts: (any InboxTimeouts)?, clock: any Clock,
        user: @escaping () -> String, milliseconds: @escaping () -> UInt64 = MonotonicClock.milliseconds
    ) {
        self.database = database
        self.inbox = inbox
        dueParts = timeouts?.parts ?? []
        dues = Array(repeating: (nil, nil), count: dueParts.count)
        self.clock = clock
        self.user = user
        self.milliseconds = milliseconds
    }

    /// What it reads, as standard error names it.
    public var name: String { "the inbox" }

    /// Nothing to wait on: the watcher is asked every `pollInterval`.
    public var descriptor: Int32? { nil }

    /// How long the loop may sleep before asking again, in real milliseconds.
    public var pollInterval: Int? {
        if more { return 1 }
        var wait =
            switch database.dialect.name {
            case .sqlite: Self.changePollMilliseconds
            case .postgreSQL:
                max(drawnInterval - Int(min(sinceLastLook, UInt64(drawnInterval))), 1)
            }
        if let nextDue = dues.compactMap(\.at).min(), clock.rate > 0 {
            let appMilliseconds = Double(max(nextDue.millisecondsSince1970 - clock.now().millisecondsSince1970, 0))
            wait = min(wait, Int(min(appMilliseconds / clock.rate, 1e9).rounded(.up)) + 1)
        }
        return wait
    }

    /// Looks when something may have changed (or a slow poll or a due time came) and returns
    /// the user's new entries as events, oldest first; usually nothing, for one cheap read.
    /// - Throws: a failing query. On PostgreSQL the next look then waits twice the idle
    ///   interval for each failure in a row, up to `longestRetryMilliseconds`, so a server
    ///   that is down is not asked in a tight loop; until a look works, a call that does not
    ///   look throws the last failure again.
    public func collect() throws -> [Value] {
        let userID = user()
        let look = more || userID != watchedUser
        more = false
        if userID != watchedUser {
            watchedUser = userID
            forgetDues()
        }
        do {
            return try lookNow(for: userID, asked: look)
        } catch let still as StillFailing {
            throw still.failure
        } catch {
            lastFailure = error
            lastLook = milliseconds()
            failures += 1
            nextInterval()
            forgetDues()
            throw error
        }
    }

    /// `collect`'s look: `asked` when it must read the inbox whatever changed.
    private func lookNow(for userID: String, asked: Bool) throws -> [Value] {
        var look = asked
        let elapsed = sinceLastLook
        switch database.dialect.name {
        case .sqlite:
            let version = try database.queryOne("PRAGMA data_version", []) { try $0.int(0) }
            if version != dataVersion {
                dataVersion = version
                look = true
            }
            if elapsed >= UInt64(Self.slowPollMilliseconds) { look = true }
        case .postgreSQL:
            if elapsed >= UInt64(drawnInterval) { look = true }
        }
        // A claim that failed is settled at the first look that works.
        if unsettledClaims[userID] != nil && (database.dialect.name == .sqlite || elapsed >= UInt64(drawnInterval)) {
            look = true
        }
        let now = clock.now()
        for (index, part) in dueParts.enumerated() {
            let stale = dues[index].read.map { since($0) >= UInt64(Self.dueKeptMilliseconds) } ?? true
            if look && stale { dues[index] = (try part.nextDue(for: userID), milliseconds()) }
            if let due = dues[index].at, now >= due {
                try part.recordDue(at: now)
                dues[index] = (try part.nextDue(for: userID), milliseconds())
                // Still due once recorded: someone holds the row locked (the expiries pass
                // over locked rows). Looking again at once would spin; the next read of the
                // due time, `dueKeptMilliseconds` later, tries again.
                if let again = dues[index].at, now >= again { dues[index].at = nil }
                look = true
            }
        }
        guard look else {
            if failures > 0, let lastFailure { throw StillFailing(failure: lastFailure) }
            return []
        }
        lastLook = milliseconds()
        let zone = clock.timeZone
        if let claim = unsettledClaims[userID] {
            let recovered = try inbox.claimed(of: userID, by: claim)
            unsettledClaims[userID] = nil
            failures = 0
            lastFailure = nil
            if !recovered.isEmpty {
                more = true  // and then what waits besides
                nextInterval()
                return recovered.map { $0.value(in: zone) }
            }
        }
        let waiting = try inbox.hasUndelivered(for: userID)
        failures = 0
        lastFailure = nil
        guard waiting else {
            nextInterval()
            return []
        }
        let claim = Identifier.random()
        let claimed: [InboxEntry]
        do {
            claimed = try inbox.claimUndelivered(of: userID, at: now, limit: Self.batchSize, claim: claim)
        } catch {
            unsettledClaims[userID] = claim
            throw error
        }
        more = claimed.count == Self.batchSize
        nextInterval()
        // What came may answer the user's own pending request (its due time then goes); with
        // none pending, nothing that comes can, and the due time stays as read.
        if !claimed.isEmpty {
            for index in dues.indices where dues[index].at != nil { dues[index].read = nil }
        }
        return claimed.map { $0.value(in: zone) }
    }

    /// Nothing of the user's due is known: each is read at the next look.
    private func forgetDues() {
        dues = dues.map { _ in (nil, nil) }
    }

    /// PostgreSQL: the quick interval when the script just asked something (`quick`), else
    /// twice the last one up to the idle interval; after failed looks, twice the idle
    /// interval for each up to `longestRetryMilliseconds`. Drawn within `pollJitter` below it.
    private func nextInterval(quick: Bool = false) {
        if failures > 0 {
            let doublings = min(failures, 16)
            interval = min(Self.idlePollMilliseconds << doublings, Self.longestRetryMilliseconds)
        } else {
            interval = quick ? Self.quickPollMilliseconds : min(interval * 2, Self.idlePollMilliseconds)
        }
        let shortest = Int((Double(interval) * (1 - Self.pollJitter)).rounded(.up))
        drawnInterval = Int.random(in: shortest...interval)
    }

    /// What can change when the user's next pending request comes due
    /// (`InboxTimeouts.writtenBy`): after a callback that called none of these, what was read
    /// is kept.
    public var keptFrom: Set<String>? { dueParts.reduce(into: []) { $0.formUnion($1.writtenBy) } }

    /// The script ran a route of `keptFrom` (`written`, the routes that write it called; nil:
    /// any): it may have sent a request, so when the next comes due is read again, of the
    /// parts those routes write only, and on PostgreSQL the looks come at the quick interval
    /// (unless looks fail), since an answer often follows within seconds. The interval
    /// still counts from the last look: a script that asks again and again (a timer every
    /// 0.1 s) must not put the next look off for ever.
    public func scriptRan(_ written: [String]?) {
        for (index, part) in dueParts.enumerated() {
            if written.map({ Route.names(part.writtenBy, anyOf: $0) }) ?? true { dues[index].read = nil }
        }
        guard database.dialect.name == .postgreSQL, failures == 0 else { return }
        nextInterval(quick: true)
    }

    /// Real milliseconds since the last look.
    private var sinceLastLook: UInt64 { since(lastLook) }

    /// Real milliseconds since `moment` (0 if the count went back).
    private func since(_ moment: UInt64) -> UInt64 {
        let now = milliseconds()
        return now >= moment ? now - moment : 0
    }
}
