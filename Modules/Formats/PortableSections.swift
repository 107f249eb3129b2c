import Core
import Time

/// Every feature's export section and foreign file format, registered by the composition
/// root: what `app.export` and `app.import` go through.
public struct PortableSections: DataPortability {
    /// The document's `format`.
    public static let format = "app-shell-export"
    /// The document version this build writes and the newest it reads: 2 carries comments,
    /// blocks and reports (a version 1 document, without them, imports as it is).
    public static let version = 2
    /// The largest file `app.import` reads: 256 MiB.
    public static let maximumFileBytes = 256 * 1_048_576

    /// The sections, in document order.
    public let sections: [any PortableSection]
    /// The foreign formats, in the order they are tried.
    public let formats: [any ForeignFormat]

    /// The most bytes an import holds: the file, or a folder's or zip archive's files once
    /// read and inflated, each entry counted even when entries share one compressed stream.
    /// `maximumFileBytes` unless the runner set less (`app-shell`'s `--max-memory`).
    public let maximumBytes: Int

    /// Reads a whole file (path, most bytes); Core reads no files itself.
    public let readFile: @Sendable (String, Int) throws -> [UInt8]
    /// Lists a folder's files by their path inside it, with a way to read them (at most so
    /// many bytes in all), or nil when `path` is not a folder.
    public let readFolder: @Sendable (String) throws -> FolderContents?

    /// A registry of `sections` and `formats` that reads files with `readFile` and folders
    /// with `readFolder` (none by default), holding at most `maximumBytes` of an import
    /// (at most `maximumFileBytes`).
    public init(
        sections: [any PortableSection], formats: [any ForeignFormat],
        readFile: @escaping @Sendable (String, Int) throws -> [UInt8],
        readFolder: @escaping @Sendable (String) throws -> FolderContents? = { _ in nil },
        maximumBytes: Int = maximumFileBytes
    ) {
        self.maximumBytes = min(max(0, maximumBytes), Self.maximumFileBytes)
        self.sections = sections
        self.formats = formats
        self.readFile = readFile
        self.readFolder = readFolder
    }

    /// The names `from` takes: the document's and each foreign format's.
    public var formatNames: [String] { ["app-shell"] + formats.map(\.name) }

    /// The export document of `user`: `format`, `version`, `exported_at`, `user` and one
    /// section per feature, each with its own `version`.
    public func export(for user: User, clock: any Clock) throws -> Value {
        var sectionFields: [(String, Value)] = []
        for section in sections {
            var record = Record([("version", .int(section.version))])
            for (key, value) in try section.export(for: user) { record[key] = value }
            sectionFields.append((section.name, .table(record)))
        }
        return .table(
            Record([
                ("format", .string(Self.format)), ("version", .int(Self.version)),
                ("exported_at", .string(clock.format(clock.now()))), ("user", .string(user.name)),
                ("sections", .table(Record(sectionFields))),
            ]))
    }

    /// Imports the file or folder at `path` for `user`, in one transaction of `transactions`.
    /// A folder, or a zip archive, is read as the files it holds (Loop's CSV export).
    /// - Throws: as `importFile`; `invalid_argument` (field `path`) for what cannot be read.
    public func importPath(
        _ path: String, from: String?, for user: User, clock: any Clock, transactions: any TransactionRunner
    ) throws -> ImportReport {
        if let folder = try readFolder(path) {
            // The names decide before anything is read: a folder of no known format is
            // refused without reading its files.
            _ = try folderFormat(folder.paths, from: from, path: path)
            let files = try folder.read(maximumBytes)
            return try importFolder(files, from: from, for: user, clock: clock, transactions: transactions)
        }
        let bytes = try readFile(path, maximumBytes)
        let named = try from.map(checkedName)
        if ZipArchive.looksLikeZip(bytes) && named != "app-shell" {
            let files = try ZipArchive.files(in: bytes, maximum: maximumBytes)
            _ = try folderFormat(files.keys.sorted(), from: from, path: path)
            return try importFolder(files, from: from, for: user, clock: clock, transactions: transactions)
        }
        if let named { try expect(named, in: bytes, path: path) }
        return try importFile(bytes, from: from, for: user, clock: clock, transactions: transactions)
    }

    /// Imports a folder's files (by their path inside it) for `user` in one transaction.
    /// - Throws: `import.unknown_format` when no format reads such a folder.
    public func importFolder(
        _ files: [String: [UInt8]], from: String?, for user: User, clock: any Clock,
        transactions: any TransactionRunner
    ) throws -> ImportReport {
        let format = try folderFormat(files.keys.sorted(), from: from)
        return try transactions.transaction {
            var report = ImportReport(format: format.name)
            try format.importFolder(files, for: user, clock: clock, report: &report)
            return report
        }
    }

