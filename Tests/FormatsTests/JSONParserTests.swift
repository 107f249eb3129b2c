import Core
import Formats
import Testing

/// `JSONParser` reads what `Value.jsonText` writes, and refuses what is not JSON with the
/// byte where it went wrong.
@Suite struct JSONParserTests {
    @Test func whatJSONTextWritesReadsBackTheSame() throws {
        let value = Value.table(
            Record([
                ("zebra", 1), ("apple", .table(Record([("y", true), ("x", [1, 2.5, "s", -7, 1e300])]))),
                ("text", "새는 알에서 \"나오려고\"\n🐣 \u{1B}[0m \u{202E}"), ("none", .array([])), ("big", .int(Int.max)),
            ]))
        #expect(try JSONParser.parse(Array(value.jsonText.utf8)) == value)
    }

    @Test func escapesSurrogatePairsAndABOMAreRead() throws {
        let text = "\u{FEFF}{\"a\": \"\\ud83d\\udc23 \\u00e9\\/\", \"b\" : [ null , false ] }"
        #expect(try JSONParser.parse(Array(text.utf8)) == ["a": "🐣 é/", "b": [.null, false]])
    }

    @Test(arguments: [
        ("", "unexpected end"), ("{", "expected a key"), ("[1,]", "expected a value"), ("{\"a\":1} x", "text after"),
        ("\"a\nb\"", "control character"), ("tru", "expected true"), ("[1 2]", "expected , or ]"),
        (String(repeating: "[", count: 65), "nesting deeper than 64"),
    ])
    func notJSONIsRefusedSayingWhere(text: String, message: String) {
        let error = #expect(throws: AppError.self) { try JSONParser.parse(Array(text.utf8)) }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == "json")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test(arguments: [[], [0], [0xFF, 0xD8, 0xFF], [1, 2, 3, 4], Array(0...255)] as [[UInt8]])
    func base64ReadsBackWhatJSONTextWrites(bytes: [UInt8]) throws {
        let written = Value.bytes(bytes).jsonText
        let text = String(written.dropFirst().dropLast())
        #expect(Value.bytes(base64: text) == bytes)
    }

    @Test func base64RefusesOtherCharacters() {
        #expect(Value.bytes(base64: "ab!c") == nil)
        #expect(Value.bytes(base64: "a") == nil)
    }
}
