import AppTestSupport
import Core
import Formats
import FoundationEssentials
import Storage
import Testing

@testable import AppShell

/// The export document through the whole app: a round trip into an empty database gives the
/// same document, importing it again changes nothing, and bad or newer documents change
/// nothing either.
@Suite struct DataPortabilityTests {
    typealias App = RouteReturnShapeTests.App

    /// Fills `app` with one of everything the document holds, as "me"; with `community`, a
    /// comment and a reply on my public story and a report (and so a block) of "mina".
    static func fill(_ app: App, withMate: Bool = false, community: Bool = false) throws {
        try app.call("habits.create", ["name": "Run", "start": "2026-11-01"])
        try app.call("habits.complete", ["ref": "Run", "on": "2026-11-02"])
        try app.call("habits.complete", ["ref": "Run", "on": "2026-11-05"])
        try app.call("habits.create", ["name": "물 마시기 💧", "start": "2026-11-10"])
        try app.call("habits.archive", ["ref": "물 마시기 💧"])
        // What habits have beyond a daily yes/no: the habits section's version 2.
        try app.call(
            "habits.create", ["name": "Gym 🏋️", "start": "2026-11-02", "frequency": ["times": 3, "per": "week"]])
        try app.call("habits.complete", ["ref": "Gym 🏋️", "on": "2026-11-03"])
        try app.call("habits.skip", ["ref": "Gym 🏋️", "on": "2026-11-04"])
        try app.call("habits.pause", ["ref": "Gym 🏋️", "from": "2026-11-20", "to": "2026-11-25"])
        try app.call("habits.note", ["ref": "Gym 🏋️", "text": "다리 운동 🦵\n둘째 줄", "on": "2026-11-03"])
        try app.call(
            "habits.create", ["name": "읽기", "start": "2026-11-01", "unit": "쪽", "target": 20, "at_most": false])
        try app.call("habits.complete", ["ref": "읽기", "on": "2026-11-02", "value": 25.5])
        try app.call("habits.complete", ["ref": "읽기", "on": "2026-11-03", "value": 5])
        try app.call("habits.remind", ["ref": "Run", "time": "21:00"])
        try app.call("habits.remind", ["ref": "물 마시기 💧", "time": "07:30"])
        let theme = try app.field(try app.call("bookstories.themes.create", ["name": "성장", "description": "자람"]), "id")
        let demian = try app.call(
            "bookstories.create",
            [
                "book": ["title": "데미안", "author": "헤르만 헤세", "publisher": "민음사"],
                "quotes": [["text": "새는 알에서 나오려고 투쟁한다.", "page": 98], "알은 세계다."],
                "content": "🐣\n둘째 줄", "keywords": ["성장", "#자아"], "themes": [theme], "visibility": "public",
            ])
        if community {
            let comment = try app.call(
                "bookstories.comment", ["story_id": try app.field(demian, "id"), "text": "다시 읽어도 좋다 🌱"])
            try app.call("bookstories.reply", ["comment_id": try app.field(comment, "id"), "text": "정말로"])
            try app.actAs("mina")
            try app.actAs("me")
            try app.call("reports.create", ["user": "mina", "reason": "spam", "message": "광고 📢"])
        }
        try app.call(
            "bookstories.create", ["book": ["title": "Walden", "author": "Thoreau"], "quotes": ["Simplify."]])
        try app.call(
            "profiles.save",
            [
                "nickname": "보리맘",
                "dog": ["name": "보리", "age": 3, "sex": "female", "size": "small", "keywords": ["friendly", "shy"]],
            ])
        let photo = "\(app.folder)/bori.png"
        try TestImages.writePNG(to: photo, width: 24, height: 16)
        try app.call("profiles.set_photo", ["path": .string(photo)])
        try app.call(
            "walks.log",
            [
                "steps": 1200, "distance": 900.5, "started_at": "2026-11-29T07:00:00+09:00",
                "ended_at": "2026-11-29T07:30:00+09:00",
            ])
        guard withMate else { return }
        let code = try app.field(try app.call("mates.invite"), "code")
        try app.actAs("mina")
        try app.call(
            "profiles.save",
            ["nickname": "미나", "dog": ["name": "콩", "age": 1, "sex": "male", "size": "medium", "keywords": ["shy"]]])
        try app.call("mates.join", ["code": code])
        try app.actAs("me")
    }

