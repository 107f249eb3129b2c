import Core
import Storage
import Time

/// Reads `app-shell [options] [FILE [ARGS...]]` into `ShellOptions`.
///
/// Options take their value as the next word or after `=` (`--db=x.db`); the first word
/// that is not an option is the script, and everything after it belongs to the script.
enum CommandLineParser {
    static let usage = """
        usage: app-shell [options] [FILE [ARGS...]]
          (no FILE)            the REPL, or the lines of standard input when it is not a terminal
          FILE [ARGS...]       run a Lua script; arg holds ARGS as in lua ('-' reads standard input)
          -e CHUNK             run CHUNK and print what it returns (may repeat)
        options:
          --db PATH            the database file (default $XDG_DATA_HOME/app-shell/app.db; :memory: for none),
                               or a PostgreSQL server: postgres://USER@HOST:PORT/DATABASE (PG* variables and
                               ~/.pgpass fill in what the URL leaves out)
          --read-db URL        a hot standby of the --db server: read-only routes (story pages and search,
                               listings) read from it, the rest and every write from --db
          --user NAME          act as NAME (default $APP_SHELL_USER, else "me"); created on first use,
                               which standard error then says; SQLite only (on PostgreSQL you are your
                               database login)
          --now INSTANT        fix the clock, e.g. 2026-11-29T08:00:00+09:00 (default $APP_SHELL_NOW)
          --clock-speed N      run the clock N times as fast as real time (0.001 to 1000000), from --now
                               and the script's first line; 'instant': app.loop() jumps straight to
                               the next due timer or reminder whenever it has nothing to do
                               if given: timers of app.loop follow it (a day in 6 s at 14400)
          --tz ZONE            the time zone, e.g. Asia/Seoul (default $TZ, else the system's)
          --json               print results as JSON
          --allow-io           lift the sandbox: full io, os and debug, lua5.4's package, code from any folder
          --timeout SECONDS    stop a chunk after SECONDS (default 60 for scripts, none in the REPL; 0 for none),
                               and --import (default 600)
          --callback-timeout SECONDS  stop each callback app.loop runs after SECONDS (default the --timeout,
                               else 60; 0 for none); after 3 such stops app.loop() ends with an error
          --connect-timeout SECONDS  give up connecting to a PostgreSQL server that does not answer after
                               SECONDS (2 to 3600; default the URL's connect_timeout, else $PGCONNECT_TIMEOUT, else 5)
          --max-memory MB      cap the Lua heap and what an import holds (default 1024)
          --trace FILE         write every route call, transaction and trace.span as Chrome trace JSON
          --events-sink SINK   where events.flush sends events: a JSON Lines file or an http:// URL
          --backup FILE        copy the database (while others use it) into the new file FILE, then exit
          --export FILE        write your data as one JSON document into the new file FILE (0600), then exit
          --import PATH        take in an export document, a Loop backup or CSV export (folder or zip),
                               HabitBull CSV, Kindle's My Clippings.txt or a KOReader JSON export
          --from FORMAT        the format of --import: app-shell, loop, habitbull, kindle or koreader (default: recognised)
          --export-markdown DIR  write your stories as Markdown, one file per book, into the new folder DIR
          --export-loop DIR    write your habits in Loop Habit Tracker's CSV layout into the new folder DIR
          --events-backlog N   keep at most N events waiting for the sink, dropping the oldest (default 10000)
          --no-init            skip the init script and user plugins
          --lua-stubs          print the LuaLS type stubs of every route and record
          --lua-reference      print the Markdown reference of every route and record
          --row-security-reference  print the Markdown page of every table's grant, policies and export
          --help, --version
        exit codes: 0 success, 1 script or route error, 2 usage error
        """

    /// The options that take no value: `--json=x` is a usage error, not `--json`.
    static let flags: Set<String> = [
        "--json", "--allow-io", "--no-init", "--help", "-h", "--version", "-v", "--lua-stubs", "--lua-reference",
        "--row-security-reference",
    ]

    /// What a usage error prints after the problem.
    static let seeHelp = "(see app-shell --help)"

    /// The longest `--timeout`: a year of seconds (NaN, infinities and negatives are refused too).
    static let maximumTimeout: Double = 31_536_000
    /// The largest `--max-memory`: 1 TB in megabytes.
    static let maximumMemoryMB = 1 << 20

