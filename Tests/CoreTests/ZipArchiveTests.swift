import Core
import FoundationEssentials
import Testing

/// The zip reader (stored and deflated entries, fixed and dynamic Huffman blocks) against an
/// archive the `zip` tool wrote (Tests/Fixtures/import/deflate.zip), and against damage.
@Suite struct ZipArchiveTests {
    static let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import/deflate.zip")

    /// The text of big.txt, as the script that made the archive wrote it.
    static var bigText: String {
        (0..<3000).map { "line \($0): 가나다 🐕 \(($0 * $0) % 97)" }.joined(separator: "\n") + "\n"
    }

    @Test func storedAndDeflatedEntriesReadBackExactly() throws {
        let bytes = Array(try Data(contentsOf: Self.archive))
        let files = try ZipArchive.files(in: bytes, maximum: 1_000_000)
        #expect(files.keys.sorted() == ["big.txt", "small.bin"])
        #expect(files["big.txt"] == Array(Self.bigText.utf8))
        #expect(files["small.bin"] == Array("stored, not deflated\n".utf8))
    }

    @Test func anArchiveThatUnpacksOverTheLimitIsRefused() throws {
        let bytes = Array(try Data(contentsOf: Self.archive))
        let error = #expect(throws: AppError.self) { try ZipArchive.files(in: bytes, maximum: 1_000) }
        #expect(error?.message.contains("over 1000 bytes") == true)
    }

    /// Every single flipped byte of the archive is refused or read, never a crash.
    @Test func aDamagedArchiveFailsWithAClearErrorAndNeverCrashes() throws {
        let bytes = Array(try Data(contentsOf: Self.archive))
        var refused = 0
        for index in stride(from: 0, to: bytes.count, by: 97) {
            var damaged = bytes
            damaged[index] ^= 0x5A
            do {
                _ = try ZipArchive.files(in: damaged, maximum: 1_000_000)
            } catch let error as AppError {
                #expect(error.code == "invalid_argument")
                refused += 1
            }
        }
        #expect(refused > 0)
        #expect(throws: AppError.self) { try ZipArchive.files(in: Array(bytes.prefix(100)), maximum: 1_000_000) }
    }
}
