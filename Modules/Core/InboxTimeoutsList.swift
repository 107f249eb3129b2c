import Time

/// Every plugin's `InboxTimeouts` as one, for the inbox (`ModulePlugin.inboxTimeouts`).
public struct InboxTimeoutsList: InboxTimeouts {
    /// The plugins' timeouts, in plugin order.
    public let timeouts: [any InboxTimeouts]

    /// The list of `timeouts`.
    public init(_ timeouts: [any InboxTimeouts]) { self.timeouts = timeouts }

    /// Records what is due for each, in order.
    public func recordDue(at now: Instant) throws {
        for timeout in timeouts { try timeout.recordDue(at: now) }
    }

    /// Every one's routes and modules.
    public var writtenBy: Set<String> { timeouts.reduce(into: []) { $0.formUnion($1.writtenBy) } }

    /// Each of them, so that a watcher reads again only the one a route may have changed.
    public var parts: [any InboxTimeouts] { timeouts.flatMap(\.parts) }

    /// The earliest of theirs.
    public func nextDue(for userID: String) throws -> Instant? {
        try timeouts.compactMap { try $0.nextDue(for: userID) }.min()
    }
}
