import AppTestSupport
import BookStories
import Core
import Formats
import FoundationEssentials
import Storage
import Testing
import Time

/// Kindle's `My Clippings.txt` and KOReader's JSON export, from files written by hand in
/// their documented layouts (Tests/Fixtures/import), become private stories; a second import
/// adds nothing.
@Suite struct HighlightImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func run(_ format: any ForeignFormat, _ bytes: [UInt8], in fixture: BookStoriesFixture) throws
        -> ImportReport
    {
        try fixture.database.transaction {
            var report = ImportReport(format: format.name)
            try format.importFile(bytes, for: fixture.user, clock: fixture.clock, report: &report)
            return report
        }
    }

    /// Every story of the fixture's user, oldest first, from the export section.
    static func stories(_ fixture: BookStoriesFixture) throws -> [Value] {
        let section = try SQLBookStoriesSection(database: fixture.database).export(for: fixture.user)
        return section["stories"]?.arrayValue ?? []
    }

    /// Files shaped to make the reading quadratic are read in one pass: two hundred thousand
    /// blank lines before an entry (which took minutes), twenty thousand notes on one
    /// highlight, and ten thousand notes that match none of ten thousand highlights.
    @Test func hostileClippingsAreReadInLinearTime() throws {
        let zone = try TimeZoneRules.named("Asia/Seoul")
        let entry =
            "Book (Author)\n- Your Highlight on page 1 | Location 10-20 | Added on Sunday, March 3, 2019 10:11:12 PM\n\nText\n"
        let blank = String(repeating: "\n", count: 200_000) + entry + KindleClippings.separator + "\n"
        #expect(KindleClippings.parse(blank, zone: zone).books.first?.highlights.count == 1)
        let note =
            "Book (Author)\n- Your Note on page 1 | Location 15 | Added on Sunday, March 3, 2019 10:11:12 PM\n\nnote\n"
        let notes =
            entry + KindleClippings.separator + "\n"
            + String(repeating: note + KindleClippings.separator + "\n", count: 20_000)
        let noted = try #require(KindleClippings.parse(notes, zone: zone).books.first?.highlights.first?.note)
        #expect(noted.count == 20_000 * 4 + 19_999 * 2)
        var many = ""
        for location in 0..<10_000 {
            many +=
                "Book (Author)\n- Your Highlight on page 1 | Location \(location * 10)-\(location * 10 + 1) | Added on Sunday, March 3, 2019 10:11:12 PM\n\nText\n"
            many += KindleClippings.separator + "\n"
        }
        let stray =
            "Book (Author)\n- Your Note on page 1 | Location 5 | Added on Sunday, March 3, 2019 10:11:12 PM\n\nstray\n"
        many += String(repeating: stray + KindleClippings.separator + "\n", count: 10_000)
        let book = try #require(KindleClippings.parse(many, zone: zone).books.first)
        #expect(book.highlights.count == 10_000)
        #expect(book.looseNotes.count == 10_000)
    }

    /// A note looks back over the book's last `noteReach` highlights: one further back is a
    /// loose note of the book, never lost.
    @Test func aNoteFarFromItsHighlightIsKeptLoose() throws {
        let zone = try TimeZoneRules.named("Asia/Seoul")
        func entry(_ kind: String, _ location: String, _ text: String) -> String {
            "Book (Author)\n- Your \(kind) on page 1 | Location \(location) | Added on Sunday, March 3, 2019 10:11:12 PM\n\n\(text)\n"
                + KindleClippings.separator + "\n"
        }
        var text = entry("Highlight", "1-2", "first")
        for location in 1...KindleClippings.noteReach { text += entry("Highlight", "\(location * 10)", "h") }
        text += entry("Note", "1", "far") + entry("Note", "10", "near")
        let book = try #require(KindleClippings.parse(text, zone: zone).books.first)
        #expect(book.highlights.first?.note == nil)
        #expect(book.highlights[1].note == "near")
        #expect(book.looseNotes == ["far"])
    }

    @Test func kindleClippingsInEnglishAndKoreanAreRead() throws {
        let zone = try TimeZoneRules.named("Asia/Seoul")
        let text = String(decoding: try Self.bytes("My Clippings.txt"), as: UTF8.self)
        let (books, bookmarks) = KindleClippings.parse(text, zone: zone)
        #expect(bookmarks == 1)
        #expect(books.map(\.title) == ["The Great Gatsby", "Walden", "채식주의자", "데미안"])
        #expect(books.map(\.author) == ["F. Scott Fitzgerald", "Thoreau, Henry David", "한강", "헤르만 헤세"])
        let gatsby = books[0].highlights
        #expect(gatsby.count == 1)
        #expect(gatsby.first?.page == 180)
        #expect(gatsby.first?.location == 2741...2743)
        #expect(gatsby.first?.note == "The last line.")
        #expect(gatsby.first?.addedAt == (try TestTime.instant("2019-03-03T22:11:12+09:00")))
        #expect(books[1].highlights.first?.text == "Our life is frittered away by detail.\nSimplify, simplify.")
        #expect(books[1].highlights.first?.location == 120...121)
        #expect(books[1].highlights.first?.addedAt == (try TestTime.instant("2019-03-04T07:30:00+09:00")))
        #expect(books[2].highlights.first?.addedAt == (try TestTime.instant("2019-03-03T22:11:12+09:00")))
        #expect(books[2].looseNotes == ["혼자 남은 메모"])
        let demian = books[3].highlights
        #expect(demian.map(\.page) == [98, 99])
        #expect(demian.first?.note == "다시 읽을 것")
        #expect(demian.first?.addedAt == (try TestTime.instant("2020-01-05T09:05:00+09:00")))
        #expect(demian.last?.addedAt == (try TestTime.instant("2020-01-05T12:30:00+09:00")))
    }

    @Test(arguments: DatabaseBackend.available)
    func kindleHighlightsBecomePrivateStoriesOnceOnly(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let format = KindleClippingsFormat(database: fixture.database)
        let bytes = try Self.bytes("My Clippings.txt")
        #expect(format.recognises(bytes))
        let report = try Self.run(format, bytes, in: fixture)
        #expect(report.addedCount("stories") == 4)
        #expect(report.addedCount("quotes") == 5)
        // The bookmark, the note with no highlight, the locations.
        #expect(report.notRepresentable.count == 3)
        #expect(
            report.notRepresentable.contains {
                $0.hasSuffix("highlights' Kindle locations: not kept (their pages are)")
            })
        let stories = try Self.stories(fixture)
        let demian = try #require(stories.first { $0["book"]["title"] == "데미안" })
        #expect(demian["visibility"] == "private")
        #expect(demian["content"] == "다시 읽을 것")
        #expect(demian["quotes"].arrayValue?.count == 2)
        #expect(demian["quotes"].arrayValue?.first?["page"] == 98)
        #expect(
            demian["created_at"]
                == .int(try TestTime.instant("2020-01-05T09:05:00+09:00").millisecondsSince1970))

        let again = try Self.run(format, bytes, in: fixture)
        #expect(again.added.isEmpty)
        #expect(again.skippedCount("quotes") == 5)
        #expect(try Self.stories(fixture) == stories)
    }

    @Test(arguments: DatabaseBackend.available)
    func moreThanTwentyHighlightsOfABookMakeMoreStories(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        var text = ""
        for number in 1...45 {
            text +=
                "긴 책 (작가)\r\n- 위치 \(number * 10)-\(number * 10 + 1)의 하이라이트 | 추가된 날짜: 2025년 12월 1일 월요일 오후 1:\(10 + number):00\r\n\r\n문장 \(number)\r\n==========\r\n"
        }
        let report = try Self.run(KindleClippingsFormat(database: fixture.database), Array(text.utf8), in: fixture)
        #expect(report.addedCount("stories") == 3)
        #expect(report.addedCount("quotes") == 45)
        let counts = try Self.stories(fixture).map { $0["quotes"].arrayValue?.count ?? 0 }
        #expect(counts == [20, 20, 5])
        // A longer copy of the file later adds only the new highlight, as a fourth story.
        text += "긴 책 (작가)\r\n- 위치 999의 하이라이트 | 추가된 날짜: 2025년 12월 2일 화요일 오전 8:00:00\r\n\r\n새 문장\r\n==========\r\n"
        let more = try Self.run(KindleClippingsFormat(database: fixture.database), Array(text.utf8), in: fixture)
        #expect(more.addedCount("quotes") == 1)
        #expect(more.skippedCount("quotes") == 45)
    }

    @Test func aHighlightLongerThanAQuoteIsReportedNotDropped() throws {
        let fixture = try BookStoriesFixture()
        let long = String(repeating: "가", count: 501)
        let text =
            "책 (저자)\n- Your Highlight on Location 1-2 | Added on Monday, December 1, 2025 1:00:00 PM\n\n\(long)\n==========\n"
        let report = try Self.run(KindleClippingsFormat(database: fixture.database), Array(text.utf8), in: fixture)
        #expect(report.added.isEmpty)
        #expect(
            report.notRepresentable == [
                "1 highlight's Kindle location: not kept (its page is)",
                "highlight in 책 of 501 characters: a quote holds at most 500",
            ])
    }

    @Test(arguments: DatabaseBackend.available)
    func koreaderExportsBecomeStoriesOnceOnly(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let format = KOReaderFormat(database: fixture.database)
        let bytes = try Self.bytes("koreader.json")
        #expect(format.recognises(bytes))
        #expect(!KindleClippingsFormat(database: fixture.database).recognises(bytes))
        let report = try Self.run(format, bytes, in: fixture)
        #expect(report.addedCount("stories") == 1)
        #expect(report.addedCount("quotes") == 2)
        // The note without text; the chapters and drawers, which a story has no place for.
        #expect(report.notRepresentable.count == 3)
        #expect(report.notRepresentable.contains { $0.hasSuffix("highlights' chapters: not kept") })
        #expect(report.notRepresentable.contains { $0.hasSuffix("highlights' drawers (highlight styles): not kept") })
        let story = try #require(try Self.stories(fixture).first)
        #expect(story["book"]["title"] == "Alice's Adventures in Wonderland")
        #expect(story["book"]["author"] == "Lewis Carroll")
        #expect(story["content"] == "Rude, but fair.")
        #expect(story["quotes"].arrayValue?.map { $0["page"] } == [48, 52])
        #expect(story["created_at"] == .int(1_605_548_464_000))
        #expect(try Self.run(format, bytes, in: fixture).added.isEmpty)
    }

    @Test func aKOReaderExportOfSeveralBooksIsRead() throws {
        let value = try JSONParser.parse(
            Array(
                #"{"documents":[{"title":"A","author":"X","entries":[{"text":"one","page":1,"time":0}]},{"title":"B","entries":[{"text":"two"}]}],"version":"v2024"}"#
                    .utf8))
        let books = try #require(KOReaderExport.books(value))
        #expect(books.map(\.title) == ["A", "B"])
        #expect(books.map(\.author) == ["X", nil])
    }

    @Test(arguments: [
        ("데미안", "데미안"), ("a/b\\c", "a_b_c"), ("..hidden", "hidden"), ("  ", "Untitled"), ("\u{0}x\u{1B}[2J", "_x_[2J"),
        ("evil\u{202E}txt.md", "evil_txt.md"), (String(repeating: "가", count: 200), String(repeating: "가", count: 66)),
    ])
    func markdownFileNamesAreSafe(title: String, expected: String) {
        #expect(StoryMarkdown.safeName(title) == expected)
    }

    @Test func markdownHasOneFilePerBookWithQuotesAsBlockQuotesAndKeywordsAsTags() {
        let section: Value = [
            "stories": [
                [
                    "book": ["title": "데미안", "author": "헤르만 헤세"], "quotes": [["text": "새는\n알에서", "page": 98]],
                    "content": "다시 읽을 것", "keywords": ["성장", "big idea"],
                ],
                ["book": ["title": "데미안", "author": "헤르만 헤세"], "quotes": [["text": "알은 세계다."]]],
                ["book": ["title": "데미안", "author": "다른 사람"], "quotes": [["text": "x"]]],
            ]
        ]
        let files = StoryMarkdown.files(fromSection: section)
        #expect(files.map(\.name) == ["데미안.md", "데미안 (2).md"])
        #expect(
            files.first?.text
                == "# 데미안\n\nby 헤르만 헤세\n\n> 새는\n> 알에서\n> — p. 98\n\n다시 읽을 것\n\n#성장 #big_idea\n\n---\n\n> 알은 세계다.\n\n---\n"
        )
    }
}
