import Core
import Formats
import Testing

@Suite struct ValueJSONTests {
    @Test func nestedTablesKeepTheirKeyOrder() {
        let value = Value.table(
            Record([
                ("zebra", 1),
                ("apple", .table(Record([("y", true), ("b", .null), ("x", [1, 2.5, "s"])]))),
                ("mango", .array([])),
                ("kiwi", .table(Record())),
            ]))
        #expect(value.jsonText == #"{"zebra":1,"apple":{"y":true,"x":[1,2.5,"s"]},"mango":[],"kiwi":{}}"#)
    }

    @Test func dictionaryLiteralKeepsItsOrder() {
        let value: Value = ["z": 1, "a": 2, "m": 3]
        #expect(value.jsonText == #"{"z":1,"a":2,"m":3}"#)
    }

    @Test(arguments: [
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("two\nlines", #""two\nlines""#),
        ("cr\r tab\t", #""cr\r tab\t""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{00}", #""\u0000""#),
        ("\u{01}", #""\u0001""#),
        ("\u{1B}[0m", #""\u001b[0m""#),
        ("\u{1F}", #""\u001f""#),
        ("slash / and space", #""slash / and space""#),
        ("한글 ✓ 🏃", "\"한글 ✓ 🏃\""),
        // DEL, the C1 controls and the bidi overrides are escaped too (RFC 8259 allows any
        // \u escape): JSON printed on a terminal must not drive it.
        ("\u{7F}", #""\u007f""#),
        ("\u{9B}2J", #""\u009b2J""#),
        ("\u{85}", #""\u0085""#),
        ("abc\u{202E}fed\u{2066}", #""abc\u202efed\u2066""#),
        ("\u{A0}é", "\"\u{A0}é\""),
        ("", #""""#),
    ])
    func stringsAreEscapedForJSON(text: String, json: String) {
        #expect(Value.string(text).jsonText == json)
    }

    @Test func keysAreEscapedLikeStrings() {
        let value = Value.table(Record([("a\"b\n", 1)]))
        #expect(value.jsonText == #"{"a\"b\n":1}"#)
    }

    @Test(arguments: [
        (0, "0"), (42, "42"), (-7, "-7"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
    func integersPrintWithoutAFraction(number: Int, json: String) {
        #expect(Value.int(number).jsonText == json)
    }

    @Test(arguments: [(2.5, "2.5"), (-0.5, "-0.5"), (0.1, "0.1"), (1.0, "1.0")])
    func finiteFloatsPrintAsNumbers(number: Double, json: String) {
        #expect(Value.double(number).jsonText == json)
    }

    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan])
    func nonFiniteFloatsPrintAsNull(number: Double) {
        #expect(Value.double(number).jsonText == "null")
        #expect(Value.array([1, .double(number)]).jsonText == "[1,null]")
    }

    @Test(arguments: [
        (Value.null, "null"), (true, "true"), (false, "false"), (.array([]), "[]"), (.table(Record()), "{}"),
    ])
    func scalarsAndEmptyContainersPrintAsJSONLiterals(value: Value, json: String) {
        #expect(value.jsonText == json)
    }

    @Test func arraysKeepNullItems() {
        #expect(Value.array([.null, 1, .null]).jsonText == "[null,1,null]")
    }
}

/// Bytes (a photo) have no JSON type: they print as base64 text with padding.
@Suite struct ValueBytesJSONTests {
    @Test(arguments: [
        ([UInt8](), "\"\""), (Array("h".utf8), "\"aA==\""), (Array("he".utf8), "\"aGU=\""),
        (Array("hello!?".utf8), "\"aGVsbG8hPw==\""), ([0xFF, 0xD8, 0xFF], "\"/9j/\""),
    ])
    func bytesPrintAsBase64(bytes: [UInt8], json: String) {
        #expect(Value.bytes(bytes).jsonText == json)
        #expect(Value.bytes(bytes).kindName == "string")
    }
}
