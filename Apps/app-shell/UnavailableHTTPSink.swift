import Core

/// An `http://` events sink, which this version cannot send to yet: every flush fails and
/// nothing is deleted, so the events wait for a version that can.
struct UnavailableHTTPSink: EventSink {
    func send(_ events: [StoredEvent], zone: TimeZoneRules) throws {
        throw AppError(code: "events.sink_failed", message: "HTTP sinks are not available yet in this app-shell")
    }
}
