import Time

/// Who keeps whom away (`people.block`): a block works both ways, so neither of two people
/// sees the other's stories, comments or replies, and neither can comment on the other's
/// stories, join the other as a mate or ask the other for a walk. The blocked person is
/// never told. Core declares it; Storage implements it over `user_blocks`.
public protocol BlockList: Sendable {
    /// Records that `blockerID` blocks `blockedID` as of `now`.
    /// - Returns: false when they already did.
    func block(_ blockedID: String, by blockerID: String, at now: Instant) throws -> Bool
    /// Ends a block of `blockerID`'s.
    /// - Returns: false when there was none.
    func unblock(_ blockedID: String, by blockerID: String) throws -> Bool
    /// The people `blockerID` blocked, most recent first.
    func blocked(by blockerID: String) throws -> [BlockedPerson]
    /// The ids of everyone `userID` blocked or who blocked `userID`, as far as `userID` may
    /// know (on a shared server a member reads only their own blocks; the server's policies
    /// hide the rest).
    func hiddenPeople(for userID: String) throws -> Set<String>
}
