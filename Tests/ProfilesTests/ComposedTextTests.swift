import Core
import Foundation
import Profiles
import Testing

/// Hangul typed as separate jamo (NFD, as some keyboards and macOS file names give it) is
/// the same text as its syllables: it counts as the syllables, and is kept composed (NFC),
/// so the app's limits and the database's count agree on it.
@Suite struct ComposedTextTests {
    @Test func aNicknameTypedAsJamoCountsItsSyllablesAndIsKeptComposed() throws {
        let fixture = try ProfileFixture()
        let syllables = "보리맘보리맘보리"
        let jamo = syllables.decomposedStringWithCanonicalMapping
        #expect(jamo.unicodeScalars.count > 8)
        let profile = try fixture.save(nickname: jamo)
        #expect(profile["nickname"] == .string(syllables))
        #expect(try fixture.stored()?.nickname.unicodeScalars.elementsEqual(syllables.unicodeScalars) == true)
    }

    @Test func aDogsNameTypedAsJamoIsKeptComposed() throws {
        let name = "초코초코초코초코초코초코초코초".decomposedStringWithCanonicalMapping
        let dog = try Dog(name: name, age: 3, sex: .female, neutered: false, size: .small, keywords: [.smart])
        #expect(dog.name.unicodeScalars.count == 15)
    }

    @Test func asciiTextIsKeptAsItIs() {
        #expect("  Bori  ".keptText == "Bori")
        #expect("Bori".composed == "Bori")
    }
}
