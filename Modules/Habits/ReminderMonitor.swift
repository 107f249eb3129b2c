import Core
import Time

/// What a running `app.loop()` asks about reminders: how long it may sleep before the next
/// one comes, and which came since it last asked (as `habits.reminder` events for the
/// `app.on` hooks). The shell wraps it in a `LoopSource`.
///
/// It keeps the acting user's reminders as it read them until the script runs again (the
/// loop calls `forgetReminders()` after every callback, which may have set one) or
/// `longestWait` passes (another process may have), so a waiting loop does not read them
/// every time it wakes. Nothing is lost by keeping them: a reminder the next read finds
/// that the kept copy lacked is judged from the moment that copy was read, or it was set
/// if later (one another process set whose time passed meanwhile comes, late, once), and
/// before a kept reminder comes they are read again (one another process took off does
/// not come). A reminder comes when its time has passed
/// since the last look, on a day its habit is due and not yet done (`ReminderCheck`). The
/// monitor's making counts as its first look (the shell makes it as it starts), so a
/// reminder whose time comes while the script sets up, before `app.loop()` runs, still
/// comes once the loop runs; one whose time passed before the shell started does not.
///
/// Not shared: the loop's thread alone uses it.
public final class ReminderMonitor {
    /// The longest real time between two looks, in milliseconds, and the longest the
    /// reminders read are kept: a reminder another process sets is seen within a minute.
    public static let longestWait = 60_000

    private let session: Session
    /// The last look and whose it was; nil as the user until the first `collect`, since the
    /// shell builds its engine (and this monitor) before the database has named the user.
    private var lastLook: (user: String?, at: Instant)?
    /// The reminders last read: whose, when (real milliseconds, `CLOCK_MONOTONIC`, and the
    /// app's clock), and whether they still count (false once forgotten: they stay to tell
    /// what the next read adds).
    private var kept: (user: String, reminders: [Reminder], at: UInt64, appAt: Instant, current: Bool)?
    /// Reminders a read found that the copy it replaced lacked, each with the app time that
    /// copy was read: the next `collect` judges them from then.
    private var added: [(reminder: Reminder, since: Instant)] = []
    /// Whether the last read failed (a server that is down): until one works, every
    /// `collect` reads again, so it fails again rather than answering from the kept copy.
    private var readFailed = false

    /// A monitor of `session`'s acting user, on its clock, looking first now.
    public init(session: Session) {
        self.session = session
        lastLook = (nil, session.clock.now())
    }

    /// The instant the next reminder comes, by the clock alone; nil when there is none or
    /// the reminders cannot be read (the next `collect` reports why). A clock the loop steps
    /// (`SteppedClock`) is moved straight to it.
    public var nextDue: Instant? {
        let clock = session.clock
        let now = clock.now()
        let since = lastLook.map { min($0.at, now) } ?? now
        guard let reminders = try? reminders(of: session.user.id).list else { return nil }
        return ReminderSchedule.next(reminders, after: since, in: clock.timeZone)
    }

    /// Real milliseconds until the next reminder comes (at least 1, at most `longestWait`),
    /// or nil when the clock stands still; `longestWait` when there are no reminders. A
    /// failing read says 1 s, and the next `collect` reports the failure.
    public var realMillisecondsToNext: Int? {
        let clock = session.clock
        guard clock.rate > 0 else { return nil }
        let now = clock.now()
        let since = lastLook.map { min($0.at, now) } ?? now
        guard let reminders = try? reminders(of: session.user.id).list else { return 1_000 }
        guard let next = ReminderSchedule.next(reminders, after: since, in: clock.timeZone) else {
            return Self.longestWait
        }
        // One app millisecond more, so the clock has surely reached it.
        let app = Double(next.millisecondsSince1970 - now.millisecondsSince1970 + 1)
        let real = (max(app, 0) / clock.rate).rounded(.up)
        return Int(min(max(real, 1), Double(Self.longestWait)))
    }

