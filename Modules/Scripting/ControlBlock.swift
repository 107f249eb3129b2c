import CLua

/// Owns the C control block of one Lua state (memory accounting and the stop switch).
///
/// The watchdog and the Ctrl-C handler reach it from other threads, only through the
/// shim's locked operations (`clua_request_stop`), which is why this one wrapper is
/// `@unchecked Sendable` (every field the other threads touch is behind the block's lock or
/// atomic, see Modules/CLua/include/CLua.h). It outlives the state: a late watchdog
/// finds a run id that no longer matches and does nothing.
final class ControlBlock: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<clua_control>

    init(memoryLimit: Int) {
        pointer = UnsafeMutablePointer<clua_control>.allocate(capacity: 1)
        pointer.initialize(to: clua_control())
        pointer.pointee.limit = memoryLimit
        clua_control_init(pointer)
    }

    deinit {
        clua_control_destroy(pointer)
        pointer.deallocate()
    }
}
