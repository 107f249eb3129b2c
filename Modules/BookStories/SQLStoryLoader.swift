import Core
import Storage

/// Reads whole stories (book, quotes, keywords, themes, author name) for a list of story
/// rows in four queries, whatever the number of stories; shared by the repository and the
/// read models.
struct SQLStoryLoader: Sendable {
    let database: any Database

    /// The stories with these row numbers, in this order, as `viewerID` sees them.
    /// - Throws: the first error of a row that cannot be read (a story of one's own, an
    ///   export: nothing is left out silently).
    func views(_ seqs: [Int], viewerID: String) throws -> [StoryView] {
        let read = try readableViews(seqs, viewerID: viewerID, skipping: false)
        return read.views
    }

    /// The stories with these row numbers that can be read, in this order, and the errors
    /// of those that cannot (an instant outside the years 1 to 9999, a quote too long),
    /// one per story left out: a list of other people's stories shows the rest.
    func readableViews(_ seqs: [Int], viewerID: String) throws -> (views: [StoryView], skipped: [String]) {
        try readableViews(seqs, viewerID: viewerID, skipping: true)
    }

    private func readableViews(_ seqs: [Int], viewerID: String, skipping: Bool) throws -> (
        views: [StoryView], skipped: [String]
    ) {
        guard !seqs.isEmpty else { return ([], []) }
        // One placeholder per story on SQLite, one array on PostgreSQL (the dialect's choice).
        let (inList, list) = database.dialect.inList("story_seq", seqs.map(SQLValue.int))
        let (storyInList, _) = database.dialect.inList("st.story_seq", seqs.map(SQLValue.int))
        let (seqInList, _) = database.dialect.inList("s.seq", seqs.map(SQLValue.int))
        var quotes: [Int: [Quote]] = [:]
        var keywords: [Int: [String]] = [:]
        var themes: [Int: [(id: String, visible: Bool)]] = [:]
        var views: [Int: StoryView] = [:]
        // A story whose row (or one of its quotes) cannot be read: its error, when skipping.
        var unreadable: [Int: String] = [:]
        func read(_ seq: Int, _ body: () throws -> Void) throws {
            guard skipping else { return try body() }
            guard unreadable[seq] == nil else { return }
            do {
                try body()
            } catch {
                unreadable[seq] = AppError.wrapping(error).message
            }
        }
        // Four independent queries in one batch: one round trip on PostgreSQL. Quotes and
        // keywords are read only at the positions a story can hold (the database refuses
        // others since its limits; a row written before them is not loaded), so no story
        // makes a reader load more than the app's maximum.
        try database.forEach([
            BatchQuery(
                """
                SELECT story_seq, text, page FROM book_story_quotes
                WHERE \(inList) AND position BETWEEN 0 AND \(Story.maximumQuoteCount - 1) ORDER BY story_seq, position
                """,
                list
            ) { row in
                let seq = try row.int(0)
                try read(seq) {
                    quotes[seq, default: []].append(try Quote(text: try row.string(1), page: row.optionalInt(2)))
                }
            },
            BatchQuery(
                """
                SELECT story_seq, keyword FROM book_story_keywords
                WHERE \(inList) AND position BETWEEN 0 AND \(Keywords.maximumCount - 1) ORDER BY story_seq, position
                """,
                list
            ) { row in keywords[try row.int(0), default: []].append(try row.string(1)) },
            BatchQuery(
                """
                SELECT st.story_seq, t.id, t.owner_id = ? OR t.visibility = 'public' FROM book_story_themes st
                JOIN book_themes t ON t.seq = st.theme_seq WHERE \(storyInList) ORDER BY st.story_seq, st.position
                """, [.text(viewerID)] + list
            ) { row in themes[try row.int(0), default: []].append((try row.string(1), try row.bool(2))) },
            BatchQuery(
                """
                SELECT s.seq, s.id, s.author_id, u.name, s.book_title, s.book_author, s.book_publisher, s.book_isbn,
                       s.content, s.visibility, s.created_at, s.updated_at, s.hidden_at
                FROM book_stories s JOIN users u ON u.id = s.author_id WHERE \(seqInList)
                """, list
            ) { row in
                // The queries' rows are handed out in order, so quotes, keywords and themes are in.
                let seq = try row.int(0)
                let links = themes[seq] ?? []
                try read(seq) {
                    let story = try Story(
                        id: try row.string(1), authorID: try row.string(2),
                        book: try Book(
                            title: try row.string(4), author: try row.string(5), publisher: row.optionalString(6),
                            isbn: row.optionalString(7)),
                        quotes: quotes[seq] ?? [], content: row.optionalString(8), keywords: keywords[seq] ?? [],
                        themeIDs: links.map(\.id), visibility: Visibility(rawValue: try row.string(9)) ?? .private,
                        createdAt: try row.instant(10), updatedAt: try row.instant(11),
                        hiddenAt: try row.optionalInstant(12))
                    views[seq] = StoryView(
                        story: story, authorName: try row.string(3), visibleThemeIDs: links.filter(\.visible).map(\.id))
                }
            },
        ])
        return (seqs.compactMap { unreadable[$0] == nil ? views[$0] : nil }, seqs.compactMap { unreadable[$0] })
    }
}
