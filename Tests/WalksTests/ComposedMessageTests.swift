import Core
import Foundation
import Testing
import Time

@testable import Walks

/// A message of 100 Hangul syllables typed as jamo (NFD) is within the 100 characters, and
/// is kept composed, as the database counts it.
@Suite struct ComposedMessageTests {
    @Test func aMessageTypedAsJamoCountsItsSyllables() throws {
        let syllables = String(repeating: "산책", count: 50)
        let request = try WalkRequest(
            id: "r", senderID: "a", recipientID: "b", message: syllables.decomposedStringWithCanonicalMapping,
            latitude: 37.5, longitude: 127, placeName: "한강 공원".decomposedStringWithCanonicalMapping,
            storedStatus: .pending, createdAt: Instant(secondsSince1970: 1_795_910_400))
        #expect(request.message.unicodeScalars.count == 100)
        #expect(request.placeName?.unicodeScalars.elementsEqual("한강 공원".unicodeScalars) == true)
    }
}
