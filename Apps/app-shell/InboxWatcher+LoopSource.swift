import Scripting
import Storage

/// The inbox watcher (Storage) is a source of `app.loop()` (Scripting): it has exactly the
/// members a `LoopSource` asks for; only the shell knows both modules.
extension InboxWatcher: LoopSource {}
