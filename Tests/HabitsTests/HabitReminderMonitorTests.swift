import AppTestSupport
import Core
import Habits
import Testing
import Time

/// When a reminder comes, over a fixed clock moved by hand in a fixed zone: at its time on a
/// day its habit is due and not yet done, once; never for a habit done, skipped, paused or
/// not due that day; across daylight-saving changes as the loop's daily timers.
@Suite struct HabitReminderMonitorTests {
    /// A fixture at `start` with the habit `Floss` (from 2026-01-01) reminded at `time`, and
    /// a monitor made then (its first look).
    static func floss(
        at start: String = "2026-01-06T20:00:00+09:00", zone: String = TestApp.seoul, time: String = "21:00"
    ) throws -> (HabitFixture, ReminderMonitor) {
        let fixture = try HabitFixture(now: start, zone: zone)
        try fixture.create("Floss", start: "2026-01-01")
        try fixture.call("habits.remind", ["ref": "Floss", "time": .string(time)])
        let monitor = ReminderMonitor(session: fixture.session)
        #expect(try monitor.collect().isEmpty, "no time has passed")
        return (fixture, monitor)
    }

    static func names(_ events: [Value]) -> [String] {
        events.map { "\($0["name"].stringValue ?? "") \($0["habit"]["name"].stringValue ?? "")" }
    }

