import Time

/// A person's notifications: the entries of their inbox (`Inbox`), newest first, with a
/// read mark, less what they may no longer see (from someone either of them blocked, about
/// something hidden or gone). Core declares it; Storage implements it over the `inbox`
/// table, which only the database writes and, on a server, only the recipient reads,
/// marks and deletes.
public protocol NotificationList: Sendable {
    /// `userID`'s notifications after the first `offset`, newest first, at most `limit`.
    func notifications(of userID: String, offset: Int, limit: Int) throws -> [NotificationEntry]
    /// Marks `userID`'s notification `id` read at `now` (a read one keeps its time).
    /// - Returns: whether `userID` has such a notification.
    func markRead(_ id: Int, of userID: String, at now: Instant) throws -> Bool
    /// Marks every unread notification of `userID`'s read at `now`, in one statement.
    /// - Returns: how many were unread.
    func markAllRead(of userID: String, at now: Instant) throws -> Int
    /// Deletes `userID`'s notification `id`.
    /// - Returns: whether there was one.
    func delete(_ id: Int, of userID: String) throws -> Bool
    /// Deletes every notification of `userID`'s, in one statement.
    /// - Returns: how many there were.
    func clear(of userID: String) throws -> Int
    /// How many of `userID`'s notifications are unread (those the list shows).
    func unreadCount(of userID: String) throws -> Int
}
