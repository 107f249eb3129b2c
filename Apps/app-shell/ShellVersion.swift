/// The app's version, printed by `--version` and the REPL banner.
enum ShellVersion {
    static let number = "0.1.0"
}
