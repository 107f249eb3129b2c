import CPostgres
import Core
import Time

#if canImport(Glibc)
    import Glibc
#endif

/// One row of a PostgreSQL result, valid only inside the closure that receives it.
///
/// `Row`'s PostgreSQL branch: it reads exactly as `Row` reads a SQLite row (same names, same
/// rules: typed reads by column index in the order of the SELECT list; a NULL read as a
/// non-optional type is `storage.corrupt` naming the column); repositories see only `Row`. Values arrive in PostgreSQL's text format:
/// integers of any width, `double precision` (`Infinity`, `NaN` included), booleans `t`/`f`
/// (or 0/1 for an integer column written SQLite's way), `bytea` as hex.
struct PostgresRow {
    let result: OpaquePointer
    let row: Int32

    init(result: OpaquePointer, row: Int32) {
        self.result = result
        self.row = row
    }

    /// The number of columns.
    var columnCount: Int32 { cpg_nfields(result) }

    /// Whether column `index` is NULL.
    func isNull(_ index: Int32) -> Bool { cpg_getisnull(result, row, index) != 0 }

    /// An integer column (`smallint`, `integer`, `bigint`, or a `numeric` without fraction).
    func int(_ index: Int32) throws -> Int {
        try requireValue(index)
        return try parseInt(index)
    }

    /// An integer column that may be NULL (non-throwing, as `Row.optionalInt`: a value that
    /// is not an integer, which an integer column cannot hold, reads as nil too).
    func optionalInt(_ index: Int32) -> Int? { isNull(index) ? nil : try? parseInt(index) }

    /// A `double precision` (or any numeric) column.
    func double(_ index: Int32) throws -> Double {
        try requireValue(index)
        return try parseDouble(index)
    }

    /// A double column that may be NULL (non-throwing, as `Row.optionalDouble`).
    func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : try? parseDouble(index) }

    /// A `boolean` column (`t` or `f`), or an integer column as SQLite's 0 and 1.
    func bool(_ index: Int32) throws -> Bool {
        try requireValue(index)
        let bytes = raw(index)
        if bytes.count == 1 && bytes[0] == UInt8(ascii: "t") { return true }
        if bytes.count == 1 && bytes[0] == UInt8(ascii: "f") { return false }
        return try parseInt(index) != 0
    }

    /// A text column.
    func string(_ index: Int32) throws -> String {
        try requireValue(index)
        return String(decoding: raw(index), as: UTF8.self)
    }

    /// A text column that may be NULL.
    func optionalString(_ index: Int32) -> String? {
        isNull(index) ? nil : String(decoding: raw(index), as: UTF8.self)
    }

    /// A `bytea` column (empty for NULL, as `Row.blob`; non-throwing like it: a value
    /// libpq cannot decode, which a bytea column cannot hold, reads as empty too).
    func blob(_ index: Int32) -> [UInt8] {
        guard !isNull(index) else { return [] }
        let text = raw(index)
        // The hex format (`\x` and two digits a byte) is the server's default; anything else
        // (bytea_output = escape) is decoded by libpq.
        if text.count >= 2 && text[0] == UInt8(ascii: "\\") && text[1] == UInt8(ascii: "x") {
            return Self.hex(text[2...]) ?? []
        }
        guard let value = cpg_getvalue(result, row, index) else { return [] }
        var length = 0
        let decoded = value.withMemoryRebound(to: UInt8.self, capacity: text.count + 1) {
            cpg_unescape_bytea($0, &length)
        }
        guard let decoded else { return [] }
        defer { cpg_freemem(decoded) }
        return Array(UnsafeBufferPointer(start: decoded, count: length))
    }

    /// A `YYYY-MM-DD` column (text, or `date` in the ISO style) as a day.
    func day(_ index: Int32) throws -> LocalDay {
        try requireValue(index)
        guard let day = LocalDay(utf8: raw(index)) else { throw corrupt(index, "not a day") }
        return day
    }

    /// A day column that may be NULL.
    func optionalDay(_ index: Int32) throws -> LocalDay? { isNull(index) ? nil : try day(index) }

    /// Whether text column `index` holds exactly these UTF-8 bytes (no String is made).
    func text(_ index: Int32, equals bytes: [UInt8]) -> Bool {
        let column = raw(index)
        guard column.count == bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let start = column.baseAddress else { return bytes.isEmpty }
            return memcmp(start, base, bytes.count) == 0
        }
    }

    /// A `bigint` milliseconds column as an instant.
    /// - Throws: `.corrupt` when the number is outside the years 1 to 9999 (see `Row.instant`).
    func instant(_ index: Int32) throws -> Instant {
        let milliseconds = try int(index)
        guard let instant = Instant(checkedMillisecondsSince1970: milliseconds) else {
            throw Row.notAnInstant(name: columnName(index), milliseconds)
        }
        return instant
    }

    /// The value's bytes as the server sent them (text format; no terminating NUL).
    private func raw(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        let count = Int(cpg_getlength(result, row, index))
        guard count > 0, let value = cpg_getvalue(result, row, index) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return value.withMemoryRebound(to: UInt8.self, capacity: count) { UnsafeBufferPointer(start: $0, count: count) }
    }

    /// Decimal digits with an optional sign, read in place with overflow checked.
    private func parseInt(_ index: Int32) throws -> Int {
        let bytes = raw(index)
        var position = 0
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            position = 1
        }
        guard position < bytes.count else { throw corrupt(index, "not an integer") }
        var value = 0
        while position < bytes.count {
            let digit = Int(bytes[position]) - 48
            guard digit >= 0 && digit <= 9 else { throw corrupt(index, "not an integer") }
            // Accumulated negatively, so Int.min fits.
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAgain) = times.subtractingReportingOverflow(digit)
            guard !overflow && !overflowAgain else { throw corrupt(index, "out of the 64-bit range") }
            value = next
            position += 1
        }
        if negative { return value }
        guard value != Int.min else { throw corrupt(index, "out of the 64-bit range") }
        return -value
    }

    private func parseDouble(_ index: Int32) throws -> Double {
        let text = String(decoding: raw(index), as: UTF8.self)
        switch text {
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        case "NaN": return .nan
        default:
            guard let value = Double(text) else { throw corrupt(index, "not a number") }
            return value
        }
    }

    private static func hex(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var high: UInt8?
        for character in digits {
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }

    private func columnName(_ index: Int32) -> String {
        cpg_fname(result, index).map { String(cString: $0) } ?? "\(index)"
    }

    private func corrupt(_ index: Int32, _ what: String) -> StorageError {
        let shown = String(decoding: raw(index).prefix(40), as: UTF8.self)
        return StorageError(.corrupt, message: "column \(columnName(index)) holds '\(shown)', \(what)")
    }

    private func requireValue(_ index: Int32) throws {
        guard !isNull(index) else {
            throw StorageError(
                .corrupt, message: "column \(columnName(index)) is NULL where a value is required")
        }
    }
}
