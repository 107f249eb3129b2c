import Time

/// Where events wait to be sent. Core declares it; Storage implements it.
///
/// The store keeps a bounded backlog: past its capacity the oldest events are dropped and
/// counted per user. Reading a user's events then starts with one `events.dropped` event
/// (`StoredEvent.droppedName`, param `count`) standing for the ones that user lost, so
/// neither a script nor a sink mistakes a gap for nothing having happened.
public protocol EventStore: Sendable {
    /// Stores events, in order (inside the caller's transaction when there is one), then
    /// drops the oldest stored events beyond the capacity.
    func insert(_ events: [PendingEvent]) throws
    /// The stored events of user `userID`, oldest first, optionally of one name and since
    /// an instant; led by the `events.dropped` event when some of that user's were dropped.
    func events(of userID: String, named name: String?, since: Instant?, limit: Int) throws -> [StoredEvent]
    /// Removes user `userID`'s sent events (an `events.dropped` event among them resets
    /// that user's count of dropped events).
    func delete(_ events: [StoredEvent], of userID: String) throws
    /// How many events of user `userID` wait.
    func count(of userID: String) throws -> Int
}
