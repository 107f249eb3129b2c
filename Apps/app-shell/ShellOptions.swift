/// What the command line asked for.
struct ShellOptions {
    var databasePath: String?
    var userName: String?
    var now: String?
    /// `--clock-speed N`: the clock runs N times as fast as real time, from `--now` (or now).
    var clockSpeed: Double?
    /// `--clock-speed instant`: the clock moves only in `app.loop()`, straight to what is
    /// due next (`SteppedClock`).
    var clockSteps = false
    var timeZone: String?
    var json = false
    var allowIO = false
    var timeoutSeconds: Double?
    /// `--connect-timeout SECONDS`: how long a PostgreSQL connection waits for the server.
    var connectTimeout: Int?
    /// `--read-db URL`: a hot standby that read-only routes read from.
    var readerPath: String?
    /// `--callback-timeout SECONDS`: the deadline of each callback `app.loop` runs (0 for none).
    var callbackTimeoutSeconds: Double?
    var maxMemoryMB = 1024
    var noInit = false
    var tracePath: String?
    var eventsSink: String?
    /// `--backup FILE`: copy the database there and exit.
    var backupFile: String?
    /// `--export FILE`: write the acting user's export document there and exit.
    var exportFile: String?
    /// `--import PATH`: take the file in for the acting user and exit.
    var importPath: String?
    /// `--from FORMAT`: the format of `--import` (recognised when absent).
    var importFormat: String?
    /// `--export-markdown FOLDER`: write the stories as Markdown files in a new folder and exit.
    var markdownFolder: String?
    /// `--export-loop FOLDER`: write the habits in Loop Habit Tracker's CSV layout in a new folder and exit.
    var loopFolder: String?
    /// Whether an export or import was asked for.
    var transfersData: Bool {
        exportFile != nil || importPath != nil || markdownFolder != nil || loopFolder != nil
    }
    /// The most events kept waiting for a sink (`--events-backlog`).
    var eventsBacklog: Int?
    var showHelp = false
    var showVersion = false
    var printStubs = false
    var printReference = false
    var printRowSecurity = false
    /// `-e` chunks, in order.
    var chunks: [String] = []
    /// The script to run, and its arguments.
    var script: String?
    var scriptArguments: [String] = []
    /// The words before the script (for `arg`'s negative indexes).
    var wordsBeforeScript: [String] = []

    /// Whether this run is the interactive REPL: no script, no -e, and a terminal.
    var interactive: Bool { script == nil && chunks.isEmpty && Terminal.inputIsTerminal }
}
