import CDBus
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// Shows `app.notify`'s notifications through the freedesktop notification service on the
/// session bus (libdbus-1, loaded on the first notification), and as one line on standard
/// error when there is no session bus or no service answers.
///
/// The bus is the one `DBUS_SESSION_BUS_ADDRESS` names, else `$XDG_RUNTIME_DIR/bus` when that
/// socket exists; no bus is ever started (no `dbus-launch`), and only `unix:` addresses are
/// handed to libdbus (`SessionBusAddress`: a `unixexec:` address would run a program), so a
/// notification runs no program: it is allowed in the sandbox.
struct FreedesktopNotifier: Notifier {
    /// The bus address, nil when there is none; the refusal when the environment names one
    /// that is no `unix:` socket.
    let address: Result<SessionBusAddress, AppError>?
    /// How long the service may take to answer, in milliseconds.
    static let timeoutMilliseconds: Int32 = 1_000

    init(environment: [String: String]) {
        if let text = environment["DBUS_SESSION_BUS_ADDRESS"], !text.isEmpty {
            address = Result { () throws(AppError) in try SessionBusAddress(checking: text) }
        } else if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, Self.isSocket(runtime + "/bus") {
            address = .success(SessionBusAddress.socket(atPath: runtime + "/bus"))
        } else {
            address = nil
        }
    }

    /// Shows `notification` on the desktop, else on standard error.
    /// - Throws: `app.bus_refused` when `DBUS_SESSION_BUS_ADDRESS` is no `unix:` address
    ///   (libdbus is never called).
    func show(_ notification: DesktopNotification) throws -> String {
        let fallback = StandardErrorNotifier()
        guard let address else { return fallback.show(notification) }
        let bus = try address.get()
        var message = [CChar](repeating: 0, count: 256)
        let result = cdbus_notify(
            bus.text, "app-shell", notification.title, notification.markupBody, Self.timeoutMilliseconds, &message,
            message.count)
        guard result == 0 else { return fallback.show(notification) }
        return "desktop"
    }

    static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}
