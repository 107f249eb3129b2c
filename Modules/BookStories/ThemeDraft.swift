/// The fields of a theme being created or changed; nil means "not given". Description
/// `""` removes the description.
public struct ThemeDraft: Sendable, Equatable {
    /// The name, trimmed, 1 to 20 characters (required on create).
    public var name: String?
    /// What the theme gathers, at most 100 characters; `""` removes it.
    public var description: String?
    /// Who sees it.
    public var visibility: Visibility?

    /// A draft giving only the fields passed; every other field is "not given".
    public init(name: String? = nil, description: String? = nil, visibility: Visibility? = nil) {
        self.name = name
        self.description = description
        self.visibility = visibility
    }
}