    /// The format that reads a folder of these paths (`from`, if given, must be it).
    /// - Parameter path: the folder or zip file given, named in the error.
    private func folderFormat(_ paths: [String], from: String?, path: String? = nil) throws -> any ForeignFormat {
        let name = try from.map(checkedName)
        guard let format = formats.first(where: { (name == nil || $0.name == name) && $0.recognisesFolder(paths) })
        else {
            let what = path.map { "\($0) is not a folder or zip" } ?? "the folder is not one"
            let expected =
                name.map { named in
                    " of \(formats.first { $0.name == named }?.expected ?? named) (from = \(named))"
                } ?? " this app-shell reads (a Loop CSV export holds Habits.csv)"
            throw AppError(code: "import.unknown_format", message: what + expected, field: "from")
        }
        return format
    }

    /// Refuses a file that is not of the format `name` it was given as, naming the file, the
    /// format expected and, when another format reads it, that one.
    /// - Throws: `import.unknown_format` (field `from`).
    private func expect(_ name: String, in bytes: [UInt8], path: String) throws {
        let expected: String
        if name == "app-shell" {
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            guard !(head.contains("\"format\"") && head.contains(Self.format)) else { return }
            expected = "an app-shell export document (JSON with \"format\": \"\(Self.format)\")"
        } else {
            guard let format = formats.first(where: { $0.name == name }), !format.recognises(bytes) else { return }
            expected = format.expected
        }
        let other = (try? recognise(bytes)).map { "; it looks like from = \($0)" } ?? ""
        throw AppError(
            code: "import.unknown_format", message: "\(path) is not \(expected) (from = \(name))\(other)",
            field: "from")
    }

    /// Imports `bytes` (a file's content) for `user` in one transaction of `transactions`:
    /// the format is `from`, or recognised from the content when nil.
    /// - Throws: `import.unknown_format`, `import.newer_version`, `invalid_argument`; nothing
    ///   is changed then.
    public func importFile(
        _ bytes: [UInt8], from: String?, for user: User, clock: any Clock, transactions: any TransactionRunner
    ) throws -> ImportReport {
        let name = try from.map(checkedName) ?? recognise(bytes)
        if name == "app-shell" {
            let document = try JSONParser.parse(bytes)
            var report = try transactions.transaction { try importDocument(document, for: user) }
            report.reportInvalidUTF8(bytes, in: "the document")
            return report
        }
        guard let format = formats.first(where: { $0.name == name }) else {
            throw AppError.invalidArgument("unknown format \(name)", field: "from")
        }
        return try transactions.transaction {
            var report = ImportReport(format: name)
            try format.importFile(bytes, for: user, clock: clock, report: &report)
            return report
        }
    }

    /// Imports an export document (already parsed) for `user`; the caller holds the transaction.
    public func importDocument(_ document: Value, for user: User) throws -> ImportReport {
        guard let record = document.recordValue, record["format"]?.stringValue == Self.format else {
            throw AppError(
                code: "import.unknown_format", message: "the JSON is not an app-shell export document",
                field: "format")
        }
        guard let version = record["version"]?.intValue, version >= 1 else {
            throw AppError.invalidArgument("the document has no version", field: "version")
        }
        guard version <= Self.version else {
            throw AppError(
                code: "import.newer_version",
                message: "the document is version \(version); this app-shell reads versions up to \(Self.version)",
                field: "version")
        }
        var report = ImportReport(format: Self.format)
        let given = record["sections"]?.recordValue ?? Record()
        for key in given.keys where !sections.contains(where: { $0.name == key }) {
            report.cannotRepresent("section \(key): not known to this app-shell")
        }
        for section in sections {
            guard let value = given[section.name], let fields = value.recordValue else { continue }
            let sectionVersion = fields["version"]?.intValue ?? 1
            guard sectionVersion <= section.version else {
                throw AppError(
                    code: "import.newer_version",
                    message:
                        "section \(section.name) is version \(sectionVersion); this app-shell reads up to \(section.version)",
                    field: "sections.\(section.name).version")
            }
            try section.importSection(fields, version: sectionVersion, for: user, report: &report)
        }
        return report
    }

    private func checkedName(_ name: String) throws -> String {
        let folded = name.lowercased()
        guard formatNames.contains(folded) else {
            throw AppError.invalidArgument(
                "unknown format \(name); one of \(formatNames.joined(separator: ", "))", field: "from")
        }
        return folded
    }

    /// The format of `bytes`: the document or a foreign format.
    private func recognise(_ bytes: [UInt8]) throws -> String {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if head.contains("\"format\"") && head.contains(Self.format) { return "app-shell" }
        for format in formats where format.recognises(bytes) { return format.name }
        throw AppError(
            code: "import.unknown_format",
            message: "the file is of no format this app-shell reads (\(formatNames.joined(separator: ", ")))",
            field: "from")
    }
}
