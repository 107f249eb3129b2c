import Core
import Habits
import Testing

/// Two active habits of one user never share a name, compared ignoring case and Unicode
/// form (NFC and case folding, as nicknames are compared); archived habits and other
/// users' habits do not count. Today is 2026-01-06 in Seoul.
@Suite struct HabitNameTakenTests {
    let fixture: HabitFixture

    init() throws { fixture = try HabitFixture() }

    static let sameNames: [(String, String)] = [
        ("Run", "Run"), ("Run", "run"), ("Run", " RUN \n"), ("달리기", "달리기"),
        // Composed and decomposed Hangul, and é as one code point or e + combining accent.
        ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"), ("Caf\u{E9}", "CAFE\u{301}"), ("🐶 walk", "🐶 WALK"),
    ]

    @Test(arguments: sameNames)
    func createWithTheNameOfAnActiveHabitIsNameTakenAndWritesNothing(first: String, second: String) throws {
        try fixture.create(first)
        let before = try fixture.snapshot()
        let error = try fixture.error("habits.create", ["name": .string(second)])
        #expect(error.code == "habits.name_taken")
        #expect(error.field == "name")
        #expect(try fixture.snapshot() == before)
    }

    @Test(arguments: sameNames)
    func renameToTheNameOfAnotherActiveHabitIsNameTaken(first: String, second: String) throws {
        try fixture.create(first)
        let other = try fixture.create("Other")
        let error = try fixture.error("habits.rename", ["ref": .string(other.id), "name": .string(second)])
        #expect(error.code == "habits.name_taken")
        #expect(error.field == "name")
        #expect(try fixture.stored(other.id)?.name == "Other")
    }

    @Test func renameOfAHabitToAnotherCaseOfItsOwnNameWorks() throws {
        let habit = try fixture.create("run")
        let renamed = try fixture.call("habits.rename", ["ref": .string(habit.id), "name": "Run"])
        #expect(renamed["name"] == "Run")
    }

    @Test func anArchivedHabitsNameIsFreeButItCannotBeUnarchivedBesideTheNewOne() throws {
        try fixture.create("Run", start: "2026-01-01")
        let old = try fixture.call("habits.archive", ["ref": "Run"])
        let new = try fixture.call("habits.create", ["name": "run"])
        #expect(new["name"] == "run")
        let error = try fixture.error("habits.unarchive", ["ref": old["id"]])
        #expect(error.code == "habits.name_taken")
        #expect(try fixture.call("habits.get", ["ref": old["id"]])["archived"] == true)
    }

    @Test func aHabitStoredBeforeNamesWereFoldedStillTakesItsName() throws {
        try fixture.create("Caf\u{E9}")
        // As a database migrated from before the folded column holds it.
        try fixture.database.execute("UPDATE habits SET name_folded = NULL")
        let error = try fixture.error("habits.create", ["name": "CAFE\u{301}"])
        #expect(error.code == "habits.name_taken")
        #expect(try fixture.count("habits") == 1)
    }

    @Test func anotherUsersHabitDoesNotTakeTheName() throws {
        let mina = try fixture.addUser(named: "mina")
        try fixture.create("Run", as: mina)
        #expect(try fixture.create("Run").name == "Run")
    }
}