    static func parse(_ words: [String]) throws(UsageError) -> ShellOptions {
        var options = ShellOptions()
        var index = 0
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < words.count else { throw UsageError(message: "\(option) needs a value") }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            if word == "--" {
                index += 1
                break
            }
            guard word.hasPrefix("-"), word != "-" else { break }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            if inline != nil, flags.contains(name) {
                throw UsageError(message: "\(name) takes no value, got '\(word)'")
            }
            switch name {
            case "--db": options.databasePath = try value(for: name, inline: inline)
            case "--read-db":
                let url = try value(for: name, inline: inline)
                guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                    throw UsageError(message: "--read-db takes a postgres:// or postgresql:// URL, got '\(url)'")
                }
                options.readerPath = url
            case "--user": options.userName = try value(for: name, inline: inline)
            case "--now": options.now = try value(for: name, inline: inline)
            case "--tz": options.timeZone = try value(for: name, inline: inline)
            case "--clock-speed":
                let text = try value(for: name, inline: inline)
                if text == "instant" {
                    options.clockSteps = true
                    options.clockSpeed = nil
                } else {
                    guard let speed = Double(text), speed >= ScaledClock.minimumRate, speed <= ScaledClock.maximumRate
                    else {
                        throw UsageError(
                            message: "--clock-speed takes a number from 0.001 to 1000000 (times real time) "
                                + "or 'instant', got '\(text)'")
                    }
                    options.clockSpeed = speed
                    options.clockSteps = false
                }
            case "--json": options.json = true
            case "--allow-io": options.allowIO = true
            case "--no-init": options.noInit = true
            case "--help", "-h": options.showHelp = true
            case "--version", "-v": options.showVersion = true
            case "-e": options.chunks.append(try value(for: name, inline: inline))
            case "--timeout":
                let text = try value(for: name, inline: inline)
                guard let seconds = Double(text), seconds >= 0, seconds <= maximumTimeout else {
                    throw UsageError(
                        message:
                            "--timeout takes seconds from 0 (none) to \(Int(maximumTimeout)) (a year), got '\(text)'")
                }
                options.timeoutSeconds = seconds
            case "--connect-timeout":
                let text = try value(for: name, inline: inline)
                let range = PostgresDatabase.connectTimeouts
                guard let seconds = Int(text), range.contains(seconds) else {
                    throw UsageError(
                        message:
                            "--connect-timeout takes whole seconds from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
                    )
                }
                options.connectTimeout = seconds
            case "--callback-timeout":
                let text = try value(for: name, inline: inline)
                guard let seconds = Double(text), seconds >= 0, seconds <= maximumTimeout else {
                    throw UsageError(
                        message:
                            "--callback-timeout takes seconds from 0 (none) to \(Int(maximumTimeout)) (a year), got '\(text)'"
                    )
                }
                options.callbackTimeoutSeconds = seconds
            case "--max-memory":
                let text = try value(for: name, inline: inline)
                guard let megabytes = Int(text), megabytes > 0, megabytes <= maximumMemoryMB else {
                    throw UsageError(
                        message: "--max-memory takes whole megabytes from 1 to \(maximumMemoryMB) (1 TB), got '\(text)'"
                    )
                }
                options.maxMemoryMB = megabytes
            case "--lua-stubs": options.printStubs = true
            case "--lua-reference": options.printReference = true
            case "--row-security-reference": options.printRowSecurity = true
            case "--trace": options.tracePath = try value(for: name, inline: inline)
            case "--events-sink": options.eventsSink = try value(for: name, inline: inline)
            case "--backup": options.backupFile = try value(for: name, inline: inline)
            case "--export": options.exportFile = try value(for: name, inline: inline)
            case "--import": options.importPath = try value(for: name, inline: inline)
            case "--from": options.importFormat = try value(for: name, inline: inline)
            case "--export-markdown": options.markdownFolder = try value(for: name, inline: inline)
            case "--export-loop": options.loopFolder = try value(for: name, inline: inline)
            case "--events-backlog":
                let text = try value(for: name, inline: inline)
                guard let count = Int(text), (1...SQLEventStore.maximumCapacity).contains(count) else {
                    throw UsageError(
                        message: "--events-backlog takes a whole number of events, 1 to "
                            + "\(SQLEventStore.maximumCapacity), got '\(text)'")
                }
                options.eventsBacklog = count
            default:
                throw UsageError(message: "unknown option '\(word)'")
            }
            index += 1
        }
        if options.importFormat != nil, options.importPath == nil {
            throw UsageError(message: "--from names the format of --import, which is missing")
        }
        if index < words.count {
            options.wordsBeforeScript = Array(words[..<index])
            options.script = words[index]
            options.scriptArguments = Array(words[(index + 1)...])
        }
        return options
    }
}
