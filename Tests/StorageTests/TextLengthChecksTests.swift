import Storage
import Testing
import Time

/// `TextLengthChecks` writes text that released migrations hold: it must come out the same,
/// to the character, however it is made.
struct TextLengthChecksTests {
    @Test func theLengthOfAColumnIsTheReleasedText() {
        let occurrences = [8205, 8205, 8419, 65038, 65039, 127995, 127996, 127997, 127998, 127999].map {
            "(char_length(message) - char_length(replace(message, chr(\($0)), '')))"
        }
        #expect(
            TextLengthChecks.length("message")
                == "(char_length(message) - " + occurrences.joined(separator: " - ") + ")")
    }

    @Test func aRuleIsTheReleasedText() {
        let expected =
            "(message IS NULL OR ((char_length(message) <= 100 OR (char_length(message) - (char_length(message) - "
            + "char_length(replace(message, chr(8205), ''))) - (char_length(message) - char_length(replace(message, "
            + "chr(8205), ''))) - (char_length(message) - char_length(replace(message, chr(8419), ''))) - "
            + "(char_length(message) - char_length(replace(message, chr(65038), ''))) - (char_length(message) - "
            + "char_length(replace(message, chr(65039), ''))) - (char_length(message) - char_length(replace(message, "
            + "chr(127995), ''))) - (char_length(message) - char_length(replace(message, chr(127996), ''))) - "
            + "(char_length(message) - char_length(replace(message, chr(127997), ''))) - (char_length(message) - "
            + "char_length(replace(message, chr(127998), ''))) - (char_length(message) - char_length(replace(message, "
            + "chr(127999), '')))) <= 100) AND message <> ''))"
        #expect(TextLengthChecks.within("message", maximum: 100, nonEmpty: true) == expected)
        // Two columns in a row: the pieces are not changed by use.
        #expect(TextLengthChecks.length("a").hasPrefix("(char_length(a) - (char_length(a) - char_length(replace(a, "))
        #expect(TextLengthChecks.within("message", maximum: 100, nonEmpty: true) == expected)
    }

    /// The steps' text, made when they run, is the released one: a constraint a line.
    @Test func theStepsAreTheReleasedText() {
        let limits = TextLengthChecks.migration(
            version: 3, summary: "limits", tables: [("t", [.text("c", maximum: 5), .range("n", 1...3)])])
        #expect(limits.version == 3 && limits.summary == "limits (PostgreSQL)" && limits.sql.isEmpty)
        #expect(
            limits.postgreSQL
                == "ALTER TABLE t ADD CONSTRAINT t_c_limit CHECK (\(TextLengthChecks.within("c", maximum: 5))) NOT VALID;\n"
                + "ALTER TABLE t ADD CONSTRAINT t_n_limit CHECK ((n IS NULL OR n BETWEEN 1 AND 3)) NOT VALID;")
        let instants = InstantColumnChecks.migration(version: 2, columns: [("t", ["a", "b"]), ("u", ["c"])])
        #expect(instants.summary == "instants only in the years 1 to 9999 (PostgreSQL)" && instants.sql.isEmpty)
        #expect(
            instants.postgreSQL
                == "ALTER TABLE t ADD CONSTRAINT t_a_instant CHECK (a BETWEEN -62135596800000 AND 253402300799999) NOT VALID;\n"
                + "ALTER TABLE t ADD CONSTRAINT t_b_instant CHECK (b BETWEEN -62135596800000 AND 253402300799999) NOT VALID;\n"
                + "ALTER TABLE u ADD CONSTRAINT u_c_instant CHECK (c BETWEEN -62135596800000 AND 253402300799999) NOT VALID;"
        )
    }

    /// Each text rule's column within 64 bytes a character of its maximum, besides the rules
    /// given; other rules make no byte rule.
    @Test func theByteStepHoldsEachTextColumnToItsBytes() {
        let bytes = TextLengthChecks.byteMigration(
            version: 4, tables: [("t", [.text("c", maximum: 5), .range("n", 1...3)])],
            extra: [("u", [.bytes("id", maximum: 36)])])
        #expect(bytes.version == 4 && bytes.summary == "text within 64 bytes a character (PostgreSQL)")
        #expect(
            bytes.postgreSQL
                == "ALTER TABLE t ADD CONSTRAINT t_c_bytes_limit CHECK ((c IS NULL OR octet_length(c) <= 320)) NOT VALID;\n"
                + "ALTER TABLE u ADD CONSTRAINT u_id_bytes_limit CHECK ((id IS NULL OR octet_length(id) <= 36)) NOT VALID;"
        )
    }
}
