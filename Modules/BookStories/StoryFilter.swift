/// What a story list is narrowed to: one keyword (ignoring case), one theme, or both.
public struct StoryFilter: Sendable, Equatable {
    /// The keyword, as typed; nil for any. It matches stories with that keyword, ignoring
    /// case, with or without one leading `#` (see `Keywords.searchForms`).
    public let keyword: String?
    /// The theme's id; nil for any.
    public let themeID: String?

    /// A filter on a keyword (exact, ignoring case), a theme, both, or neither.
    public init(keyword: String? = nil, themeID: String? = nil) {
        self.keyword = keyword
        self.themeID = themeID
    }
}
