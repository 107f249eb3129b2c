import Core
import Habits
import Testing

/// `habits.remind`, `habits.reminders` and `habits.unremind`: times as HH:MM, limits, and
/// bad input that changes nothing.
@Suite struct HabitReminderRoutesTests {
    @Test func aReminderIsSetListedAndTakenOff() throws {
        let fixture = try HabitFixture()  // 2026-01-06 12:00 in Seoul
        try fixture.create("치실 🦷", start: "2026-01-01")
        try fixture.create("Run", start: "2026-01-01")
        let set = try fixture.call("habits.remind", ["ref": "치실 🦷", "time": "21:00"])
        #expect(set["name"] == "치실 🦷")
        #expect(set["time"] == "21:00")
        #expect(set["created_at"] == "2026-01-06T12:00:00+09:00")
        // H:MM is taken and written back as HH:MM.
        #expect(try fixture.call("habits.remind", ["ref": "Run", "time": "7:05"])["time"] == "07:05")
        try fixture.call("habits.remind", ["ref": "치실 🦷", "time": "08:00"])
        let all = try fixture.call("habits.reminders")
        #expect(
            all.items.map { "\($0["time"].stringValue ?? "") \($0["name"].stringValue ?? "")" } == [
                "07:05 Run", "08:00 치실 🦷", "21:00 치실 🦷",
            ])
        #expect(try fixture.call("habits.reminders", ["ref": "Run"]).items.count == 1)
        let removed = try fixture.call("habits.unremind", ["ref": "치실 🦷", "time": "08:00"])
        #expect(removed.items.map { $0["time"] } == ["08:00"])
        #expect(try fixture.call("habits.unremind", ["ref": "치실 🦷"]).items.map { $0["time"] } == ["21:00"])
        #expect(try fixture.error("habits.unremind", ["ref": "치실 🦷"]).code == "habits.no_reminder")
        #expect(try fixture.call("habits.reminders").items.count == 1)
    }

    @Test(arguments: ["24:00", "21:60", "9pm", "21", "21:0", "", "２１:００", "21:00:00", "-1:00"])
    func aBadTimeIsRefusedAndChangesNothing(time: String) throws {
        let fixture = try HabitFixture()
        try fixture.create("Floss", start: "2026-01-01")
        let error = try fixture.error("habits.remind", ["ref": "Floss", "time": .string(time)])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "time")
        #expect(try fixture.count("habit_reminders") == 0)
    }

    @Test func aSecondReminderAtTheSameTimeIsRefused() throws {
        let fixture = try HabitFixture()
        try fixture.create("Floss", start: "2026-01-01")
        try fixture.call("habits.remind", ["ref": "Floss", "time": "21:00"])
        let error = try fixture.error("habits.remind", ["ref": "Floss", "time": "21:00"])
        #expect(error.code == "habits.reminder_exists")
        #expect(try fixture.count("habit_reminders") == 1)
    }

    @Test func aHabitHasAtMostTenReminders() throws {
        let fixture = try HabitFixture()
        try fixture.create("Water", start: "2026-01-01")
        for hour in 8..<(8 + Reminder.maximumPerHabit) {
            try fixture.call("habits.remind", ["ref": "Water", "time": .string("\(hour):00")])
        }
        let error = try fixture.error("habits.remind", ["ref": "Water", "time": "23:30"])
        #expect(error.code == "habits.too_many_reminders")
        #expect(try fixture.count("habit_reminders") == Reminder.maximumPerHabit)
    }

    @Test func anotherUsersHabitHasNoReminderOfYours() throws {
        let fixture = try HabitFixture()
        let mina = try fixture.addUser(named: "mina")
        let habit = try fixture.create("Floss", start: "2026-01-01", as: mina)
        #expect(
            try fixture.error("habits.remind", ["ref": .string(habit.id), "time": "21:00"]).code == "habits.not_found")
        try fixture.call("habits.remind", ["ref": "Floss", "time": "21:00"], as: mina)
        #expect(try fixture.call("habits.reminders").items.isEmpty)
    }

    @Test func deletingAHabitTakesItsRemindersAlong() throws {
        let fixture = try HabitFixture()
        try fixture.create("Floss", start: "2026-01-01")
        try fixture.call("habits.remind", ["ref": "Floss", "time": "21:00"])
        try fixture.call("habits.delete", ["ref": "Floss"])
        #expect(try fixture.count("habit_reminders") == 0)
    }
}
