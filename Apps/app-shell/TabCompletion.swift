import CEdit
import Scripting
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Tab completion for the REPL: libedit asks, the engine answers from the Lua state and
/// the router, without running Lua code.
///
/// libedit calls a C function with no context, so the engine is reached through this one
/// process-wide slot (the REPL's engine, used only on the thread that runs readline).
enum TabCompletion {
    private static let engineAddress = Mutex<UInt>(0)

    /// Completes with `engine` from now on.
    static func install(_ engine: LuaEngine) {
        engineAddress.withLock { $0 = UInt(bitPattern: Unmanaged.passUnretained(engine).toOpaque()) }
        cedit_set_completer { text, _, _ in
            cedit_completion_done()
            guard let text else { return nil }
            return TabCompletion.matches(for: String(cString: text))
        }
    }

    /// readline's answer: the longest common prefix, then every match, then NULL; NULL for none.
    static func matches(for word: String) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        let address = engineAddress.withLock { $0 }
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        let candidates = Unmanaged<LuaEngine>.fromOpaque(pointer).takeUnretainedValue().completions(for: word)
        guard let first = candidates.first else { return nil }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        let entries = candidates.count == 1 ? [first] : [common] + candidates
        guard let raw = malloc((entries.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride) else {
            return nil
        }
        let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() { array[index] = strdup(entry) }
        array[entries.count] = nil
        return array
    }
}