    static func write(_ value: Value, in app: App, name: String = "export.json") throws -> String {
        let path = "\(app.folder)/\(name)"
        try Data(value.jsonText.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: DatabaseBackend.available)
    func aRoundTripIntoAnEmptyDatabaseGivesTheSameDocument(backend: DatabaseBackend) throws {
        let source = try App(backend)
        try Self.fill(source, community: true)
        let document = try source.call("app.export")
        #expect(document["format"] == "app-shell-export")
        #expect(document["version"] == 2)
        #expect(document["sections"]["bookstories"]["version"] == 2)
        #expect(document["sections"]["bookstories"]["comments"].items.map { $0["text"] } == ["다시 읽어도 좋다 🌱", "정말로"])
        #expect(document["sections"]["people"]["blocked"].items.map { $0["name"] } == ["mina"])
        #expect(document["sections"]["reports"]["reports"].items.map { $0["message"] } == ["광고 📢"])
        #expect(document["sections"]["habits"]["version"] == 2)
        #expect(document["sections"]["habits"]["habits"].arrayValue?.count == 4)
        let gym = try #require(document["sections"]["habits"]["habits"].arrayValue?[2])
        #expect(gym["frequencies"] == [["start_day": "2026-11-02", "frequency": ["times": 3, "per": "week"]]])
        #expect(gym["skips"] == ["2026-11-04"])
        #expect(gym["pauses"] == [["from": "2026-11-20", "to": "2026-11-25"]])
        #expect(gym["notes"].arrayValue?.first?["text"] == "다리 운동 🦵\n둘째 줄")
        let reading = try #require(document["sections"]["habits"]["habits"].arrayValue?[3])
        #expect(reading["measure"] == ["unit": "쪽", "target": 20.0, "at_most": false])
        #expect(reading["amounts"].arrayValue?.map { $0["total"] } == [25.5, 5.0])
        #expect(reading["completions"].arrayValue?.count == 1)
        #expect(
            document["sections"]["profiles"]["profile"]["photo"]["card"]["jpeg"].bytesValue?.prefix(2) == [0xFF, 0xD8])
        let reminders = document["sections"]["reminders"]
        #expect(reminders["version"] == 1)
        #expect(reminders["reminders"].arrayValue?.map { $0["time"] } == ["07:30", "21:00"])
        #expect(
            reminders["reminders"].arrayValue?.last?["habit_id"]
                == document["sections"]["habits"]["habits"].arrayValue?.first?["id"])
        let path = try Self.write(document, in: source)

        let target = try App(backend)
        try target.actAs("mina")
        try target.actAs("me")
        let report = try target.call("app.import", ["path": .string(path)])
        #expect(report["added"]["comments"] == 2)
        #expect(report["added"]["blocks"] == 1)
        #expect(report["added"]["reports"] == 1)
        #expect(report["added"]["habits"] == 4)
        #expect(report["added"]["completions"] == 4)
        #expect(report["added"]["skips"] == 1)
        #expect(report["added"]["pauses"] == 1)
        #expect(report["added"]["amounts"] == 2)
        #expect(report["added"]["notes"] == 1)
        #expect(report["added"]["stories"] == 2)
        #expect(report["added"]["quotes"] == 3)
        #expect(report["added"]["themes"] == 1)
        #expect(report["added"]["photos"] == 1)
        #expect(report["added"]["walk_logs"] == 1)
        #expect(report["added"]["reminders"] == 2)
        #expect(report["not_representable"] == .array([]))
        let again = try target.call("app.export")
        #expect(again.jsonText == document.jsonText)

