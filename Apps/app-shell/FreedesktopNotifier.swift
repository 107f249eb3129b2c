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
/// socket exists; no bus is ever started (no `dbus-launch`), so a notification runs no
/// program: it is allowed in the sandbox.
struct FreedesktopNotifier: Notifier {
    /// The bus address, nil when there is none.
    let address: String?
    /// How long the service may take to answer, in milliseconds.
    static let timeoutMilliseconds: Int32 = 1_000

    init(environment: [String: String]) {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            self.address = address
        } else if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, Self.isSocket(runtime + "/bus") {
            address = "unix:path=" + runtime + "/bus"
        } else {
            address = nil
        }
    }

    func show(_ notification: DesktopNotification) -> String {
        let fallback = StandardErrorNotifier()
        guard let address else { return fallback.show(notification) }
        var message = [CChar](repeating: 0, count: 256)
        let result = cdbus_notify(
            address, "app-shell", notification.title, notification.markupBody, Self.timeoutMilliseconds, &message,
            message.count)
        guard result == 0 else { return fallback.show(notification) }
        return "desktop"
    }

    static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}
