import CUTF8Proc
import Testing

@testable import Core

/// `foldedForMatching` gives one byte sequence for every canonically equivalent spelling:
/// SQLite compares the folded columns by bytes, so "한" typed as jamo (as macOS file names
/// and some keyboards give it) must store and find the same row as the precomposed syllable.
@Suite struct StringFoldingTests {
    /// A spelling, and the NFC bytes it must fold to (lowercased, trimmed).
    struct Case: Sendable, CustomTestStringConvertible {
        let typed: String
        let folded: String
        let testDescription: String
    }

    static let cases: [Case] = [
        // Hangul: conjoining jamo (L V T and L V) compose algorithmically to one syllable.
        Case(typed: "\u{1112}\u{1161}\u{11AB}", folded: "\u{D55C}", testDescription: "jamo 한"),
        Case(
            typed: "\u{1109}\u{1165}\u{11BC}\u{110C}\u{1161}\u{11BC}", folded: "\u{C131}\u{C7A5}",
            testDescription: "jamo 성장"),
        Case(typed: "\u{1100}\u{1161}", folded: "\u{AC00}", testDescription: "jamo 가 (no final)"),
        // A syllable LV followed by a trailing jamo T composes too.
        Case(typed: "\u{AC00}\u{11A8}", folded: "\u{AC01}", testDescription: "가 + ᆨ"),
        Case(
            typed: " \u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} 🐶 ", folded: "\u{D55C}\u{AE00} 🐶",
            testDescription: "jamo 한글 with an emoji, trimmed"),
        // Latin with combining marks.
        Case(typed: "e\u{301}", folded: "\u{E9}", testDescription: "e + acute"),
        Case(typed: "E\u{301}", folded: "\u{E9}", testDescription: "E + acute, lowercased"),
        Case(typed: "A\u{30A}ngstro\u{308}m", folded: "\u{E5}ngstr\u{F6}m", testDescription: "Ångström"),
        Case(typed: "n\u{303}", folded: "\u{F1}", testDescription: "n + tilde"),
        // Two marks in either order: canonical ordering by combining class, then composition.
        Case(typed: "a\u{323}\u{302}", folded: "\u{1EAD}", testDescription: "a + dot below + circumflex"),
        Case(typed: "a\u{302}\u{323}", folded: "\u{1EAD}", testDescription: "a + circumflex + dot below"),
        // Already NFC, and plain ASCII: unchanged but for case and spaces.
        Case(typed: "\u{E9}t\u{E9}", folded: "\u{E9}t\u{E9}", testDescription: "precomposed été"),
        Case(typed: "  Morning Run ", folded: "morning run", testDescription: "ASCII"),
        Case(typed: "", folded: "", testDescription: "empty"),
    ]

    @Test(arguments: cases) func foldsToTheNFCBytes(_ example: Case) {
        #expect(Array(example.typed.foldedForMatching.utf8) == Array(example.folded.utf8))
    }

    @Test(arguments: cases) func decomposedAndPrecomposedFoldEqualByBytes(_ example: Case) {
        // The precomposed spelling folds to itself: both spellings meet in one byte sequence.
        #expect(Array(example.folded.foldedForMatching.utf8) == Array(example.typed.foldedForMatching.utf8))
    }

    @Test func aStringWithANulFoldsWithoutLosingTheRest() {
        #expect(Array("a\u{0}e\u{301}".foldedForMatching.utf8) == [0x61, 0x00, 0xC3, 0xA9])
    }
}

/// The fast path of `foldedForMatching` skips utf8proc for strings made only of scalars
/// that NFC leaves alone; utf8proc's own tables prove each of them is one.
@Suite struct NFCFastPathTests {
    /// The last scalar of every canonical decomposition of two or more scalars: the
    /// characters that can be the second of a composing pair (a superset: exclusions too).
    static func composingSeconds() -> Set<UInt32> {
        var seconds = Set<UInt32>()
        var buffer = [utf8proc_int32_t](repeating: 0, count: 32)
        for value in UInt32(0)...0x10FFFF {
            guard Unicode.Scalar(value) != nil else { continue }
            let count = buffer.withUnsafeMutableBufferPointer { out in
                var boundary: utf8proc_int32_t = 0
                return utf8proc_decompose_char(
                    utf8proc_int32_t(value), out.baseAddress, out.count, UTF8PROC_DECOMPOSE, &boundary)
            }
            if count >= 2 { seconds.insert(UInt32(buffer[count - 1])) }
        }
        return seconds
    }

    @Test func everyScalarOfTheFastPathIsOneNFCLeavesAlone() throws {
        let seconds = Self.composingSeconds()
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), String.leavesNFCAlone(scalar) else { continue }
            checked += 1
            let alone = String(scalar)
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "\(value): not a starter")
            #expect(Array(alone.nfc.utf8) == Array(alone.utf8), "\(value): NFC changes it")
            #expect(!seconds.contains(value), "\(value): can compose with what precedes it")
        }
        #expect(checked == 0x300 + 94 + 20_992 + 11_172 + 2_048)
    }

    @Test(arguments: ["\u{300}", "\u{1161}", "\u{11A8}", "\u{3099}", "\u{2126}", "\u{F900}"])
    func aScalarNFCCanChangeIsNotOnTheFastPath(_ text: String) throws {
        let scalar = try #require(text.unicodeScalars.first)
        #expect(!String.leavesNFCAlone(scalar))
    }
}
