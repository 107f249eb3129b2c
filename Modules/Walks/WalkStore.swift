import Core
import Time

/// Where walk requests and walk logs are kept. Every answer is one conditional update, so
/// when two people (or processes) answer one request at once exactly one wins.
public protocol WalkStore: Sendable {
    /// Sends a new request to the user `reference` names (a name, in any case, or an id),
    /// in one statement, only when that is someone else, the two are mates and the sender
    /// made fewer than `WalkRequest.maximumPerMinute` in the minute before; returns it as
    /// stored (a store that judges time by the database's clock sets its `createdAt`, and
    /// so `expiresAt`, by that clock) with its recipient; nil when it was not stored.
    /// `request.recipientID` is not read. A store may refuse past the rate by throwing
    /// instead (PostgreSQL's trigger, with `WalksSchema.rateMessage`).
    func send(_ request: WalkRequest, to reference: String) throws -> SentWalkRequest?
    /// How many requests `userID` made in the 60 seconds before `now` (the database's
    /// clock when the store judges by it).
    func sentInLastMinute(by userID: String, at now: Instant) throws -> Int
    /// The request with this id; a pending one past its window reads as `expired` when the
    /// store judges time by the database's clock.
    func request(id: String) throws -> WalkRequest?
    /// Requests to (`incoming`) or from a user, newest first.
    func requests(of userID: String, incoming: Bool) throws -> [WalkRequest]
    /// Moves a pending, unexpired request to `status` when `userID` may give that answer (the
    /// recipient accepts or declines, the sender cancels; an acceptance only while the two
    /// are mates), in one conditional update; returns the answered request, or nil when
    /// nothing changed (not theirs to answer, no longer pending, expired, or no longer
    /// mates), with the two people's names read by the same statement. `now` is the app's
    /// clock; a store that judges time by the database's clock uses that instead.
    func answer(id: String, with status: WalkStatus, by userID: String, at now: Instant) throws
        -> AnsweredWalkRequest?
    /// Cancels the pending, unexpired requests between two users, both ways; returns how many.
    @discardableResult
    func cancelPending(between userID: String, and otherID: String, at now: Instant) throws -> Int
    /// Stores `expired` on every pending request whose window has closed by `now` (by the
    /// database's clock when the store judges by it); returns how many.
    @discardableResult
    func expirePending(at now: Instant) throws -> Int
    /// The earliest window end of a pending request `userID` sent, closed already or not.
    func nextExpiry(sentBy userID: String) throws -> Instant?
    /// Stores a walk log and its route's points (none for a walk logged by hand), in the
    /// caller's transaction.
    func insert(_ log: WalkLog, route: [WalkRoutePoint]) throws
    /// A user's walk logs starting in [from, to), newest first.
    func logs(of userID: String, from: Instant?, to: Instant?) throws -> [WalkLog]
    /// The user's walk log with this id, nil when there is none of theirs.
    func log(id: String, userID: String) throws -> WalkLog?
    /// Whether the user has a walk that started and ended at these instants (an import
    /// run twice).
    func hasLog(of userID: String, startedAt: Instant, endedAt: Instant) throws -> Bool
    /// The routes of the user's walks with these ids, by id, each in order; a walk without
    /// a route (or not theirs) has no entry. One statement, however many walks.
    func routes(of walkIDs: [String], userID: String) throws -> [String: [WalkRoutePoint]]
}
