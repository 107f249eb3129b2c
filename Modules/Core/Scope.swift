/// How long a container keeps what a factory made.
public enum Scope: Sendable {
    /// Made once, on first use, and shared by every later resolution.
    case singleton
    /// Made anew for every resolution.
    case transient
}
