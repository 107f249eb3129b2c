/// What an import did: counts of what was added and skipped (already there) by kind, and a
/// line for each thing the app cannot represent, which is reported and never dropped silently.
public struct ImportReport: Sendable, Equatable {
    /// The format that was read (`app-shell-export`, `kindle`, `koreader`).
    public var format: String
    /// Added items by kind (`habits`, `completions`, `stories`, `quotes` ...), in first-added order.
    public private(set) var added: [(kind: String, count: Int)] = []
    /// Items already there by kind.
    public private(set) var skipped: [(kind: String, count: Int)] = []
    /// What could not be taken in, one line each.
    public private(set) var notRepresentable: [String] = []
    /// Each item merged into one of the user's (a habit of the same name), and each of its
    /// settings that differed and was kept or replaced, one line each.
    public private(set) var merged: [String] = []

    /// Ids the import gave anew (the document's id belongs to another user), by kind and the
    /// document's id, so that a later section naming the item (a reminder names its habit)
    /// finds it. Not part of the result.
    public private(set) var newIDs: [String: [String: String]] = [:]

    /// An empty report of `format`.
    public init(format: String) { self.format = format }

    /// Counts `count` added items of `kind`.
    public mutating func add(_ kind: String, _ count: Int = 1) { Self.bump(&added, kind, count) }

    /// Counts `count` items of `kind` that were there already.
    public mutating func skip(_ kind: String, _ count: Int = 1) { Self.bump(&skipped, kind, count) }

    /// Reports something that could not be taken in.
    public mutating func cannotRepresent(_ line: String) { notRepresentable.append(line) }

    /// Reports, when `bytes` (the text of `file`) are not all UTF-8, how many of their
    /// sequences were read as U+FFFD: text is replaced there, never silently.
    public mutating func reportInvalidUTF8(_ bytes: [UInt8], in file: String) {
        guard String(validating: bytes, as: UTF8.self) == nil else { return }
        var invalid = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break decoding
            case .error: invalid += 1
            }
        }
        cannotRepresent(
            "\(file): \(invalid) \(invalid == 1 ? "sequence is" : "sequences are") not UTF-8, "
                + "read as \u{FFFD} (U+FFFD)")
    }

    /// Reports an item merged into one of the user's, or a setting of it that differed.
    public mutating func merge(_ line: String) { merged.append(line) }

    /// Notes that the item of `kind` with the document's id `old` was stored as `new`.
    public mutating func renumber(_ kind: String, from old: String, to new: String) {
        newIDs[kind, default: [:]][old] = new
    }

    /// The id under which the item of `kind` with the document's id `id` was stored.
    public func storedID(_ kind: String, _ id: String) -> String { newIDs[kind]?[id] ?? id }

    /// How many items of `kind` were added.
    public func addedCount(_ kind: String) -> Int { added.first { $0.kind == kind }?.count ?? 0 }

    /// How many items of `kind` were skipped.
    public func skippedCount(_ kind: String) -> Int { skipped.first { $0.kind == kind }?.count ?? 0 }

    /// The `import_result` record.
    public var value: Value {
        .table(
            Record([
                ("format", .string(format)),
                ("added", .table(Record(added.map { ($0.kind, .int($0.count)) }))),
                ("skipped", .table(Record(skipped.map { ($0.kind, .int($0.count)) }))),
                ("not_representable", .array(notRepresentable.map(Value.string))),
                ("merged", .array(merged.map(Value.string))),
            ]))
    }

    private static func bump(_ counts: inout [(kind: String, count: Int)], _ kind: String, _ count: Int) {
        guard count > 0 else { return }
        if let index = counts.firstIndex(where: { $0.kind == kind }) {
            counts[index].count += count
        } else {
            counts.append((kind, count))
        }
    }

    /// Equal when every count and line is.
    public static func == (lhs: ImportReport, rhs: ImportReport) -> Bool {
        lhs.format == rhs.format && lhs.added.elementsEqual(rhs.added, by: { $0 == $1 })
            && lhs.skipped.elementsEqual(rhs.skipped, by: { $0 == $1 }) && lhs.notRepresentable == rhs.notRepresentable
            && lhs.merged == rhs.merged
    }
}
