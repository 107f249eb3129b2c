/// What differs between the SQL of the backends, kept small: repositories write one
/// portable text (docs/storage.md) and ask the dialect only for these.
public struct SQLDialect: Sendable, Equatable {
    /// The backends.
    public enum Name: String, Sendable {
        /// SQLite 3.40 or later.
        case sqlite
        /// PostgreSQL 15 or later.
        case postgreSQL
    }

    /// Which backend.
    public let name: Name

    /// SQLite.
    public static let sqlite = SQLDialect(name: .sqlite)
    /// PostgreSQL.
    public static let postgreSQL = SQLDialect(name: .postgreSQL)

    /// The column type of a boolean (`SQLValue.bool`, `Row.bool`).
    public var booleanType: String { name == .sqlite ? "INTEGER" : "boolean" }
    /// The column type of a BLOB.
    public var blobType: String { name == .sqlite ? "BLOB" : "bytea" }
    /// The literal `true` in a statement (SQLite stores booleans as 1 and 0).
    public var trueLiteral: String { name == .sqlite ? "1" : "TRUE" }
    /// The literal `false` in a statement.
    public var falseLiteral: String { name == .sqlite ? "0" : "FALSE" }

    /// Placeholder `position` (from 1) as this backend writes it: `?1` or `$1`.
    public func placeholder(_ position: Int) -> String { name == .sqlite ? "?\(position)" : "$\(position)" }

    /// `column IN (...)` over a list of integers or texts, as SQL and its arguments, for a
    /// statement using bare `?` placeholders. SQLite gets one placeholder per value (at most
    /// 32766 per statement; a statement per list length is cached); PostgreSQL one array
    /// parameter, so its prepared statement does not depend on the number of values.
    public func inList(_ column: String, _ values: [SQLValue]) -> (sql: String, arguments: [SQLValue]) {
        guard !values.isEmpty else { return ("\(column) IN (SELECT NULL WHERE 1 = 0)", []) }
        switch name {
        case .sqlite:
            return ("\(column) IN (" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")", values)
        case .postgreSQL:
            var integers = true
            let items = values.map { value -> String in
                switch value {
                case .int(let number): return String(number)
                case .null: return "NULL"
                default:
                    integers = false
                    let text: String
                    if case .text(let string) = value { text = string } else { text = "\(value)" }
                    var quoted = "\""
                    for character in text {
                        if character == "\\" || character == "\"" { quoted.append("\\") }
                        quoted.append(character)
                    }
                    return quoted + "\""
                }
            }
            return (
                "\(column) = ANY (CAST(? AS \(integers ? "bigint" : "text")[]))",
                [.text("{" + items.joined(separator: ",") + "}")]
            )
        }
    }

    /// The statement as this backend prepares it: SQLite takes the portable text as it is;
    /// PostgreSQL gets `$N` for `?N` and numbered bare `?` (the number after the largest so
    /// far, SQLite's rule). Quoted text, quoted names and comments are left alone.
    public func translate(_ sql: String) -> String {
        guard name == .postgreSQL else { return sql }
        var result = ""
        var largest = 0
        var characters = Array(sql.unicodeScalars)[...]
        var quote: Unicode.Scalar?
        var comment = false
        while let character = characters.popFirst() {
            if comment {
                result.unicodeScalars.append(character)
                if character == "\n" { comment = false }
                continue
            }
            if let open = quote {
                result.unicodeScalars.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                result.unicodeScalars.append(character)
            case "-" where characters.first == "-":
                comment = true
                result.unicodeScalars.append(character)
            case "?":
                var digits = ""
                while let next = characters.first, next.properties.numericType == .decimal, next.isASCII {
                    digits.unicodeScalars.append(next)
                    characters.removeFirst()
                }
                let position = Int(digits) ?? (largest + 1)
                largest = max(largest, position)
                result += "$\(position)"
            default:
                result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
