/// Shows a `DesktopNotification` to the person at the screen.
///
/// Core declares it and writes to standard error (`StandardErrorNotifier`); the shell
/// registers one that talks to the desktop's notification service when a session bus is
/// there, and falls back to the same line otherwise.
public protocol Notifier: Sendable {
    /// Shows `notification`; returns where: `"desktop"` or `"stderr"`.
    /// - Throws: an `AppError` when the notification must not be shown where it was asked
    ///   to go (a session bus address that is no `unix:` socket: `SessionBusAddress`).
    func show(_ notification: DesktopNotification) throws -> String
}
