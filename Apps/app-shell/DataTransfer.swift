import BookStories
import Core
import Formats
import Habits
import Scripting

#if canImport(Glibc)
    import Glibc
#endif

/// `--export FILE`, `--import PATH [--from FORMAT]`, `--export-markdown FOLDER` and
/// `--export-loop FOLDER`: the
/// shell reads and writes these files itself, through the `app.export` and `app.import`
/// routes, so the script sandbox stays as it is.
enum DataTransfer {
    /// The deadline of `--import` when `--timeout` gives none: ten minutes.
    static let importTimeout: Double = 600

    /// Runs what `options` asks; the exit code.
    static func run(_ options: ShellOptions, engine: LuaEngine) -> Int32 {
        do {
            if let path = options.importPath {
                var values: [String: Value] = ["path": .string(path)]
                if let from = options.importFormat { values["from"] = .string(from) }
                let arguments = Arguments(values)
                // Under --timeout, else importTimeout: a file that takes longer is stopped and
                // nothing of it is kept (one transaction).
                let result = try WorkDeadline.run("--import", seconds: options.timeoutSeconds ?? importTimeout) {
                    try engine.router.call("app.import", arguments, session: engine.session)
                }
                print(result.jsonText)
            }
            if let file = options.exportFile {
                let document = try engine.router.call("app.export", session: engine.session)
                try PrivateFiles.create(file, contents: Array((document.jsonText + "\n").utf8))
                print("exported to \(file)")
            }
            if let folder = options.markdownFolder {
                let document = try engine.router.call("app.export", session: engine.session)
                let files = StoryMarkdown.files(fromSection: document["sections"]["bookstories"])
                try PrivateFiles.createFolder(folder)
                for file in files {
                    try PrivateFiles.create(folder + "/" + file.name, contents: Array(file.text.utf8))
                }
                print("wrote \(files.count) Markdown files to \(folder)")
                Terminal.error(
                    "app-shell: --export-markdown: not written: ids, instants, themes and visibility (docs/data-in-and-out.md)"
                )
            }
            if let folder = options.loopFolder {
                let document = try engine.router.call("app.export", session: engine.session)
                let files = LoopCSVExport.files(fromSection: document["sections"]["habits"])
                try PrivateFiles.createFolder(folder)
                // Each habit's folder name is made by LoopCSVExport from ASCII letters,
                // digits, space, '.', '_' and '-' after its number: never a path of its own.
                for file in files {
                    if let slash = file.path.lastIndex(of: "/") {
                        try PrivateFiles.createFolder(folder + "/" + file.path[..<slash])
                    }
                    try PrivateFiles.create(folder + "/" + file.path, contents: Array(file.text.utf8))
                }
                print("wrote \(files.count - 1) habits in Loop's CSV layout to \(folder)")
                // What Loop's layout cannot say, habit by habit, and what was written instead.
                for line in LoopCSVExport.losses(fromSection: document["sections"]["habits"]) {
                    Terminal.error("app-shell: --export-loop: \(line)")
                }
                Terminal.error(
                    "app-shell: --export-loop: not written: ids, instants and scores (Loop reckons its own)")
            }
            return 0
        } catch {
            Terminal.error("app-shell: \(AppError.wrapping(error))")
            return 1
        }
    }
}
