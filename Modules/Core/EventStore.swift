/// Where events wait to be sent. Core declares it; Storage implements it.
public protocol EventStore: Sendable {
    /// Stores events, in order (inside the caller's transaction when there is one).
    func insert(_ events: [PendingEvent]) throws
    /// Stored events, oldest first, optionally of one name and since an instant.
    func events(named name: String?, since: Instant?, limit: Int) throws -> [StoredEvent]
    /// Removes sent events.
    func delete(ids: [Int]) throws
    /// How many events wait.
    func count() throws -> Int
}
