import Core
import FoundationEssentials
import Testing

/// Ids: made as lowercase version-4 UUIDs, recognised by shape as `UUID(uuidString:)`
/// recognises them (which `Identifier` no longer calls: its `sscanf` cost 17,000 instructions
/// a `habits.complete`), except that a blank inside is no id (`sscanf` skipped it).
@Suite struct IdentifierTests {
    static let samples = [
        "d7eb2475-2c6a-4831-9930-a2e512790ee2", "D7EB2475-2C6A-4831-9930-A2E512790EE2",
        "d7eb2475-2c6a-4831-9930-A2e512790eE2", "00000000-0000-0000-0000-000000000000",
        "d7eb2475-2c6a-4831-9930-a2e512790ee", "d7eb2475-2c6a-4831-9930-a2e512790ee22",
        "d7eb24752c6a-4831-9930-a2e512790ee2-", "d7eb2475_2c6a-4831-9930-a2e512790ee2",
        "g7eb2475-2c6a-4831-9930-a2e512790ee2", "d7eb2475-2c6a-4831-9930-a2e512790eé",
        "{d7eb2475-2c6a-4831-9930-a2e512790ee}", "",
        "걷기 🐕", "Run", "d7eb2475-2c6a-4831-9930-a2e5127９0ee2",
    ]

    @Test(arguments: samples)
    func anIdIsWhatUUIDReads(text: String) {
        #expect(Identifier.looksLikeIdentifier(text) == (UUID(uuidString: text) != nil))
    }

    @Test(arguments: [" d7eb2475-2c6a-4831-9930-a2e512790ee", "d7eb2475-2c6a-4831-9930- a2e512790ee"])
    func aBlankMakesNoId(text: String) {
        #expect(!Identifier.looksLikeIdentifier(text))
    }

    @Test func aNewIdIsALowercaseVersion4UUIDAndNeverRepeats() throws {
        var seen = Set<String>()
        for _ in 0..<200 {
            let id = Identifier.random()
            #expect(id == id.lowercased() && id.utf8.count == 36)
            let uuid = try #require(UUID(uuidString: id))
            #expect(uuid.uuidString.lowercased() == id)
            #expect(uuid.uuid.6 >> 4 == 4)
            #expect(uuid.uuid.8 >> 6 == 2)  // RFC 4122's variant
            #expect(Identifier.looksLikeIdentifier(id))
            seen.insert(id)
        }
        #expect(seen.count == 200)
    }
}
