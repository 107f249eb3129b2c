import Core
import Time

/// When reminders come due, on the app's clock: pure, told the time, so tests can walk a
/// day (or a daylight-saving change) instant by instant.
///
/// A reminder's time names an instant on each local day as a daily timer's does
/// (`DailyTime.occurrence`): a time a change skips comes at the first minute after the gap,
/// a time it repeats comes once, at the first. A reminder is about its own day: one whose
/// time passed while nobody looked (the machine slept) still comes, late, while that day
/// lasts, and never on a later day.
public enum ReminderSchedule {
    /// The reminders whose time today (the local day of `now`) lies after `since` and at or
    /// before `now`, each with that instant, earliest first (ties in the given order).
    public static func due(_ reminders: [Reminder], after since: Instant, upTo now: Instant, in zone: TimeZoneRules)
        -> [(reminder: Reminder, at: Instant)]
    {
        let today = now.localDay(in: zone)
        let due = reminders.enumerated().compactMap { index, reminder -> (Int, Reminder, Instant)? in
            let instant = reminder.time.occurrence(on: today, in: zone)
            return since < instant && instant <= now ? (index, reminder, instant) : nil
        }
        return due.sorted { ($0.2, $0.0) < ($1.2, $1.0) }.map { ($0.1, $0.2) }
    }

    /// The first instant after `since` at which one of `reminders` comes; nil when there are none.
    public static func next(_ reminders: [Reminder], after since: Instant, in zone: TimeZoneRules) -> Instant? {
        reminders.map { $0.time.nextOccurrence(after: since, in: zone) }.min()
    }
}
