import CZlib
import Core

/// Reads the files of a zip archive (Loop Habit Tracker's CSV export is one): stored and
/// deflated entries, as Java's `ZipOutputStream` writes them, inflated by zlib.
///
/// Every archive is taken as hostile: sizes come from the central directory and are checked
/// against what is there, the output of each entry is capped before it is inflated (entries
/// that share one compressed stream each count), the CRC-32 of each entry is checked, and
/// folders, encrypted entries, ZIP64, other methods and two entries of one name are refused
/// with a clear error.
public enum ZipArchive {
    /// The most entries read from one archive: 10,000.
    public static let maximumEntries = 10_000

    /// Whether `bytes` start as a zip archive does (a local file header).
    public static func looksLikeZip(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// The files of the archive by their path inside it (folders left out), at most `maximum`
    /// bytes in all once inflated. When every file lies in one top folder (an archive made of
    /// a folder), that folder is taken off the paths.
    /// - Throws: `invalid_argument` (field `path`) naming what is wrong.
    public static func files(in bytes: [UInt8], maximum: Int) throws -> [String: [UInt8]] {
        func bad(_ message: String) -> AppError {
            AppError.invalidArgument("the zip archive \(message)", field: "path")
        }
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw bad("is cut short") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int {
            let low = try u16(at)
            let high = try u16(at + 2)
            return low | high << 16
        }
        // The end of central directory record: 22 bytes, and a comment of at most 65,535.
        var end = -1
        var index = bytes.count - 22
        while index >= max(0, bytes.count - 22 - 65_535) {
            if bytes[index] == 0x50, bytes[index + 1] == 0x4B, bytes[index + 2] == 0x05, bytes[index + 3] == 0x06 {
                end = index
                break
            }
            index -= 1
        }
        guard end >= 0 else { throw bad("has no central directory") }
        let count = try u16(end + 10)
        guard count <= maximumEntries else { throw bad("holds over \(maximumEntries) entries") }
        var at = try u32(end + 16)
        var files: [String: [UInt8]] = [:]
        var total = 0
        for _ in 0..<count {
            guard try u32(at) == 0x0201_4B50 else { throw bad("has a broken central directory") }
            let flags = try u16(at + 8)
            let method = try u16(at + 10)
            let crc = try u32(at + 16)
            let packed = try u32(at + 20)
            let size = try u32(at + 24)
            let nameLength = try u16(at + 28)
            let skip = try u16(at + 30) + (try u16(at + 32))
            let local = try u32(at + 42)
            guard at + 46 + nameLength <= bytes.count else { throw bad("is cut short") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + skip
            if name.hasSuffix("/") { continue }
            guard flags & 1 == 0 else { throw bad("entry \(name) is encrypted") }
            guard packed != 0xFFFF_FFFF, size != 0xFFFF_FFFF else { throw bad("entry \(name) is ZIP64") }
            guard total + size <= maximum else { throw bad("unpacks to over \(maximum) bytes") }
            guard try u32(local) == 0x0403_4B50 else { throw bad("entry \(name) has no local header") }
            let start = local + 30 + (try u16(local + 26)) + (try u16(local + 28))
            guard start + packed <= bytes.count else { throw bad("entry \(name) is cut short") }
            let data: [UInt8]
            switch method {
            case 0:
                guard packed == size else { throw bad("entry \(name) has two sizes") }
                data = Array(bytes[start..<(start + packed)])
            case 8:
                data = try Inflate.inflate(bytes[start..<(start + packed)], maximum: size)
                guard data.count == size else { throw bad("entry \(name) is not the size it says") }
            default: throw bad("entry \(name) uses compression method \(method); only stored and deflate are read")
            }
            guard CRC32.checksum(data) == UInt32(crc) else { throw bad("entry \(name) fails its CRC-32 check") }
            total += size
            let path = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
            guard files[path] == nil else { throw bad("has two entries named \(path)") }
            files[path] = data
        }
        let tops = Set(files.keys.map { $0.split(separator: "/", omittingEmptySubsequences: false).first ?? "" })
        if tops.count == 1, let top = tops.first, files.keys.allSatisfy({ $0.hasPrefix(top + "/") }) {
            return Dictionary(uniqueKeysWithValues: files.map { (String($0.key.dropFirst(top.count + 1)), $0.value) })
        }
        return files
    }
}

/// CRC-32 (IEEE 802.3, as zip uses it): zlib's.
enum CRC32 {
    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { czlib_crc32($0.baseAddress, $0.count) }
    }
}
