import CSQLite
import Core
import Time

#if canImport(Glibc)
    import Glibc
#endif

/// One result row, valid only inside the closure that receives it; the same type for
/// every backend, so repositories read rows once for all of them.
///
/// Reads are typed and by column index, in the order of the SELECT list. A NULL read as a
/// non-optional type is a storage error naming the column, not a silent zero.
public struct Row {
    /// Where the row's values are: one case per backend, so reading a column is one
    /// predictable branch, never a dynamic dispatch (SQLite's hot path stays as it was).
    enum Source {
        /// A stepped SQLite statement.
        case sqlite(OpaquePointer)
        /// A row of a PostgreSQL result (text format).
        case postgres(PostgresRow)
    }

    let source: Source
    /// The SQLite statement (unused for a PostgreSQL row).
    private let statement: OpaquePointer

    init(sqlite statement: OpaquePointer) {
        source = .sqlite(statement)
        self.statement = statement
    }

    init(postgres row: PostgresRow) {
        source = .postgres(row)
        statement = row.result
    }

    /// Whether column `index` is NULL.
    public func isNull(_ index: Int32) -> Bool {
        if case .postgres(let row) = source { return row.isNull(index) }
        return sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    /// An INTEGER column.
    public func int(_ index: Int32) throws -> Int {
        if case .postgres(let row) = source { return try row.int(index) }
        try requireValue(index)
        return Int(sqlite3_column_int64(statement, index))
    }

    /// An INTEGER column that may be NULL.
    public func optionalInt(_ index: Int32) -> Int? {
        if case .postgres(let row) = source { return row.optionalInt(index) }
        return isNull(index) ? nil : Int(sqlite3_column_int64(statement, index))
    }

    /// A REAL column.
    public func double(_ index: Int32) throws -> Double {
        if case .postgres(let row) = source { return try row.double(index) }
        try requireValue(index)
        return sqlite3_column_double(statement, index)
    }

    /// A REAL column that may be NULL.
    public func optionalDouble(_ index: Int32) -> Double? {
        if case .postgres(let row) = source { return row.optionalDouble(index) }
        return isNull(index) ? nil : sqlite3_column_double(statement, index)
    }

    /// A boolean column (SQLite: INTEGER 0 or 1; PostgreSQL: `boolean`), as `SQLValue.bool`
    /// binds it.
    public func bool(_ index: Int32) throws -> Bool {
        if case .postgres(let row) = source { return try row.bool(index) }
        return try int(index) != 0
    }

    /// A TEXT column (embedded NULs kept).
    public func string(_ index: Int32) throws -> String {
        if case .postgres(let row) = source { return try row.string(index) }
        try requireValue(index)
        return text(index)
    }

    /// A TEXT column that may be NULL.
    public func optionalString(_ index: Int32) -> String? {
        if case .postgres(let row) = source { return row.optionalString(index) }
        return isNull(index) ? nil : text(index)
    }

    /// A BLOB column.
    public func blob(_ index: Int32) -> [UInt8] {
        if case .postgres(let row) = source { return row.blob(index) }
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// A TEXT `YYYY-MM-DD` column as a day, parsed in place.
    public func day(_ index: Int32) throws -> LocalDay {
        if case .postgres(let row) = source { return try row.day(index) }
        try requireValue(index)
        let count = Int(sqlite3_column_bytes(statement, index))
        guard let bytes = sqlite3_column_text(statement, index),
            let day = LocalDay(utf8: UnsafeBufferPointer(start: bytes, count: count))
        else {
            throw StorageError(.corrupt, message: "column \(index) holds '\(text(index))', not a day")
        }
        return day
    }

    /// Whether TEXT column `index` holds exactly these UTF-8 bytes (no String is made).
    public func text(_ index: Int32, equals bytes: [UInt8]) -> Bool {
        if case .postgres(let row) = source { return row.text(index, equals: bytes) }
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count == bytes.count else { return false }
        guard count > 0, let column = sqlite3_column_text(statement, index) else { return count == 0 }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memcmp(column, base, count) == 0
        }
    }

    /// A TEXT day column that may be NULL.
    public func optionalDay(_ index: Int32) throws -> LocalDay? {
        isNull(index) ? nil : try day(index)
    }

    /// An INTEGER milliseconds column as an instant.
    /// - Throws: `StorageError` `.corrupt` naming the column and the number when it is NULL
    ///   or outside the years 1 to 9999 (`Instant.checkedMilliseconds`): a row written around
    ///   the app (in `psql`, or before the column's CHECK) cannot become an instant that
    ///   overflows later arithmetic.
    public func instant(_ index: Int32) throws -> Instant {
        if case .postgres(let row) = source { return try row.instant(index) }
        let milliseconds = try int(index)
        guard let instant = Instant(checkedMillisecondsSince1970: milliseconds) else {
            throw Self.notAnInstant(name: columnName(index), milliseconds)
        }
        return instant
    }

    /// An instant column that may be NULL.
    /// - Throws: as `instant(_:)` for a value outside the years 1 to 9999.
    public func optionalInstant(_ index: Int32) throws -> Instant? {
        isNull(index) ? nil : try instant(index)
    }

    /// The error of an instant column whose number is outside the years 1 to 9999.
    static func notAnInstant(name: String, _ milliseconds: Int) -> StorageError {
        StorageError(
            .corrupt,
            message:
                "column \(name) holds \(milliseconds), not an instant in the years 1 to 9999 "
                + "(milliseconds since 1970)")
    }

    private func columnName(_ index: Int32) -> String {
        sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "\(index)"
    }

    private func text(_ index: Int32) -> String {
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let bytes = sqlite3_column_text(statement, index) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private func requireValue(_ index: Int32) throws {
        guard !isNull(index) else {
            throw StorageError(.corrupt, message: "column \(columnName(index)) is NULL where a value is required")
        }
    }
}
