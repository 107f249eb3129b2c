import BookStories
import Foundation
import Testing

/// A title of 200 Hangul syllables typed as jamo (NFD) is within the 200 characters, and is
/// kept composed, as the database counts it; 201 syllables are still refused.
@Suite struct ComposedTitleTests {
    @Test func aTitleTypedAsJamoCountsItsSyllables() throws {
        let syllables = String(repeating: "가", count: Book.maximumLength)
        let book = try Book(title: syllables.decomposedStringWithCanonicalMapping, author: "헤세")
        #expect(book.title.unicodeScalars.count == Book.maximumLength)
        #expect(throws: Error.self) {
            try Book(title: (syllables + "가").decomposedStringWithCanonicalMapping, author: "헤세")
        }
    }
}
