import Time

/// Where drops are kept. On SQLite the use case applies the rules through the plain
/// operations; on a set-up PostgreSQL server the `server...` operations call the database's
/// functions, which apply them by the server's clock with the owner's rights (a member in
/// psql reads only drops they are in, and catches only through the function).
public protocol MateDropStore: Sendable {
    /// Stores a new drop, and cancels the dropper's earlier ones still alive.
    func insert(_ drop: MateDrop, at now: Instant) throws
    /// How many drops `userID` made since `since`.
    func dropsMade(by userID: String, since: Instant) throws -> Int
    /// The drop with this id that `userID` is in, nil when there is none.
    func drop(id: String, for userID: String) throws -> MateDrop?
    /// The waiting drop with this code, alive at `now`, nil when none.
    func waitingDrop(code: String, at now: Instant) throws -> MateDrop?
    /// Catches a waiting drop alive at `now` for `catcherID` with `words`: false when it was
    /// caught, ended or expired meanwhile.
    func markCaught(id: String, by catcherID: String, words: String, at now: Instant) throws -> Bool
    /// Records `userID`'s confirmation of a caught drop alive at `now`; the drop as it is
    /// then, or nil when nothing changed.
    func markConfirmed(id: String, by userID: String, at now: Instant) throws -> MateDrop?
    /// Moves a caught drop both confirmed to finished: false when it was not.
    func markFinished(id: String, at now: Instant) throws -> Bool
    /// Cancels a waiting or caught drop alive at `now` that `userID` is in: false when not.
    func markCancelled(id: String, by userID: String, at now: Instant) throws -> Bool
    /// Stores `expired` on every waiting or caught drop whose 30 seconds ended by `now`, and
    /// removes drops that ended `ManageDrops.keptSeconds` before it.
    @discardableResult
    func expire(at now: Instant) throws -> Int
    /// The earliest end of a waiting or caught drop `userID` is in.
    func nextExpiry(for userID: String) throws -> Instant?

    /// On a set-up server, a new drop drawn by the database (nil elsewhere).
    func serverDrop() throws -> MateDrop?
    /// On a set-up server, a catch judged by the database (nil elsewhere).
    func serverCatch(code: String) throws -> DropCatch?
    /// On a set-up server, a confirmation judged by the database: whether it changed
    /// anything (nil elsewhere).
    func serverConfirm(id: String) throws -> Bool?
    /// On a set-up server, a cancellation judged by the database (nil elsewhere).
    func serverCancel(id: String) throws -> Bool?
}
