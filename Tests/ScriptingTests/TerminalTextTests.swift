import Testing

@testable import Scripting

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("abc", 3),
        ("보리", 4),  // Hangul syllables: two columns each
        ("한국어 ok", 9),
        ("🐶", 2),
        ("👨‍👩‍👧", 2),  // a ZWJ sequence is one emoji
        ("🇰🇷", 2),  // a flag: two regional indicators
        ("❤️", 2),  // U+2764 with VS16: emoji presentation
        ("❤", 1),  // the same without VS16: text
        ("café", 4),
        ("cafe\u{301}", 4),  // e and a combining acute
        ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining Jamo: one syllable
        ("日本", 4),
        ("ＡＢ", 4),  // fullwidth forms
        ("a\u{200B}b", 2),  // zero width space
        ("a\u{AD}b", 3),  // the soft hyphen shows
        ("👍🏽", 2),  // a skin tone joins the emoji
        ("か\u{3099}", 2),  // a combining voiced mark inside the wide range
        ("", 0),
    ])
    func widthCountsColumns(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test(arguments: [
        ("보리 🐶 café", 6, "보리 …"),  // a syllable is never cut in half
        ("보리보리", 5, "보리…"),
        ("보리보리", 8, "보리보리"),  // fits exactly: not cut
        ("abcdefgh", 5, "abcd…"),
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),  // the family stays whole
        ("🇰🇷🇯🇵🇺🇸", 5, "🇰🇷🇯🇵…"),  // flags stay whole, never one regional indicator
        ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}"),
        ("e\u{301}e\u{301}e\u{301}x", 3, "e\u{301}e\u{301}…"),
        ("a\u{1b}[2Jb", 5, "a…"),  // an escape is one piece, never cut in two
        ("a\u{1b}[2Jb", 6, "a\\x1b…"),
    ])
    func cutKeepsGraphemesWithinTheWidth(text: String, maxWidth: Int, expected: String) {
        let (cut, width) = TerminalText.visible(text, mode: .cell, maxWidth: maxWidth)
        #expect(cut == expected)
        #expect(width == TerminalText.width(cut))
        #expect(width <= maxWidth)
    }

    @Test(arguments: [
        ("clear\u{1b}[2J\u{1b}[H", "clear\\x1b[2J\\x1b[H"),
        ("\u{1b}]0;owned\u{07}", "\\x1b]0;owned\\x07"),  // retitle the terminal
        ("\u{1b}]52;c;aGk=\u{07}", "\\x1b]52;c;aGk=\\x07"),  // OSC 52: write the clipboard
        ("\u{9b}2J", "\\u{9b}2J"),  // C1 CSI
        ("abc\u{202E}fed", "abc\\u{202e}fed"),  // bidi override
        ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
        ("del\u{7f}", "del\\x7f"),
        ("nul\u{0}", "nul\\x00"),
        ("two\nlines\tand\rreturn", "two lines and\\rreturn"),
        ("보리 🐶 café", "보리 🐶 café"),
        ("back\\slash \"quoted\"", "back\\slash \"quoted\""),
    ])
    func cellsEscapeControls(text: String, expected: String) {
        #expect(TerminalText.visible(text, mode: .cell).text == expected)
    }

    @Test(arguments: [
        String(repeating: "\u{200B}", count: 100_000),  // zero width, all of it
        "e" + String(repeating: "\u{301}", count: 100_000),  // one grapheme of width 1
        String(repeating: "보", count: 1_000_000),
    ])
    func aCutTextIsSmallWhateverItHolds(text: String) {
        let (cut, width) = TerminalText.visible(text, mode: .cell, maxWidth: 40)
        #expect(cut.utf8.count <= 40 * 32 + 3)
        #expect(width <= 40)
        #expect(cut.hasSuffix(TerminalText.ellipsis))
    }

    @Test func blocksKeepNewlinesAndTabs() {
        #expect(TerminalText.visible("a\n\tb\u{1b}c", mode: .block).text == "a\n\tb\\x1bc")
    }

    @Test func literalsAreValidLuaStrings() {
        let text = "say \"hi\"\\\n\t\r\u{1b}\u{85}\u{202E}보리"
        #expect(TerminalText.visible(text, mode: .literal).text == #"say \"hi\"\\\n\t\r\x1b\u{85}\u{202e}보리"#)
    }

    @Test(arguments: [
        ([0xEB, 0xB3] as [UInt8], "\\xeb\\xb3"),  // half a Hangul syllable
        ([0x61, 0xFF, 0x62], "a\\xffb"),
        ([0xC0, 0xAF], "\\xc0\\xaf"),  // an overlong '/'
        ([0xED, 0xA0, 0x80], "\\xed\\xa0\\x80"),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], "\\xf4\\x90\\x80\\x80"),  // past U+10FFFF
        ([0xEB, 0xB3, 0xB4], "보"),
    ])
    func bytesThatAreNotUTF8AreEscaped(bytes: [UInt8], expected: String) {
        #expect(TerminalText.visible(bytes, mode: .cell).text == expected)
    }
}
