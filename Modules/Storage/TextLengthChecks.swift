import Core

/// The PostgreSQL `CHECK` constraints that hold text columns to the app's limits, counted as
/// `String.databaseLength` counts: the scalars (`char_length`), less each zero-width joiner
/// and the scalar it joins, each variation selector, skin tone and keycap mark.
///
/// The text this makes is part of released migrations: it must never change. A different
/// rule is a new function and a new step.
public enum TextLengthChecks {
    /// The `databaseLength` of `column` in PostgreSQL's SQL.
    public static func length(_ column: String) -> String {
        func occurrences(_ scalar: UInt32) -> String {
            "(char_length(\(column)) - char_length(replace(\(column), chr(\(scalar)), '')))"
        }
        let joined = ([String.zeroWidthJoiner, String.zeroWidthJoiner] + String.joiningScalars.sorted())
            .map(occurrences)
        return "(char_length(\(column)) - " + joined.joined(separator: " - ") + ")"
    }

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

    /// A migration step that holds the column of each `Rule.text` of `tables` to
    /// `String.maximumBytesPerCharacter` bytes a character of its maximum (`octet_length`),
    /// and adds `extra` rules. `within` counts neither zero-width joiners nor variation
    /// selectors, skin tones and keycaps, so a run of those alone, megabytes long, passed
    /// it; every reader of a shared row loaded it.
    public static func byteMigration(
        version: Int, tables: @escaping @Sendable @autoclosure () -> [(table: String, rules: [Rule])],
        extra: [(table: String, rules: [Rule])] = []
    ) -> Migration {
        migration(
            version: version, summary: "text within \(String.maximumBytesPerCharacter) bytes a character",
            tables: tables().map { ($0.table, $0.rules.compactMap(\.bytes)) } + extra)
    }

    /// One rule of a table: its name (in the constraint's name) and the condition an
    /// acceptable row meets, in PostgreSQL's SQL with columns named bare.
    public struct Rule: Sendable {
        /// In `<table>_<name>_limit`.
        public let name: String
        /// The condition, columns bare.
        public let condition: String
        /// For a `text` rule, its column's maximum length.
        let textMaximum: Int?

        /// A rule with its condition.
        public init(name: String, condition: String) {
            self.init(name: name, condition: condition, textMaximum: nil)
        }

        private init(name: String, condition: String, textMaximum: Int?) {
            self.name = name
            self.condition = condition
            self.textMaximum = textMaximum
        }

        /// `column` (nullable) at most `maximum` long by `String.databaseLength`.
        public static func text(_ column: String, maximum: Int, nonEmpty: Bool = false) -> Rule {
            Rule(name: column, condition: within(column, maximum: maximum, nonEmpty: nonEmpty), textMaximum: maximum)
        }

        /// For a `text` rule, its column (nullable) at most `String.maximumBytesPerCharacter`
        /// bytes a character of its maximum, named `<column>_bytes`.
        var bytes: Rule? {
            textMaximum.map { Rule.bytes(name, maximum: $0 * String.maximumBytesPerCharacter) }
        }

        /// `column` (nullable) at most `maximum` bytes long (an id of the app's, which a
        /// trigger copies into someone else's inbox).
        public static func bytes(_ column: String, maximum: Int) -> Rule {
            Rule(name: "\(column)_bytes", condition: "(\(column) IS NULL OR octet_length(\(column)) <= \(maximum))")
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
