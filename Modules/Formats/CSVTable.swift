import Core

/// Comma-separated values as RFC 4180 and Java's opencsv write them: fields in double
/// quotes may hold commas, quotes (doubled) and line breaks; lines end in LF or CRLF; a
/// byte-order mark at the start is dropped. Loop Habit Tracker and HabitBull write it.
public enum CSVTable {
    /// The most rows read from one file: 1,000,000.
    public static let maximumRows = 1_000_000
    /// The most fields in one row: 1,000.
    public static let maximumFields = 1_000

    /// The rows of `bytes` (UTF-8; invalid bytes become U+FFFD), the header first; blank
    /// lines are passed over.
    /// - Throws: `invalid_argument` (field `path`) for a quote left open, over 1,000,000
    ///   rows or a row of over 1,000 fields; `name` says which file.
    public static func rows(_ bytes: [UInt8], name: String) throws -> [[String]] {
        var scalars = Substring(decoding: bytes, as: UTF8.self).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var rows: [[String]] = []
        var row: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var wasQuoted = false
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func endRow() throws {
            row.append(String(field))
            field = String.UnicodeScalarView()
            if !(row.count == 1 && row[0].isEmpty && !wasQuoted) {
                guard rows.count < maximumRows else {
                    throw AppError.invalidArgument("\(name) has over \(maximumRows) rows", field: "path")
                }
                rows.append(row)
            }
            row = []
            wasQuoted = false
        }
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                quoted = true
                wasQuoted = true
            case ",":
                row.append(String(field))
                field = String.UnicodeScalarView()
                guard row.count < maximumFields else {
                    throw AppError.invalidArgument("\(name) has a row of over \(maximumFields) fields", field: "path")
                }
            case "\r":
                if let next = iterator.next(), next != "\n" { pending = next }
                try endRow()
            case "\n":
                try endRow()
            default:
                field.append(scalar)
            }
        }
        guard !quoted else {
            throw AppError.invalidArgument("\(name) ends inside a quoted field", field: "path")
        }
        if !field.isEmpty || !row.isEmpty || wasQuoted { try endRow() }
        return rows
    }

    /// One line of fields (ending in LF), each quoted when it holds a comma, a quote, a
    /// line break or leading or trailing space.
    public static func line(_ fields: [String]) -> String {
        fields.map { field in
            let needs =
                field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
                || field.first == " " || field.last == " "
            return needs ? "\"" + field.replacingAllQuotes() + "\"" : field
        }.joined(separator: ",") + "\n"
    }
}

extension String {
    fileprivate func replacingAllQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\"" { result += "\"\"" } else { result.append(character) }
        }
        return result
    }
}
