import Core
import Habits
import Scripting
import Time

/// Reminders in a running `app.loop()`: the loop asks `ReminderMonitor` how long it may
/// sleep (until the next reminder, a minute at most) and, when that time has come, for the
/// `habits.reminder` events, which it hands to the `app.on` hooks. No descriptor: a
/// reminder is a time. The monitor keeps the reminders it read until the script calls a
/// route that may change them (`keptFrom`, then `scriptRan`) or a minute passes.
final class ReminderLoopSource: LoopSource {
    private let monitor: ReminderMonitor

    /// The reminders of `session`'s acting user.
    init(session: Session) { monitor = ReminderMonitor(session: session) }

    var name: String { "the habits' reminders" }

    var descriptor: Int32? { nil }

    var pollInterval: Int? { monitor.realMillisecondsToNext }

    var nextDue: Instant? { monitor.nextDue }

    func collect() throws -> [Value] { try monitor.collect() }

    var keptFrom: Set<String>? { ReminderMonitor.writtenBy }

    func scriptRan(_ written: [String]?) { monitor.forgetReminders() }
}
