import Core
import Time

/// A table of an export document being read, with its path for error messages
/// (`sections.habits.habits[2].name`): every getter checks the type and says where it is wrong.
public struct PortableRecord: Sendable {
    /// The fields.
    public let record: Record
    /// Where the table is in the document.
    public let path: String

    /// `record` found at `path`.
    public init(_ record: Record, path: String) {
        self.record = record
        self.path = path
    }

    private func wrong(_ key: String, _ expected: String) -> AppError {
        AppError.invalidArgument("\(path).\(key) must be \(expected)", field: "\(path).\(key)")
    }

    /// A string field.
    public func string(_ key: String) throws -> String {
        guard let text = record[key]?.stringValue else { throw wrong(key, "a string") }
        return text
    }

    /// A string field that may be absent.
    public func optionalString(_ key: String) throws -> String? {
        guard let value = record[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw wrong(key, "a string") }
        return text
    }

    /// An integer field.
    public func int(_ key: String) throws -> Int {
        guard let number = record[key]?.intValue else { throw wrong(key, "an integer") }
        return number
    }

    /// An integer field that may be absent.
    public func optionalInt(_ key: String) throws -> Int? {
        guard let value = record[key], !value.isNull else { return nil }
        guard let number = value.intValue else { throw wrong(key, "an integer") }
        return number
    }

    /// A number field.
    public func double(_ key: String) throws -> Double {
        guard let number = record[key]?.doubleValue else { throw wrong(key, "a number") }
        return number
    }

    /// A boolean field.
    public func bool(_ key: String) throws -> Bool {
        guard let flag = record[key]?.boolValue else { throw wrong(key, "a boolean") }
        return flag
    }

    /// An instant stored as milliseconds since 1970.
    /// - Throws: `invalid_argument` naming the field when it is not an integer or not in the
    ///   years 1 to 9999.
    public func instant(_ key: String) throws -> Instant {
        let milliseconds = try int(key)
        do {
            return try Instant.checked(milliseconds: milliseconds, field: "\(path).\(key)")
        } catch {
            throw AppError.wrapping(error)
        }
    }

    /// A day `YYYY-MM-DD`.
    public func day(_ key: String) throws -> LocalDay {
        guard let day = LocalDay(parsing: try string(key)) else { throw wrong(key, "a day YYYY-MM-DD") }
        return day
    }

    /// A day that may be absent.
    public func optionalDay(_ key: String) throws -> LocalDay? {
        guard let text = try optionalString(key) else { return nil }
        guard let day = LocalDay(parsing: text) else { throw wrong(key, "a day YYYY-MM-DD") }
        return day
    }

    /// Bytes written as base64 text, or absent.
    public func optionalBytes(_ key: String) throws -> [UInt8]? {
        guard let value = record[key], !value.isNull else { return nil }
        if let bytes = value.bytesValue, value.stringValue == nil { return bytes }
        guard let text = value.stringValue, let bytes = Value.bytes(base64: text) else {
            throw wrong(key, "base64 text")
        }
        return bytes
    }

    /// A table field that may be absent.
    public func optionalRecord(_ key: String) throws -> PortableRecord? {
        guard let value = record[key], !value.isNull else { return nil }
        guard let fields = value.recordValue else { throw wrong(key, "a table") }
        return PortableRecord(fields, path: "\(path).\(key)")
    }

    /// A list of tables; absent is empty.
    public func records(_ key: String) throws -> [PortableRecord] {
        guard let value = record[key], !value.isNull else { return [] }
        if let fields = value.recordValue, fields.isEmpty { return [] }
        guard let items = value.arrayValue else { throw wrong(key, "a list") }
        return try items.enumerated().map { index, item in
            guard let fields = item.recordValue else { throw wrong("\(key)[\(index + 1)]", "a table") }
            return PortableRecord(fields, path: "\(path).\(key)[\(index + 1)]")
        }
    }

    /// A list of strings; absent is empty.
    public func strings(_ key: String) throws -> [String] {
        guard let value = record[key], !value.isNull else { return [] }
        if let fields = value.recordValue, fields.isEmpty { return [] }
        guard let items = value.arrayValue else { throw wrong(key, "a list") }
        return try items.enumerated().map { index, item in
            guard let text = item.stringValue else { throw wrong("\(key)[\(index + 1)]", "a string") }
            return text
        }
    }
}

extension PortableRecord {
    /// Runs `body` (a domain check, such as a habit's name rule) and names this table in its
    /// error: the field becomes `sections.habits.habits[2].name`, and the message says where.
    public func checked<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            let wrapped = AppError.wrapping(error)
            guard wrapped.code == "invalid_argument", wrapped.field?.hasPrefix("sections.") != true else { throw error }
            throw AppError.invalidArgument(
                "\(path): \(wrapped.message)", field: wrapped.field.map { "\(path).\($0)" } ?? path)
        }
    }
}
