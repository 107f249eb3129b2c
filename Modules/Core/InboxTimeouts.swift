import Time

/// What the passing of time puts into inboxes: a walk request nobody answered within its
/// window becomes `walks.answered` with answer `expired` for its sender. No process runs
/// in the background, so it is recorded when someone looks: `app.inbox` and a running
/// loop's watcher call `recordDue` (a loop when one of its user's requests comes due).
/// Walks and Mates implement it (`ModulePlugin.inboxTimeouts`); Core declares it so the
/// inbox needs no feature module.
public protocol InboxTimeouts: Sendable {
    /// Records, for everyone, what is due at `now` (each only once: an expired request is
    /// final). A store that judges time by the database's clock judges by that clock.
    func recordDue(at now: Instant) throws
    /// When the next thing of `userID`'s own comes due (the earliest window of a pending
    /// request they sent), or nil when nothing is waiting.
    func nextDue(for userID: String) throws -> Instant?
    /// The routes (`walks.request`) or modules whose calls can change what `nextDue` says
    /// for the process's own user: a running loop reads `nextDue` again after a callback
    /// that called one (`LoopSource.keptFrom`), else after something arrived or
    /// `InboxWatcher.dueKeptMilliseconds`.
    var writtenBy: Set<String> { get }
    /// The timeouts this one is made of, each of which a loop's watcher reads and keeps
    /// apart (a walk request sent reads when the walks' next comes due again, not the
    /// drops'); itself by default.
    var parts: [any InboxTimeouts] { get }
}

extension InboxTimeouts {
    /// Itself, read whole.
    public var parts: [any InboxTimeouts] { [self] }
}
