/// Who sees a story or a theme: its author only, or everyone.
public enum Visibility: String, Sendable, Equatable {
    /// Everyone.
    case `public`
    /// The author only; for anyone else it does not exist.
    case `private`
}
