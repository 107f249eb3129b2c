import Time

/// Where `events.flush` sends events: a JSON Lines file or an HTTP endpoint.
public protocol EventSink: Sendable {
    /// Sends one batch; returns only when the sink has taken it all.
    /// - Throws: any error when the sink did not take the batch (nothing is deleted then).
    func send(_ events: [StoredEvent], zone: TimeZoneRules) throws
}
