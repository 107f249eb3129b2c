/// What a story list is narrowed to: one keyword (ignoring case), one theme, or both.
public struct StoryFilter: Sendable, Equatable {
    /// The keyword, as typed (a leading `#` dropped); nil for any.
    public let keyword: String?
    /// The theme's id; nil for any.
    public let themeID: String?

    /// A filter.
    public init(keyword: String? = nil, themeID: String? = nil) {
        self.keyword = keyword.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        self.themeID = themeID
    }
}
