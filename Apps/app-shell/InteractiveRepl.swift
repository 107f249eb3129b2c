import CEdit
import FoundationEssentials
import Scripting

/// The interactive REPL: libedit for line editing and history, `ReplSession` for the rest.
///
/// History lives in `$XDG_STATE_HOME/app-shell/history` (default `~/.local/state/...`),
/// capped at 1,000 lines, without consecutive duplicates or lines that start with a space.
struct InteractiveRepl {
    let session: ReplSession
    let engine: LuaEngine
    let historyPath: String?

    init(session: ReplSession, engine: LuaEngine, environment: [String: String]) {
        self.session = session
        self.engine = engine
        let state = environment["XDG_STATE_HOME"] ?? environment["HOME"].map { "\($0)/.local/state" }
        if let state {
            let folder = "\(state)/app-shell"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            historyPath = "\(folder)/history"
        } else {
            historyPath = nil
        }
    }

    /// Reads and runs lines until Ctrl-D (Ctrl-C clears the line being typed); returns the exit code (always 0: errors at the
    /// prompt are shown, not fatal).
    func run() -> Int32 {
        // Before libedit starts: it reads the terminal in the locale in force then.
        TerminalLocale.useEnvironmentOrUTF8()
        cedit_set_name("app-shell")
        TabCompletion.install(engine)
        using_history()
        stifle_history(1000)
        if let historyPath { read_history(historyPath) }
        print("AppShell \(ShellVersion.number) (Lua 5.4). help() lists the modules; Ctrl-D leaves.")
        while true {
            let interruptsBefore = engine.interruptCount
            guard let raw = readline(session.prompt) else {
                print("")
                // Ctrl-C at the prompt ends readline too: clear the line and go on.
                if engine.interruptCount != interruptsBefore {
                    session.discard()
                    continue
                }
                break
            }
            let line = String(cString: raw)
            cedit_free(raw)
            remember(line)
            if case .ran(.failure(let failure)) = session.submit(line) {
                Terminal.error(failure.description)
            }
            Terminal.flush()
        }
        return 0
    }

    private func remember(_ line: String) {
        guard !line.isEmpty, !line.hasPrefix(" ") else { return }
        if let last = cedit_last_history_line(), String(cString: last) == line { return }
        add_history(line)
        if let historyPath { write_history(historyPath) }
    }
}
