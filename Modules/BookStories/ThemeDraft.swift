/// The fields of a theme being created or changed; nil means "not given". Description
/// `""` removes the description.
public struct ThemeDraft: Sendable, Equatable {
    /// The name.
    public var name: String?
    /// The description.
    public var description: String?
    /// Who sees it.
    public var visibility: Visibility?

    /// A draft.
    public init(name: String? = nil, description: String? = nil, visibility: Visibility? = nil) {
        self.name = name
        self.description = description
        self.visibility = visibility
    }
}
