import Foundation

/// Instruction counts from valgrind's callgrind: unlike wall time they do not move with the
/// machine's load (six builds share two cores), so `make bench` prints them beside the
/// times for the two figures every use pays for (docs/performance.md explains them).
enum Instructions {
    /// The valgrind the bench runs, or nil when it is not installed (then no counts).
    static let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The instructions `executable` with `arguments` runs, whole process (the dynamic
    /// loader included), or nil without valgrind or when the run fails. Valgrind cannot
    /// read the DWARF of the Swift 6.3 toolchain, so it runs a copy without debug
    /// information (`strip --strip-debug`: the symbols stay); a binary of the system runs as is.
    static func count(_ executable: String, _ arguments: [String]) -> Double? {
        guard let valgrind else { return nil }
        var program = executable
        if !executable.hasPrefix("/usr/") {
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-stripped-\(UUID().uuidString)-" + URL(fileURLWithPath: executable).lastPathComponent
            ).path
            guard (try? run("/usr/bin/strip", ["--strip-debug", "-o", copy, executable])) == 0 else { return nil }
            program = copy
        }
        defer { if program != executable { try? FileManager.default.removeItem(atPath: program) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", program] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { return nil }
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        // "==1234== Collected : 15344627"
        guard let line = report.split(separator: "\n").last(where: { $0.contains("Collected :") }),
            let number = line.split(separator: " ").last.flatMap({ Double($0) })
        else { return nil }
        return number
    }

    /// Runs `executable` quietly; returns its exit status.
    private static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Instructions per call of `mode` (`--profile-route` or `--profile-anchor`) of this
    /// app-bench: two runs of 22,000 and 42,000 calls, so the set-up cancels and every one of
    /// the 20,000 calls between them runs in the steady state of a full backlog (each
    /// event stored once and dropped once, as in the timed bench).
    static func perCall(bench: String, mode: String) -> Double? {
        guard let short = count(bench, [mode, "22000"]), let long = count(bench, [mode, "42000"]) else { return nil }
        return (long - short) / 20_000
    }
}
