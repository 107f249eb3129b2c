import Core
import Time

/// Something besides timers that wakes `app.loop()` and hands it events for the `app.on`
/// hooks: the extension point for events other processes cause (a database watcher that
/// reads SQLite's `PRAGMA data_version` a few times a second, or a PostgreSQL inbox every
/// second).
///
/// The loop waits on every source's `descriptor` (and its own wake-up descriptor) with
/// `ppoll`, for at most the smallest `pollInterval`, and asks each source to `collect`
/// after a wake-up; it never spins. `collect` runs on the loop's thread between callbacks,
/// outside any Lua run: keep it short (one query).
public protocol LoopSource: AnyObject {
    /// What the source reads, as standard error names it ("the inbox").
    var name: String { get }
    /// A descriptor that becomes readable when something may have happened (a socket);
    /// nil for a source that is only asked every `pollInterval`.
    var descriptor: Int32? { get }
    /// The longest the loop may sleep before asking this source, in real milliseconds; nil
    /// for no limit (a source woken by its descriptor alone).
    var pollInterval: Int? { get }
    /// The app-time instant at which this source next has something to hand over by the
    /// clock alone (a reminder's time); nil when nothing is due by the clock (events other
    /// processes cause come whenever they come). A clock the loop steps
    /// (`--clock-speed instant`) is moved straight to the earliest of these and the timers.
    var nextDue: Instant? { get }
    /// What happened since the last call: events in the shape `app.on` hooks receive
    /// (`StoredEvent.value(in:)`), oldest first; empty when nothing did.
    /// - Throws: a failure the loop reports on standard error; the loop goes on.
    func collect() throws -> [Value]
    /// What writes what this source keeps of the database: modules (`habits`: every route of
    /// theirs) and routes (`walks.request`). After a callback that called none of these that
    /// writes (a route not `readsOnly`), the loop does not call `scriptRan`. nil: after every
    /// callback.
    var keptFrom: Set<String>? { get }
    /// The script ran (as the loop starts, and after a callback that called a route
    /// `keptFrom` names that writes): what the source read of the database may be
    /// stale, since the script may have written it. A source that keeps what it read (the
    /// reminders, a sender's pending requests) reads it again, or only what `written` (the
    /// routes that write the callback called; perhaps none, for a source whose `keptFrom`
    /// is nil) may have changed; nil: anything may have changed (the loop starts).
    func scriptRan(_ written: [String]?)
}

extension LoopSource {
    /// A source that does not name itself.
    public var name: String { "a loop source" }

    /// Nothing is due by the clock alone.
    public var nextDue: Instant? { nil }

    /// Told after every callback.
    public var keptFrom: Set<String>? { nil }

    /// Nothing kept, nothing to forget.
    public func scriptRan(_ written: [String]?) {}
}
