/// What differs between the SQL of the backends, kept small: repositories write one
/// portable text (docs/architecture.md) and ask the dialect only for these.
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

    /// The start of a statement that writes though its first word does not say so (a
    /// `SELECT` of a function that writes): outside a transaction PostgreSQL's connection
    /// then bounds the wait of its commit for a synchronous standby, as it does a `COMMIT`'s
    /// (`PostgresConnection.writes`). A comment, so any backend runs the text as it is.
    public static let writesMark = "/* writes */"

    /// The column type of a boolean (`SQLValue.bool`, `Row.bool`).
    public var booleanType: String { name == .sqlite ? "INTEGER" : "boolean" }
    /// The column type of a BLOB.
    public var blobType: String { name == .sqlite ? "BLOB" : "bytea" }
    /// The literal `true` in a statement (SQLite stores booleans as 1 and 0).
    public var trueLiteral: String { name == .sqlite ? "1" : "TRUE" }
    /// The literal `false` in a statement.
    public var falseLiteral: String { name == .sqlite ? "0" : "FALSE" }

    /// A new row's `seq` (its place in insertion order) as an `INSERT` into `table` names
    /// it, to follow its column list and its values: on SQLite, where one person's file
    /// holds the table, one more than the largest; nothing on PostgreSQL, whose `seq`
    /// columns are identities. There, under row security, the largest `seq` a member can see
    /// is not the table's, and finding it reads back through everyone else's rows.
    public func nextSeq(of table: String) -> (column: String, value: String) {
        name == .sqlite ? (", seq", ", (SELECT coalesce(max(seq), 0) + 1 FROM \(table))") : ("", "")
    }

    /// Placeholder `position` (from 1) as this backend writes it: `?1` or `$1`.
    public func placeholder(_ position: Int) -> String { name == .sqlite ? "?\(position)" : "$\(position)" }

    /// `column IN (...)` over a list of integers or texts, as SQL and its arguments, for a
    /// statement using bare `?` placeholders. SQLite gets one placeholder per value, the list
    /// padded with NULL (which matches nothing) to a power of two, since a statement is cached
    /// per list length; PostgreSQL one array parameter, so its prepared statement does not
    /// depend on the number of values. For a list longer than `longestSQLiteList`, see
    /// `chunks(of:)`.
    public func inList(_ column: String, _ values: [SQLValue]) -> (sql: String, arguments: [SQLValue]) {
        guard !values.isEmpty else { return ("\(column) IN (SELECT NULL WHERE 1 = 0)", []) }
        switch name {
        case .sqlite:
            var length = 1
            while length < values.count { length *= 2 }
            let padded = values + Array(repeating: SQLValue.null, count: length - values.count)
            return ("\(column) IN (" + Array(repeating: "?", count: length).joined(separator: ", ") + ")", padded)
        case .postgreSQL:
            let integers = values.allSatisfy { value in
                switch value {
                case .int, .null: return true
                default: return false
                }
            }
            return (
                "\(column) = ANY (CAST(? AS \(integers ? "bigint" : "text")[]))", [.text(Self.arrayLiteral(values))]
            )
        }
    }

    /// The most values one SQLite statement's `inList` holds in `chunks(of:)`.
    public static let longestSQLiteList = 512

    /// `values` as the lists `inList` takes, one statement each: all at once on PostgreSQL
    /// (one array parameter), `longestSQLiteList` at a time on SQLite; none for no values.
    public func chunks<Element>(of values: [Element]) -> [[Element]] {
        guard !values.isEmpty else { return [] }
        guard name == .sqlite else { return [values] }
        return stride(from: 0, to: values.count, by: Self.longestSQLiteList).map {
            Array(values[$0..<min(values.count, $0 + Self.longestSQLiteList)])
        }
    }

    /// A PostgreSQL array literal of `values` (`{1,"a b",NULL}`), each element as the server
    /// reads its text: integers bare, NULL bare, everything else quoted with `\` and `"`
    /// escaped. A blob is written in `bytea`'s hex form.
    public static func arrayLiteral(_ values: [SQLValue]) -> String {
        let items = values.map { value -> String in
            let text: String
            switch value {
            case .int(let number): return String(number)
            case .null: return "NULL"
            case .text(let string): text = string
            case .double(let number): text = "\(number)"
            case .bool(let flag): text = flag ? "true" : "false"
            case .blob(let bytes):
                text =
                    "\\x"
                    + bytes.map { byte in
                        let digits = String(byte, radix: 16)
                        return digits.count == 1 ? "0" + digits : digits
                    }.joined()
            }
            var quoted = "\""
            for character in text {
                if character == "\\" || character == "\"" { quoted.append("\\") }
                quoted.append(character)
            }
            return quoted + "\""
        }
        return "{" + items.joined(separator: ",") + "}"
    }

    /// A schema script written for SQLite as this backend runs it. PostgreSQL gets 64-bit
    /// integers (its `INTEGER` is 32-bit: millisecond instants overflow it), double precision
    /// for `REAL` (its `REAL` is single precision), `bytea` for `BLOB`, an identity column
    /// for `INTEGER PRIMARY KEY` (SQLite's rowid alias), and no `WITHOUT ROWID`. A step
    /// that needs more (reading `rowid`, rebuilding a table, a boolean column written
    /// `INTEGER`) carries its own PostgreSQL text (`Migration.postgreSQL`).
    public func schema(_ sqlite: String) -> String {
        guard name == .postgreSQL else { return sqlite }
        return
            sqlite
            .replacing(/(?i)\bINTEGER\s+PRIMARY\s+KEY\b/, with: "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
            .replacing(/(?i)\bINTEGER\b/, with: "BIGINT")
            .replacing(/(?i)\bREAL\b/, with: "DOUBLE PRECISION")
            .replacing(/(?i)\bBLOB\b/, with: "BYTEA")
            .replacing(/(?i)\)\s*WITHOUT\s+ROWID/, with: ")")
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