    @Test func aPendingHabitIsRemindedOnceAtItsTime() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.setNow("2026-01-06T20:59:59+09:00")
        #expect(try monitor.collect().isEmpty)
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        let events = try monitor.collect()
        #expect(Self.names(events) == ["habits.reminder Floss"])
        let event = try #require(events.first)
        #expect(event["params"]["time"] == "21:00")
        #expect(event["params"]["day"] == "2026-01-06")
        #expect(event["params"]["ref"] == event["habit"]["id"])
        #expect(event["occurred_at"] == "2026-01-06T21:00:00.000+09:00")
        try fixture.setNow("2026-01-06T21:30:00+09:00")
        #expect(try monitor.collect().isEmpty, "once a day")
        try fixture.setNow("2026-01-07T21:00:10+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"], "and again the next day")
    }

    /// A reminder due while the reminders could not be read (a server down) comes at the
    /// first look that works, once; the looks in between fail, each of them.
    @Test func aReminderDueWhileTheReadsFailedComesWhenTheyWork() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.setNow("2026-01-06T20:59:59+09:00")
        #expect(try monitor.collect().isEmpty)
        try fixture.database.execute("ALTER TABLE habit_reminders RENAME TO habit_reminders_away")
        monitor.forgetReminders()  // as after a callback: the next look reads
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        #expect(throws: (any Error).self) { try monitor.collect() }
        try fixture.setNow("2026-01-06T21:00:02+09:00")
        #expect(throws: (any Error).self) { try monitor.collect() }
        try fixture.database.execute("ALTER TABLE habit_reminders_away RENAME TO habit_reminders")
        try fixture.setNow("2026-01-06T21:00:05+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"])
        try fixture.setNow("2026-01-06T21:00:10+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    @Test func aHabitDoneBefore21IsNotReminded() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.complete("Floss", on: "2026-01-06")
        try fixture.setNow("2026-01-06T21:00:30+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    @Test func aSkippedOrPausedDayIsNotReminded() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.call("habits.skip", ["ref": "Floss", "on": "2026-01-06"])
        try fixture.call("habits.pause", ["ref": "Floss", "from": "2026-01-07", "to": "2026-01-07"])
        try fixture.setNow("2026-01-06T21:01:00+09:00")
        #expect(try monitor.collect().isEmpty, "skipped")
        try fixture.setNow("2026-01-07T21:01:00+09:00")
        #expect(try monitor.collect().isEmpty, "paused")
        try fixture.setNow("2026-01-08T21:01:00+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"], "after the pause")
    }

    @Test func aDayTheHabitIsNotDueIsNotReminded() throws {
        let (fixture, monitor) = try Self.floss()
        // 2026-01-06 is a Tuesday.
        try fixture.call(
            "habits.set_frequency",
            ["ref": "Floss", "frequency": ["weekdays": ["mon", "wed"]], "from": "2026-01-01"])
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        #expect(try monitor.collect().isEmpty, "Tuesday: not due")
        try fixture.setNow("2026-01-07T21:00:00+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"], "Wednesday: due")
    }

    @Test func aWeekThatMetItsFrequencyIsNotReminded() throws {
        let (fixture, monitor) = try Self.floss(at: "2026-01-08T20:00:00+09:00")  // Thursday
        try fixture.call(
            "habits.set_frequency", ["ref": "Floss", "frequency": ["times": 2, "per": "week"], "from": "2026-01-01"])
        try fixture.complete("Floss", on: "2026-01-05")
        try fixture.complete("Floss", on: "2026-01-06")
        try fixture.setNow("2026-01-08T21:00:00+09:00")
        #expect(try monitor.collect().isEmpty, "a rest day")
    }

    @Test func anArchivedHabitOrOneNotStartedIsNotReminded() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.create("Later", start: "2026-01-20")
        try fixture.call("habits.remind", ["ref": "Later", "time": "21:00"])
        try fixture.call("habits.archive", ["ref": "Floss"])
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    @Test func aReminderWhoseTimePassedBeforeTheShellStartedDoesNotCome() throws {
        let (fixture, monitor) = try Self.floss(at: "2026-01-06T21:30:00+09:00")
        try fixture.setNow("2026-01-06T23:59:00+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    /// The shell makes the monitor as it starts; a script's set-up may take past the time
    /// before its loop first asks (a slow server, a fast test clock): the reminder comes then.
    @Test func aReminderWhoseTimeCameBeforeTheLoopsFirstQuestionComes() throws {
        let fixture = try HabitFixture(now: "2026-01-06T20:59:00+09:00")
        let monitor = ReminderMonitor(session: fixture.session)
        try fixture.create("Floss", start: "2026-01-01")
        try fixture.call("habits.remind", ["ref": "Floss", "time": "21:00"])
        try fixture.setNow("2026-01-06T21:02:00+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"])
    }

    @Test func aLateLookStillRemindsThatDayButNeverTheNext() throws {
        let (fixture, monitor) = try Self.floss()
        // The machine slept from 20:00 to 23:00: the reminder comes late, once.
        try fixture.setNow("2026-01-06T23:00:00+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"])
        // It slept from 23:00 to the next morning: the evening of the 7th is still to come.
        try fixture.setNow("2026-01-07T08:00:00+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    @Test func aReminderSetWhileWatchingCounts() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.create("Read", start: "2026-01-01")
        try fixture.setNow("2026-01-06T20:30:00+09:00")
        #expect(try monitor.collect().isEmpty)
        try fixture.call("habits.remind", ["ref": "Read", "time": "20:45"])
        monitor.forgetReminders()  // as the loop does after the callback that set it
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Read", "habits.reminder Floss"])
    }

    /// The monitor keeps what it read: a reminder set without the loop's word (by another
    /// process) is found once the kept reminders are forgotten or a minute old, and one
    /// whose time passed meanwhile comes then, late, once.
    @Test func aReminderSetElsewhereWhileTheCopyWasKeptComesLateOnce() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.create("Read", start: "2026-01-01")
        try fixture.setNow("2026-01-06T20:30:00+09:00")
        try fixture.call("habits.remind", ["ref": "Read", "time": "20:45"])
        try fixture.setNow("2026-01-06T20:50:00+09:00")
        #expect(try monitor.collect().isEmpty, "kept: Read is not known yet")
        monitor.forgetReminders()
        try fixture.setNow("2026-01-06T20:55:00+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Read"], "late, once")
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"])
    }

    /// A reminder set for a time already past does not come that day, kept copy or not.
    @Test func aReminderSetForATimeAlreadyPastDoesNotCome() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.create("Read", start: "2026-01-01")
        try fixture.setNow("2026-01-06T20:50:00+09:00")
        #expect(try monitor.collect().isEmpty)
        try fixture.call("habits.remind", ["ref": "Read", "time": "20:45"])
        monitor.forgetReminders()
        try fixture.setNow("2026-01-06T20:55:00+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    /// A kept reminder that another process took off does not come: they are read again
    /// before one comes.
    @Test func aReminderTakenOffElsewhereDoesNotCome() throws {
        let (fixture, monitor) = try Self.floss()
        try fixture.setNow("2026-01-06T20:30:00+09:00")
        #expect(try monitor.collect().isEmpty)
        try fixture.call("habits.unremind", ["ref": "Floss"])
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    @Test func anotherUsersRemindersAreNotYours() throws {
        let (fixture, _) = try Self.floss()
        let mina = try fixture.addUser(named: "mina")
        let monitor = ReminderMonitor(session: fixture.session(for: mina))
        #expect(try monitor.collect().isEmpty)
        try fixture.setNow("2026-01-06T21:00:00+09:00")
        #expect(try monitor.collect().isEmpty)
    }

    /// 2026-03-08 in New York: 02:00 EST becomes 03:00 EDT, so 02:30 does not exist; the
    /// reminder comes at 03:00 EDT, once.
    @Test func aTimeTheSpringChangeSkipsComesAtTheFirstMinuteAfterTheGap() throws {
        let (fixture, monitor) = try Self.floss(
            at: "2026-03-08T01:00:00-05:00", zone: "America/New_York", time: "02:30")
        try fixture.setNow("2026-03-08T01:59:59-05:00")
        #expect(try monitor.collect().isEmpty)
        try fixture.setNow("2026-03-08T03:00:30-04:00")
        let events = try monitor.collect()
        #expect(Self.names(events) == ["habits.reminder Floss"])
        try fixture.setNow("2026-03-08T12:00:00-04:00")
        #expect(try monitor.collect().isEmpty)
    }

    @Test func theGapsInstantIsWhereTheScheduleSaysIt() throws {
        let zone = try TimeZoneRules.named("America/New_York")
        let time = try #require(DailyTime(parsing: "02:30"))
        let reminder = Reminder(habitID: "h", time: time, createdAt: Instant(secondsSince1970: 0))
        let since = try TestTime.instant("2026-03-08T01:00:00-05:00")
        #expect(
            ReminderSchedule.next([reminder], after: since, in: zone)
                == (try TestTime.instant("2026-03-08T03:00:00-04:00")))
        let beforeGap = try TestTime.instant("2026-03-08T01:59:00-05:00")
        #expect(ReminderSchedule.due([reminder], after: since, upTo: beforeGap, in: zone).isEmpty)
        let atThree = try TestTime.instant("2026-03-08T03:00:00-04:00")
        #expect(ReminderSchedule.due([reminder], after: since, upTo: atThree, in: zone).map(\.at) == [atThree])
    }

    /// 2026-11-01 in New York: 02:00 EDT becomes 01:00 EST, so 01:30 comes twice; the
    /// reminder comes at the first, and not at the second.
    @Test func aTimeTheAutumnChangeRepeatsComesOnce() throws {
        let (fixture, monitor) = try Self.floss(
            at: "2026-11-01T00:00:00-04:00", zone: "America/New_York", time: "01:30")
        try fixture.setNow("2026-11-01T01:30:00-04:00")
        #expect(Self.names(try monitor.collect()) == ["habits.reminder Floss"])
        try fixture.setNow("2026-11-01T01:30:00-05:00")
        #expect(try monitor.collect().isEmpty)
        try fixture.setNow("2026-11-01T23:00:00-05:00")
        #expect(try monitor.collect().isEmpty)
    }

    @Test func theWaitReachesTheNextReminderAtTheClocksRate() throws {
        let fixture = try HabitFixture(now: "2026-01-06T20:00:00+09:00")
        try fixture.create("Floss", start: "2026-01-01")
        // A still clock: the loop is never woken for a reminder.
        #expect(ReminderMonitor(session: fixture.session).realMillisecondsToNext == nil)
        let start = try TestTime.instant("2026-01-06T20:00:00+09:00")
        let fast = try ScaledClock(
            start: start, rate: 3600, timeZone: try TimeZoneRules.named(TestApp.seoul))
        let monitor = ReminderMonitor(session: Session(user: fixture.user, clock: fast, container: fixture.container))
        #expect(monitor.realMillisecondsToNext == ReminderMonitor.longestWait, "no reminders: a minute")
        try fixture.call("habits.remind", ["ref": "Floss", "time": "21:00"])
        monitor.forgetReminders()
        // An hour of app time at 3,600 times real time: about one real second.
        let wait = try #require(monitor.realMillisecondsToNext)
        #expect((900...1_001).contains(wait), "\(wait)")
    }
}