    /// The reminders that came since the last look, as `habits.reminder` events (recorded
    /// for the events table too), oldest first: `{name, view, params = {ref, time, day},
    /// occurred_at, user_id, habit}`, where `habit` is the habit record (the stored event
    /// keeps only its id, as every event does).
    /// - Throws: storage errors.
    public func collect() throws -> [Value] {
        let clock = session.clock
        let now = clock.now()
        let user = session.user
        // Another acting user (app.login in a callback) starts from now.
        guard let last = lastLook, last.user == nil || last.user == user.id else {
            lastLook = (user.id, now)
            return []
        }
        if readFailed { forgetReminders() }
        do {
            let events = try collect(since: last.at, now: now, user: user)
            // Moved on only once the reads worked: a reminder due while they failed comes
            // at the first look that works.
            lastLook = (user.id, now)
            readFailed = false
            return events
        } catch {
            readFailed = true
            throw error
        }
    }

    /// `collect`'s reads and events: the reminders due after `since` up to `now`.
    private func collect(since lastAt: Instant, now: Instant, user: User) throws -> [Value] {
        let clock = session.clock
        let last = (user: user.id as String?, at: lastAt)
        let store = try store()
        let zone = clock.timeZone
        var (current, justRead) = try reminders(of: user.id)
        var due = ReminderSchedule.due(current, after: last.at, upTo: now, in: zone)
        if !due.isEmpty, !justRead {
            // Kept, not just read: read again, so one another process took off does not come.
            forgetReminders()
            current = try reminders(of: user.id).list
            due = ReminderSchedule.due(current, after: last.at, upTo: now, in: zone)
        }
        // Set while an older copy was kept: judged from that copy's read, or from when it
        // was set if later (a reminder set for a time already past does not come), once.
        for entry in added where current.contains(entry.reminder) {
            let since = max(entry.since, entry.reminder.createdAt)
            guard since < last.at else { continue }
            for late in ReminderSchedule.due([entry.reminder], after: since, upTo: now, in: zone)
            where !due.contains(where: { $0.reminder == late.reminder }) {
                due.append(late)
            }
        }
        added = []
        due.sort { $0.at < $1.at }
        guard !due.isEmpty else { return [] }
        let today = now.localDay(in: clock.timeZone)
        let pending = try ReminderCheck(store).pending(Set(due.map(\.reminder.habitID)), on: today, ownerID: user.id)
        let recorder = try session.container.resolveIfRegistered(EventRecorder.self)
        return due.compactMap { entry in
            guard let habit = pending[entry.reminder.habitID] else { return nil }
            let event = PendingEvent(
                name: "habits.reminder", view: "habits",
                params: [("ref", habit.id), ("time", entry.reminder.time.description), ("day", today.description)],
                occurredAt: now, userID: user.id)
            recorder?.record(event)
            guard case .table(var record) = event.value(in: clock.timeZone) else { return nil }
            record["habit"] = HabitValues.habit(habit, zone: clock.timeZone)
            return .table(record)
        }
    }

    /// What can change the reminders: the habits' routes, and `app.import`. A running loop
    /// has the monitor forget what it keeps after a callback that called one of these
    /// (`LoopSource.keptFrom`).
    public static let writtenBy: Set<String> = [HabitsPlugin.moduleName, "app.import"]

    /// Forgets the reminders read: the next look reads them again.
    public func forgetReminders() { kept?.current = false }

    /// `user`'s reminders: those kept, or read now (`read`).
    private func reminders(of user: String) throws -> (list: [Reminder], read: Bool) {
        let now = MonotonicClock.milliseconds()
        if let kept, kept.current, kept.user == user, now >= kept.at, now - kept.at < UInt64(Self.longestWait) {
            return (kept.reminders, false)
        }
        let read = try store().reminders.reminders(ownedBy: user)
        if let kept, kept.user == user {
            added += read.filter { !kept.reminders.contains($0) }.map { ($0, kept.appAt) }
        } else {
            added = []
        }
        kept = (user, read, now, session.clock.now(), true)
        return (read, true)
    }

    private func store() throws -> ReminderStore { try session.container.resolve(ReminderStore.self) }
}
