import CPostgres

/// How to ask the server to cancel what a connection is running (`PQgetCancel`,
/// `PQcancel`): usable from any thread while the connection waits, as libpq documents.
/// The connection frees it (`free`) only once no wait that could use it is registered.
final class PostgresCancelRequest: Sendable {
    /// The `PGcancel` object's address (an address is Sendable; the object is libpq's and
    /// thread-safe to use).
    private let address: Int

    /// The cancel object of `connection`; nil when libpq could not make one.
    init?(connection: OpaquePointer) {
        guard let cancel = cpg_get_cancel(connection) else { return nil }
        address = Int(bitPattern: cancel)
    }

    /// Asks the server to cancel the statement running now, if any; errors are ignored
    /// (the statement then ends by the server's own timeouts).
    func send() {
        guard let cancel = OpaquePointer(bitPattern: address) else { return }
        var message = [CChar](repeating: 0, count: 256)
        _ = cpg_cancel(cancel, &message, Int32(message.count))
    }

    /// Frees the cancel object; call once, after its last use.
    func free() {
        guard let cancel = OpaquePointer(bitPattern: address) else { return }
        cpg_free_cancel(cancel)
    }
}
