/// Every feature's export section and foreign file format, registered by the composition
/// root: what `app.export` and `app.import` go through.
public struct PortableSections: Sendable {
    /// The document's `format`.
    public static let format = "app-shell-export"
    /// The document version this build writes and the newest it reads.
    public static let version = 1
    /// The largest file `app.import` reads: 256 MiB.
    public static let maximumFileBytes = 256 * 1_048_576

    /// The sections, in document order.
    public let sections: [any PortableSection]
    /// The foreign formats, in the order they are tried.
    public let formats: [any ForeignFormat]

    /// Reads a whole file (path, most bytes); Core reads no files itself.
    public let readFile: @Sendable (String, Int) throws -> [UInt8]

    /// A registry of `sections` and `formats` that reads files with `readFile`.
    public init(
        sections: [any PortableSection], formats: [any ForeignFormat],
        readFile: @escaping @Sendable (String, Int) throws -> [UInt8]
    ) {
        self.sections = sections
        self.formats = formats
        self.readFile = readFile
    }

    /// The names `from` takes: the document's and each foreign format's.
    public var formatNames: [String] { ["app-shell"] + formats.map(\.name) + PortableSections.comingFormats }

    /// Formats recognised but not read yet (their importers come with the habits' frequencies,
    /// skips and notes): `import.not_supported_yet`.
    public static let comingFormats = ["loop", "habitbull"]

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

    /// Imports `bytes` (a file's content) for `user` in one transaction of `transactions`:
    /// the format is `from`, or recognised from the content when nil.
    /// - Throws: `import.unknown_format`, `import.not_supported_yet`, `import.newer_version`,
    ///   `invalid_argument`; nothing is changed then.
    public func importFile(
        _ bytes: [UInt8], from: String?, for user: User, clock: any Clock, transactions: any TransactionRunner
    ) throws -> ImportReport {
        let name = try from.map(checkedName) ?? recognise(bytes)
        if Self.comingFormats.contains(name) {
            throw AppError(
                code: "import.not_supported_yet",
                message:
                    "importing from \(name) comes with habit frequencies, skips and notes; it is not supported yet",
                field: "from")
        }
        if name == "app-shell" {
            let document = try JSONParser.parse(bytes)
            return try transactions.transaction { try importDocument(document, for: user) }
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

    /// The format of `bytes`: the document, a foreign format, or a coming one.
    private func recognise(_ bytes: [UInt8]) throws -> String {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if head.contains("\"format\"") && head.contains(Self.format) { return "app-shell" }
        for format in formats where format.recognises(bytes) { return format.name }
        // SQLite's file header (a Loop backup), a zip (Loop's CSV export) and the CSV
        // headers of Loop and HabitBull.
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) || bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            || head.hasPrefix("Position,Name,")
            || head.contains("Habit Name,")
        {
            return "loop"
        }
        if head.hasPrefix("HabitName,HabitDescription,HabitCategory") { return "habitbull" }
        throw AppError(
            code: "import.unknown_format",
            message: "cannot tell the file's format; name it with from (\(formatNames.joined(separator: ", ")))",
            field: "from")
    }
}
