/// Which habits `habits.list` returns.
public enum ArchiveFilter: Sendable, Equatable {
    /// Only habits being tracked.
    case active
    /// Only archived habits.
    case archived
    /// Both.
    case all
}
