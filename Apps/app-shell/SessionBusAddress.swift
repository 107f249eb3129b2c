import Core

/// A session bus address `app.notify` may hand to libdbus: only `unix:` addresses.
///
/// A D-Bus address is a `;`-separated list that libdbus tries in turn, and some transports
/// do more than connect: `unixexec:path=/bin/sh,argv1=-c,...` runs a program, `autolaunch:`
/// and `launchd:` may start a bus. Whoever sets `DBUS_SESSION_BUS_ADDRESS` would run that
/// program inside any script's notification, so every address of the list must be a
/// `unix:` socket (`path=`, `abstract=`, `runtime=yes`); anything else is refused before
/// libdbus is called.
struct SessionBusAddress: Sendable, Equatable {
    /// The address as libdbus takes it.
    let text: String

    /// The error code of a refused address (`DesktopNotification.busRefusedCode`).
    static let refusedCode = DesktopNotification.busRefusedCode

    /// Checks `text`, a `DBUS_SESSION_BUS_ADDRESS` value.
    /// - Throws: `app.bus_refused` when it is empty or any address of it is not `unix:`,
    ///   naming the transports refused (never the rest of the value).
    init(checking text: String) throws(AppError) {
        let addresses = text.split(separator: ";", omittingEmptySubsequences: false)
        let refused = addresses.filter { !$0.hasPrefix("unix:") }
        guard !text.isEmpty, refused.isEmpty else {
            let transports = refused.map { address in
                address.firstIndex(of: ":").map { String(address[..<$0]) + ":" } ?? "an address without a transport"
            }
            throw AppError(
                code: Self.refusedCode,
                message: "DBUS_SESSION_BUS_ADDRESS may name unix: sockets only (another transport can run a program); "
                    + "it names \(Set(transports).sorted().joined(separator: ", "))")
        }
        self.text = text
    }

    /// The `unix:path=` address of the socket at `path`, escaped as D-Bus addresses are
    /// (bytes other than `[-0-9A-Za-z_/.\*]` as `%XX`), so no `,` or `;` in a folder's name
    /// adds a key or an address.
    static func socket(atPath path: String) -> SessionBusAddress {
        var escaped = "unix:path="
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"),
                UInt8(ascii: "."), UInt8(ascii: "\\"), UInt8(ascii: "*"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789abcdef".unicodeScalars)
                escaped.unicodeScalars.append("%")
                escaped.unicodeScalars.append(digits[Int(byte >> 4)])
                escaped.unicodeScalars.append(digits[Int(byte & 0x0f)])
            }
        }
        return SessionBusAddress(text: escaped)
    }

    private init(text: String) { self.text = text }
}
