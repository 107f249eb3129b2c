/// SQLite's process-wide settings, which SQLite accepts only before it is first used.
public enum SQLiteProcessSettings {
    /// Applies them (memory statistics off; see `Connection.configured`). Call first thing
    /// in a program's main, before any library that links SQLite as well can initialise it;
    /// the first connection applies them otherwise. Idempotent.
    public static func apply() {
        _ = Connection.configured
    }
}