        // The same document twice changes nothing.
        let second = try target.call("app.import", ["path": .string(path)])
        #expect(second["added"] == .table(Record()))
        #expect(second["skipped"]["habits"] == 4)
        #expect(second["skipped"]["stories"] == 2)
        #expect(second["skipped"]["reminders"] == 2)
        #expect(second["skipped"]["comments"] == 2)
        #expect(second["skipped"]["blocks"] == 1)
        #expect(second["skipped"]["reports"] == 1)
        #expect(try target.call("app.export").jsonText == document.jsonText)
    }

    /// A mate link is made by two people, so the import names the mate and adds nothing.
    @Test func matesAreExportedByNameAndReportedOnImport() throws {
        let source = try App()
        try Self.fill(source, withMate: true)
        let document = try source.call("app.export")
        #expect(document["sections"]["mates"]["mates"].arrayValue?.first?["name"] == "mina")
        let target = try App()
        let report = try target.call("app.import", ["path": .string(try Self.write(document, in: source))])
        #expect(
            report["not_representable"]
                == ["mate mina: a mate joins with an invite code (mates.invite, mates.join)"])
        #expect(try target.call("app.export")["sections"]["mates"]["mates"] == .array([]))
    }

    @Test func commentsBlocksAndReportsThatCannotBeTakenInAreReportedAndTheRestIs() throws {
        let app = try App()
        let document: Value = [
            "format": "app-shell-export", "version": 2,
            "sections": [
                "bookstories": [
                    "version": 2,
                    "comments": [
                        [
                            "id": "c1", "story_id": "no-such-story", "text": "어디에", "created_at": 1_764_370_800_000,
                            "updated_at": 1_764_370_800_000,
                        ]
                    ],
                ],
                "people": ["version": 1, "blocked": [["name": "nobody", "since": 1_764_370_800_000]]],
                "reports": [
                    "version": 1,
                    "reports": [
                        [
                            "id": "r1", "target_kind": "story", "target_id": "gone", "reason": "spam",
                            "created_at": 1_764_370_800_000,
                        ]
                    ],
                ],
            ],
        ]
        let report = try app.call("app.import", ["path": .string(try Self.write(document, in: app))])
        #expect(
            report["not_representable"]
                == [
                    "block of nobody: no such person here",
                    "comment c1: its story no-such-story is not there to read",
                ])
        #expect(report["added"] == ["reports": 1])
        #expect(try app.call("reports.mine").items.map { $0["status"] } == ["pending"])
    }

    @Test func aNewerDocumentIsRefusedAndChangesNothing() throws {
        let app = try App()
        let newer: Value = [
            "format": "app-shell-export", "version": .int(PortableSections.version + 1),
            "sections": ["habits": ["habits": []]],
        ]
        let error = #expect(throws: AppError.self) {
            try app.call("app.import", ["path": .string(try Self.write(newer, in: app))])
        }
        #expect(error?.code == "import.newer_version")
        let section: Value = ["format": "app-shell-export", "version": 1, "sections": ["habits": ["version": 3]]]
        let sectionError = #expect(throws: AppError.self) {
            try app.call("app.import", ["path": .string(try Self.write(section, in: app, name: "s.json"))])
        }
        #expect(sectionError?.code == "import.newer_version")
    }

    @Test func aBadItemRollsBackTheWholeImport() throws {
        let source = try App()
        try Self.fill(source)
        var document = try source.call("app.export")
        guard case .table(var record) = document, case .table(var sections) = record["sections"],
            case .table(var walks) = sections["walks"]
        else { throw AppError(code: "test", message: "no walks section") }
        walks["logs"] = .array([["id": "x", "steps": 200_000, "distance": 1.0, "started_at": 0, "ended_at": 1]])
        sections["walks"] = .table(walks)
        record["sections"] = .table(sections)
        document = .table(record)
        let target = try App()
        let before = try target.call("app.export")
        let error = #expect(throws: AppError.self) {
            try target.call("app.import", ["path": .string(try Self.write(document, in: source))])
        }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == "sections.walks.logs[1]")
        #expect(try target.call("app.export").jsonText == before.jsonText)
    }

    @Test(arguments: [
        (
            "habits",
            [
                "habits": [
                    [
                        "id": "h1", "name": .string(String(repeating: "가", count: 101)), "start_day": "2026-11-01",
                        "created_at": 0, "updated_at": 0, "periods": [["start_day": "2026-11-01"]],
                    ]
                ]
            ] as Value, "sections.habits.habits[1].name"
        ),
        (
            "bookstories",
            [
                "stories": [
                    [
                        "id": "s1", "book": ["title": "책", "author": "저자"], "quotes": .array([]),
                        "visibility": "private", "created_at": 0, "updated_at": 0,
                    ]
                ]
            ] as Value, "sections.bookstories.stories[1].quotes"
        ),
        ("walks", ["logs": [["id": "w1", "steps": "many"]]] as Value, "sections.walks.logs[1].steps"),
        (
            "reminders", ["reminders": [["habit_id": "h1", "time": "25:00", "created_at": 0]]] as Value,
            "sections.reminders.reminders[1].time"
        ),
    ])
    func aBadItemIsNamedByItsPathInTheDocument(section: String, value: Value, field: String) throws {
        let app = try App()
        let document: Value = [
            "format": "app-shell-export", "version": 1, "sections": .table(Record([(section, value)])),
        ]
        let error = #expect(throws: AppError.self) {
            try app.call("app.import", ["path": .string(try Self.write(document, in: app))])
        }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == field)
    }

    @Test func aReminderOfAHabitNotInTheDataIsReported() throws {
        let app = try App()
        let document: Value = [
            "format": "app-shell-export", "version": 1,
            "sections": ["reminders": ["reminders": [["habit_id": "nowhere", "time": "21:00", "created_at": 0]]]],
        ]
        let report = try app.call("app.import", ["path": .string(try Self.write(document, in: app))])
        #expect(report["not_representable"] == ["reminder at 21:00: its habit nowhere is not among yours"])
        #expect(report["added"] == .table(Record()))
    }

    @Test func anotherUserOfTheSameFileGetsNewIdsAndTheReportSaysSo() throws {
        let app = try App()
        try Self.fill(app)
        let path = try Self.write(try app.call("app.export"), in: app)
        try app.actAs("joon")
        let report = try app.call("app.import", ["path": .string(path)])
        #expect(report["added"]["habits"] == 4)
        let lines = report["not_representable"].arrayValue?.compactMap(\.stringValue) ?? []
        #expect(lines.contains { $0.hasPrefix("habit Run: its id belongs to another user") })
        #expect(lines.contains { $0.hasPrefix("profile: another user has the nickname 보리맘") })
        let mine = try app.call("app.export")
        #expect(mine["sections"]["habits"]["habits"].arrayValue?.count == 4)
        // The reminders follow their habits to the new ids.
        #expect(report["added"]["reminders"] == 2)
        let ids = Set(mine["sections"]["habits"]["habits"].arrayValue?.compactMap { $0["id"].stringValue } ?? [])
        let reminded = mine["sections"]["reminders"]["reminders"].arrayValue?.compactMap { $0["habit_id"].stringValue }
        #expect(reminded?.count == 2 && reminded?.allSatisfy(ids.contains) == true)
        #expect(mine["user"] == "joon")
    }

    /// A version 1 section (written before habits had frequencies, skips and notes) is read
    /// as before: its habits are daily yes/no habits, and fields version 2 added are not read.
    @Test func aVersionOneHabitsSectionIsReadAsDailyYesNoHabits() throws {
        let app = try App()
        let document: Value = [
            "format": "app-shell-export", "version": 1,
            "sections": [
                "habits": [
                    "version": 1,
                    "habits": [
                        [
                            "id": "3f2a0c1e-0000-4000-8000-000000000001", "name": "달리기 🏃", "start_day": "2026-11-01",
                            "created_at": 1_700_000_000_000, "updated_at": 1_700_000_000_000,
                            "periods": [["start_day": "2026-11-01"]],
                            "completions": [
                                [
                                    "id": "3f2a0c1e-0000-4000-8000-000000000002", "day": "2026-11-02",
                                    "recorded_at": 1_700_000_000_000,
                                ]
                            ],
                            "skips": ["not a day, and not read in version 1"],
                        ]
                    ],
                ]
            ],
        ]
        let report = try app.call("app.import", ["path": .string(try Self.write(document, in: app))])
        #expect(report["added"] == ["habits": 1, "completions": 1])
        let habit = try #require(try app.call("app.export")["sections"]["habits"]["habits"].arrayValue?.first)
        #expect(habit["frequencies"] == .array([]))
        #expect(habit["skips"] == .array([]))
        #expect(habit["measure"] == .null)
    }

    @Test(
        arguments: [
            (["skips": ["2026-13-01"]] as Value, "sections.habits.habits[1].skips[1]"),
            (
                [
                    "notes": [
                        ["day": "2026-11-02", "text": .string(String(repeating: "가", count: 1001)), "updated_at": 0]
                    ]
                ] as Value,
                "sections.habits.habits[1].notes[1].text"
            ),
            (
                ["measure": ["unit": "쪽", "target": 2_000_000, "at_most": false]] as Value,
                "sections.habits.habits[1].measure.target"
            ),
            (
                ["frequencies": [["start_day": "2026-11-01", "frequency": ["times": 9, "per": "week"]]]] as Value,
                "sections.habits.habits[1].frequencies[1].frequency"
            ),
            (["pauses": [["from": "2026-11-05", "to": "2026-11-04"]]] as Value, "sections.habits.habits[1].pauses[1]"),
        ] as [(Value, String)])
    func aBadVersionTwoFieldIsNamedAndChangesNothing(fields: Value, field: String) throws {
        let app = try App()
        var habit = Record([
            ("id", .string("3f2a0c1e-0000-4000-8000-000000000003")), ("name", .string("걷기")),
            ("start_day", .string("2026-11-01")), ("created_at", .int(0)), ("updated_at", .int(0)),
            ("periods", [["start_day": "2026-11-01"]] as Value),
        ])
        for (key, value) in fields.recordValue ?? Record() { habit[key] = value }
        let document: Value = [
            "format": "app-shell-export", "version": 1,
            "sections": ["habits": ["version": 2, "habits": [.table(habit)]]],
        ]
        let error = #expect(throws: AppError.self) {
            try app.call("app.import", ["path": .string(try Self.write(document, in: app))])
        }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == field)
        #expect(try app.call("app.export")["sections"]["habits"]["habits"] == .array([]))
    }

    @Test func aFileOfNoKnownFormatIsRefusedWithAClearError() throws {
        let app = try App()
        let path = "\(app.folder)/x.txt"
        try Data("nothing we know".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AppError.self) { try app.call("app.import", ["path": .string(path)]) }
        #expect(error?.code == "import.unknown_format")
    }
}
