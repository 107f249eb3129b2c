import Core
import FoundationEssentials
import Testing

@testable import AppShell

/// The export document through the whole app: a round trip into an empty database gives the
/// same document, importing it again changes nothing, and bad or newer documents change
/// nothing either.
@Suite struct DataPortabilityTests {
    typealias App = RouteReturnShapeTests.App

    /// Fills `app` with one of everything the document holds, as "me".
    static func fill(_ app: App, withMate: Bool = false) throws {
        try app.call("habits.create", ["name": "Run", "start": "2026-11-01"])
        try app.call("habits.complete", ["ref": "Run", "on": "2026-11-02"])
        try app.call("habits.complete", ["ref": "Run", "on": "2026-11-05"])
        try app.call("habits.create", ["name": "물 마시기 💧", "start": "2026-11-10"])
        try app.call("habits.archive", ["ref": "물 마시기 💧"])
        let theme = try app.field(try app.call("bookstories.themes.create", ["name": "성장", "description": "자람"]), "id")
        try app.call(
            "bookstories.create",
            [
                "book": ["title": "데미안", "author": "헤르만 헤세", "publisher": "민음사"],
                "quotes": [["text": "새는 알에서 나오려고 투쟁한다.", "page": 98], "알은 세계다."],
                "content": "🐣\n둘째 줄", "keywords": ["성장", "#자아"], "themes": [theme], "visibility": "public",
            ])
        try app.call(
            "bookstories.create", ["book": ["title": "Walden", "author": "Thoreau"], "quotes": ["Simplify."]])
        try app.call(
            "profiles.save",
            [
                "nickname": "보리맘",
                "dog": ["name": "보리", "age": 3, "sex": "female", "size": "small", "keywords": ["friendly", "shy"]],
            ])
        let photo = "\(app.folder)/bori.png"
        try RouteReturnShapeTests.writePNG(to: photo, width: 24, height: 16)
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

    @Test func aRoundTripIntoAnEmptyDatabaseGivesTheSameDocument() throws {
        let source = try App()
        try Self.fill(source)
        let document = try source.call("app.export")
        #expect(document["format"] == "app-shell-export")
        #expect(document["version"] == 1)
        #expect(document["sections"]["habits"]["habits"].arrayValue?.count == 2)
        #expect(
            document["sections"]["profiles"]["profile"]["photo"]["card"]["jpeg"].bytesValue?.prefix(2) == [0xFF, 0xD8])
        let path = try Self.write(document, in: source)

        let target = try App()
        let report = try target.call("app.import", ["path": .string(path)])
        #expect(report["added"]["habits"] == 2)
        #expect(report["added"]["completions"] == 2)
        #expect(report["added"]["stories"] == 2)
        #expect(report["added"]["quotes"] == 3)
        #expect(report["added"]["themes"] == 1)
        #expect(report["added"]["photos"] == 1)
        #expect(report["added"]["walk_logs"] == 1)
        #expect(report["not_representable"] == .array([]))
        let again = try target.call("app.export")
        #expect(again.jsonText == document.jsonText)

        // The same document twice changes nothing.
        let second = try target.call("app.import", ["path": .string(path)])
        #expect(second["added"] == .table(Record()))
        #expect(second["skipped"]["habits"] == 2)
        #expect(second["skipped"]["stories"] == 2)
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

    @Test func aNewerDocumentIsRefusedAndChangesNothing() throws {
        let app = try App()
        let newer: Value = ["format": "app-shell-export", "version": 2, "sections": ["habits": ["habits": []]]]
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

    @Test func anotherUserOfTheSameFileGetsNewIdsAndTheReportSaysSo() throws {
        let app = try App()
        try Self.fill(app)
        let path = try Self.write(try app.call("app.export"), in: app)
        try app.actAs("joon")
        let report = try app.call("app.import", ["path": .string(path)])
        #expect(report["added"]["habits"] == 2)
        let lines = report["not_representable"].arrayValue?.compactMap(\.stringValue) ?? []
        #expect(lines.contains { $0.hasPrefix("habit Run: its id belongs to another user") })
        #expect(lines.contains { $0.hasPrefix("profile: another user has the nickname 보리맘") })
        let mine = try app.call("app.export")
        #expect(mine["sections"]["habits"]["habits"].arrayValue?.count == 2)
        #expect(mine["user"] == "joon")
    }

    @Test(arguments: [
        ("loop.csv", "Position,Name,Question,Description,NumRepetitions\n1,Run,,,\n", "import.not_supported_yet"),
        (
            "hb.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n",
            "import.not_supported_yet"
        ),
        ("loop.db", "SQLite format 3\u{0}", "import.not_supported_yet"),
        ("loop.zip", "PK\u{3}\u{4}", "import.not_supported_yet"),
        ("x.txt", "nothing we know", "import.unknown_format"),
    ])
    func formatsNotReadYetAreRecognisedWithAClearError(name: String, text: String, code: String) throws {
        let app = try App()
        let path = "\(app.folder)/\(name)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AppError.self) { try app.call("app.import", ["path": .string(path)]) }
        #expect(error?.code == code)
    }
}
