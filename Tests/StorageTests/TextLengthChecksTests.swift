import Storage
import Testing

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
}
