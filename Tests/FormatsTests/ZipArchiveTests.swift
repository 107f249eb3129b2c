import Core
import Formats
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

    /// An archive with two entries of one name (Tests/Fixtures/import/two-names.zip, made by
    /// Python's zipfile) is refused, naming the entry: which one to read would be a guess.
    @Test func twoEntriesOfOneNameAreRefused() throws {
        let url = Self.archive.deletingLastPathComponent().appendingPathComponent("two-names.zip")
        let bytes = Array(try Data(contentsOf: url))
        let error = #expect(throws: AppError.self) { try ZipArchive.files(in: bytes, maximum: 1_000_000) }
        #expect(error?.message.contains("two entries named Habits.csv") == true, "\(error?.message ?? "")")
    }

    /// A deflated entry whose stream is cut, or whose bytes are not DEFLATE, is refused by
    /// zlib with a clear error.
    @Test func aBrokenDeflateStreamIsRefused() throws {
        let bytes = Array(try Data(contentsOf: Self.archive))
        // The first entry's data starts after its local header (30 bytes, name, extra).
        let nameLength = Int(bytes[26]) | Int(bytes[27]) << 8
        let extraLength = Int(bytes[28]) | Int(bytes[29]) << 8
        var damaged = bytes
        for index in (30 + nameLength + extraLength)..<(30 + nameLength + extraLength + 16) { damaged[index] = 0xFF }
        let error = #expect(throws: AppError.self) { try ZipArchive.files(in: damaged, maximum: 1_000_000) }
        #expect(error?.code == "invalid_argument")
        #expect(error?.message.contains("compressed entry") == true || error?.message.contains("CRC-32") == true)
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
