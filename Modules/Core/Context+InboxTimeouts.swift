extension Context {
    /// Records what the passing of time has left in the inboxes (a request nobody answered),
    /// when a feature registered how (`InboxTimeouts`): as one looks, before reading them.
    func recordInboxTimeouts() throws {
        if let timeouts = try container.resolveIfRegistered((any InboxTimeouts).self) {
            try timeouts.recordDue(at: clock.now())
        }
    }
}
