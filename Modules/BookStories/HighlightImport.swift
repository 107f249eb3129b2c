import Core
import Storage
import Time

/// Turns e-reader highlights into private stories: each highlight a quote, a highlight's
/// note the story's content, at most `Story.maximumQuoteCount` (20) quotes a story, so a
/// book with more highlights becomes several stories of that book, in the file's order.
///
/// Idempotent by text: a highlight whose text is already a quote of one of the user's
/// stories of the same book (title and author) is skipped, so importing a file again, or a
/// longer copy of it, adds only what is new.
struct HighlightImport {
    /// The author stored when the file names none: a book needs one.
    static let unknownAuthor = "Unknown"

    let database: any Database

    func run(_ books: [HighlightBook], for user: User, clock: any Clock, report: inout ImportReport) throws {
        let repository = SQLStoryRepository(database: database)
        for book in books {
            let title = book.title.trimmingWhitespace
            let author = (book.author?.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 } ?? Self.unknownAuthor
            let checkedBook: Book
            do {
                checkedBook = try Book(title: title, author: author)
            } catch let error as AppError {
                report.cannotRepresent(
                    "book \(title.prefix(40)): \(error.message); its \(book.highlights.count) highlights are left out")
                continue
            }
            for problem in book.problems { report.cannotRepresent(problem) }
            for note in book.looseNotes {
                report.cannotRepresent(
                    "note in \(title.prefix(40)) (\(note.count) characters): it marks no passage, and a story needs a quote"
                )
            }
            var known = Set(
                try database.query(
                    """
                    SELECT q.text FROM book_story_quotes q JOIN book_stories s ON s.seq = q.story_seq
                    WHERE s.author_id = ? AND s.book_title = ? AND s.book_author = ?
                    """, [.text(user.id), .text(checkedBook.title), .text(checkedBook.author)]
                ) { try $0.string(0) })
            var fresh: [(quote: Quote, highlight: Highlight)] = []
            for highlight in book.highlights {
                let text = highlight.text.trimmingWhitespace
                guard !text.isEmpty else { continue }
                guard !known.contains(text) else {
                    report.skip("quotes")
                    continue
                }
                guard let quote = try? Quote(text: text, page: highlight.page) else {
                    report.cannotRepresent(
                        "highlight in \(title.prefix(40)) of \(text.count) characters: a quote holds at most \(Quote.maximumLength)"
                    )
                    continue
                }
                known.insert(text)
                fresh.append((quote, highlight))
            }
            var start = 0
            while start < fresh.count {
                let chunk = Array(fresh[start..<min(start + Story.maximumQuoteCount, fresh.count)])
                start += Story.maximumQuoteCount
                var content = ""
                for note in chunk.compactMap({ $0.highlight.note?.trimmingWhitespace }) where !note.isEmpty {
                    let joined = content.isEmpty ? note : content + "\n\n" + note
                    if joined.count <= Story.maximumContentLength {
                        content = joined
                    } else {
                        report.cannotRepresent(
                            "note in \(title.prefix(40)) (\(note.count) characters): the story's content is full at \(Story.maximumContentLength)"
                        )
                    }
                }
                let instants = chunk.compactMap(\.highlight.addedAt)
                let now = clock.now()
                let story = try Story(
                    id: Identifier.random(), authorID: user.id, book: checkedBook, quotes: chunk.map(\.quote),
                    content: content.isEmpty ? nil : content, keywords: [], themeIDs: [], visibility: .private,
                    createdAt: instants.min() ?? now, updatedAt: instants.max() ?? now)
                try repository.insert(story)
                report.add("stories")
                report.add("quotes", chunk.count)
                if !content.isEmpty { report.add("notes", chunk.filter { $0.highlight.note != nil }.count) }
            }
        }
    }
}
