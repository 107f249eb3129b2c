import Foundation

/// app-bench: every performance figure of the issues, measured side by side with its
/// anchor in one run. Prints a table and writes `.build/bench/results.json`.
// `app-bench --profile-route N`: only N no-op route calls with trace and events on, for
// `valgrind --tool=callgrind` (the whole bench under callgrind would take an hour).
// `--profile-anchor N`: the same for N calls of `string.len`, the anchor.
if CommandLine.arguments.count == 3, ["--profile-route", "--profile-anchor"].contains(CommandLine.arguments[1]),
    let calls = Int(CommandLine.arguments[2])
{
    do {
        let anchor = CommandLine.arguments[1] == "--profile-anchor"
        print(try Benchmarks.profileRoute(calls: calls, anchor: anchor))
    } catch {
        print("\(CommandLine.arguments[1]) failed: \(error)")
        exit(1)
    }
    exit(0)
}

let binaryFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let appShell = binaryFolder.appendingPathComponent("app-shell").path
var results: [BenchResult] = []
var skipped: [String] = []
// `app-bench --postgres`: only the PostgreSQL figures. `app-bench --only startup,complete`
// (or route_call): only those figures (before and after a change that must leave them alone); PostgreSQL's
// by their names too (`--only pg_startup,pg_complete`).
let postgresOnly = CommandLine.arguments.dropFirst().contains("--postgres")
let only: Set<String>? = CommandLine.arguments.firstIndex(of: "--only").flatMap { index in
    index + 1 < CommandLine.arguments.count
        ? Set(CommandLine.arguments[index + 1].split(separator: ",").map(String.init)) : nil
}

let runs: [(String, () throws -> BenchResult)] = [
    ("startup", { try Benchmarks.startup(appShell: appShell) }),
    ("complete", Benchmarks.complete),
    ("stats_10y", Benchmarks.statistics10Years),
    ("stats_10y_weekly", Benchmarks.statistics10YearsWeekly),
    ("overview_1000", Benchmarks.overview1000),
]
if let only {
    if only.contains("route_call") {
        do {
            results += try Benchmarks.routeCall()
        } catch {
            skipped.append("route_call: failed: \(error)")
        }
    }
    for (name, run) in runs where only.contains(name) {
        do {
            results.append(try run())
        } catch {
            skipped.append("\(name): failed: \(error)")
        }
    }
} else if !postgresOnly {
    do {
        results += try Benchmarks.routeCall()
    } catch {
        skipped.append("route_call: failed: \(error)")
    }
    for (name, run) in runs {
        do {
            results.append(try run())
        } catch {
            skipped.append("\(name): failed: \(error)")
        }
    }
    do {
        results += try Benchmarks.stories(appShell: appShell)
    } catch {
        skipped.append("story_search, story_public_page, story_create, repl_memory: failed: \(error)")
    }
}
if only == nil || !(only ?? []).isDisjoint(with: PostgresBenchmarks.names) {
    do {
        results += try PostgresBenchmarks.all(appShell: appShell, only: only)
    } catch {
        skipped.append("pg_startup, pg_complete, pg_story_page: \(error)")
    }
}
if !postgresOnly && only == nil {
    do {
        results += try Benchmarks.photo(appShell: appShell)
    } catch {
        skipped.append("photo: failed: \(error)")
    }
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
print(
    padded("name", 21) + padded("ours", 12) + padded("anchor", 12) + padded("unit", 6) + padded("ratio", 8)
        + padded("goal", 8) + padded("met", 5) + padded("instr", 12) + padded("anchor instr", 14))
for result in results {
    let counted = { (count: Double?) in count.map { String(Int($0.rounded())) } ?? "-" }
    print(
        padded(result.name, 21) + padded(format3(result.ours), 12) + padded(result.anchor.map(format3) ?? "-", 12)
            + padded(result.unit, 6) + padded(result.ratio.map(format3) ?? "-", 8)
            + padded("< " + format3(result.goal), 8) + padded(result.met ? "yes" : "NO", 5)
            + padded(counted(result.instructions), 12) + padded(counted(result.anchorInstructions), 14)
            + (result.note.isEmpty ? "" : "(\(result.note))"))
}
if Instructions.valgrind == nil { print("no valgrind: no instruction counts (apt-get install valgrind)") }
for line in skipped { print(line) }

let folder = URL(fileURLWithPath: ".build/bench")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let json = "[" + results.map(\.json).joined(separator: ",\n ") + "]\n"
do {
    try json.write(to: folder.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
    print("wrote .build/bench/results.json")
} catch {
    print("could not write .build/bench/results.json: \(error)")
}
