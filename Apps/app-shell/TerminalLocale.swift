#if canImport(Glibc)
    import Glibc
#endif

/// The character set libedit reads the terminal in.
///
/// A C program starts in the "C" locale whatever `LANG` says, and in it libedit's
/// `mbrtowc` refuses every byte above 0x7F: Hangul, emoji and `é` typed or pasted at the
/// prompt were dropped. So the REPL takes the environment's character type, and UTF-8
/// (`C.UTF-8`) when the environment says C or POSIX or names a locale this machine lacks.
/// Only `LC_CTYPE` changes: `LC_NUMERIC` would change how Lua prints and reads numbers.
enum TerminalLocale {
    /// Sets `LC_CTYPE` as above; returns the locale now in force.
    @discardableResult
    static func useEnvironmentOrUTF8() -> String {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) }
        if let chosen, chosen != "C", chosen != "POSIX" { return chosen }
        for name in ["C.UTF-8", "C.utf8"] {
            if let set = setlocale(LC_CTYPE, name) { return String(cString: set) }
        }
        return chosen ?? "C"
    }
}
