import Core
import Storage

/// The query one read scope runs: its conditions on stories and on keyword rows, then the
/// filter, the order (newest first, insertion order breaking ties) and the page.
struct SQLStoryListingQuery: Sendable {
    let database: any Database
    /// The scope's condition on `book_stories s`.
    let storyCondition: String
    /// The same condition on `book_story_keywords k` (which carries author and visibility).
    let keywordCondition: String
    /// The values of the conditions' placeholders.
    let arguments: [SQLValue]
    /// The route that lists the scope, as a skipped row's report names it.
    let list: String
    /// Where a story row that cannot be read is reported (the page goes on without it).
    let reporter: any SkippedRowReporter

    /// A keyword row's story is not hidden by a moderator (keyword rows carry no such copy:
    /// hiding is rare, and one look-up by primary key per row read is cheap).
    static let keywordNotHidden =
        "NOT EXISTS (SELECT 1 FROM book_stories h WHERE h.seq = k.story_seq AND h.hidden_at IS NOT NULL)"

    func stories(matching filter: StoryFilter, page: PageRequest, viewerID: String) throws -> [StoryView] {
        let themeCondition = "t.theme_seq = (SELECT seq FROM book_themes WHERE id = ?)"
        var sql: String
        var values: [SQLValue]
        if let keyword = filter.keyword {
            // One form, or two (with and without a leading #): each is an index range.
            let forms = Keywords.searchForms(keyword)
            let match = forms.count == 1 ? "k.folded = ?" : "k.folded IN (?, ?)"
            let distinct = forms.count == 1 ? "" : "DISTINCT "  // a story may hold both forms
            sql =
                "SELECT \(distinct)k.story_seq, k.created_at FROM book_story_keywords k WHERE \(match) AND \(keywordCondition)"
            values = forms.map(SQLValue.text) + arguments
            if let theme = filter.themeID {
                sql +=
                    " AND EXISTS (SELECT 1 FROM book_story_themes t WHERE t.story_seq = k.story_seq AND \(themeCondition))"
                values.append(.text(theme.lowercased()))
            }
            sql += " ORDER BY k.created_at DESC, k.story_seq DESC LIMIT ? OFFSET ?"
        } else if let theme = filter.themeID {
            sql = """
                SELECT s.seq FROM book_story_themes t JOIN book_stories s ON s.seq = t.story_seq
                WHERE \(themeCondition) AND \(storyCondition) ORDER BY s.created_at DESC, s.seq DESC LIMIT ? OFFSET ?
                """
            values = [.text(theme.lowercased())] + arguments
        } else {
            sql =
                "SELECT s.seq FROM book_stories s WHERE \(storyCondition) ORDER BY s.created_at DESC, s.seq DESC LIMIT ? OFFSET ?"
            values = arguments
        }
        values += [.int(page.perPage), .int(page.offset)]
        let seqs = try database.query(sql, values) { try $0.int(0) }
        let read = try SQLStoryLoader(database: database).readableViews(seqs, viewerID: viewerID)
        if let first = read.skipped.first { reporter.skipped(read.skipped.count, from: list, reason: first) }
        return read.views
    }
}
