import Core

/// The PostgreSQL `CHECK` constraints that hold text columns to the app's limits, counted as
/// `String.databaseLength` counts: the scalars (`char_length`), less each zero-width joiner
/// and the scalar it joins, each variation selector, skin tone and keycap mark.
///
/// The text this makes is part of released migrations: it must never change. A different
/// rule is a new function and a new step.
public enum TextLengthChecks {
    /// The `databaseLength` of `column` in PostgreSQL's SQL.
    public static func length(_ column: String) -> String { lengthPieces.joined(separator: column) }

    /// The text of `length` cut where the column's name goes, made once: each schema's
    /// migrations are built at every start (to learn their versions), and making this text
    /// anew for each rule took a tenth of a start-up's instructions.
    private static let lengthPieces: [String] = {
        func occurrences(_ scalar: UInt32) -> [String] {
            ["(char_length(", ") - char_length(replace(", ", chr(\(scalar)), '')))"]
        }
        let terms = ([String.zeroWidthJoiner, String.zeroWidthJoiner] + String.joiningScalars.sorted()).map(occurrences)
        // "(char_length(" column ") - " term " - " term ... ")": a term's pieces are joined
        // by the column, and its last piece runs on into the next term's first.
        var pieces = ["(char_length(", ") - " + terms[0][0]]
        for (index, term) in terms.enumerated() {
            pieces.append(term[1])
            pieces.append(term[2] + (index + 1 < terms.count ? " - " + terms[index + 1][0] : ")"))
        }
        return pieces
    }()

    /// The condition that `column` (nullable) is `maximum` long at most, and not empty when
    /// `nonEmpty`. The count of scalars is never less than `databaseLength`, so it is asked
    /// first, and text that is short in scalars (all but emoji runs) costs no replacing.
    public static func within(_ column: String, maximum: Int, nonEmpty: Bool = false) -> String {
        let empty = nonEmpty ? " AND \(column) <> ''" : ""
        return
            "(\(column) IS NULL OR ((char_length(\(column)) <= \(maximum) OR \(length(column)) <= \(maximum))\(empty)))"
    }

    /// A migration step that holds each table's rules: on PostgreSQL one `CHECK` per rule,
    /// added `NOT VALID` (new and changed rows are checked; an older row does not stop the
    /// migration). On SQLite nothing, for the reasons `InstantColumnChecks` gives: a file
    /// serves one person, the app holds what it writes to the same rules, and every reader
    /// bounds what it loads.
    public static func migration(
        version: Int, summary: String,
        tables: @escaping @Sendable @autoclosure () -> [(table: String, rules: [Rule])]
    ) -> Migration {
        Migration(version: version, summary: summary + " (PostgreSQL)") {
            NotValidChecks.text(
                kind: "limit",
                tables().flatMap { table in
                    table.rules.map { (table: table.table, name: $0.name, condition: $0.condition) }
                })
        }
    }

    /// One rule of a table: its name (in the constraint's name) and the condition an
    /// acceptable row meets, in PostgreSQL's SQL with columns named bare.
    public struct Rule: Sendable {
        /// In `<table>_<name>_limit`.
        public let name: String
        /// The condition, columns bare.
        public let condition: String

        /// A rule with its condition.
        public init(name: String, condition: String) {
            self.name = name
            self.condition = condition
        }

        /// `column` (nullable) at most `maximum` long by `String.databaseLength`.
        public static func text(_ column: String, maximum: Int, nonEmpty: Bool = false) -> Rule {
            Rule(name: column, condition: within(column, maximum: maximum, nonEmpty: nonEmpty))
        }

        /// `column` (nullable) between `range`'s bounds.
        public static func range(_ column: String, _ range: ClosedRange<Int>) -> Rule {
            Rule(
                name: column,
                condition: "(\(column) IS NULL OR \(column) BETWEEN \(range.lowerBound) AND \(range.upperBound))")
        }

        /// `column` (nullable, real) between `range`'s bounds.
        public static func range(_ column: String, _ range: ClosedRange<Double>) -> Rule {
            Rule(
                name: column,
                condition: "(\(column) IS NULL OR \(column) BETWEEN \(range.lowerBound) AND \(range.upperBound))")
        }
    }
}
