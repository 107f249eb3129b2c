import FoundationEssentials

/// The UTC offsets of one time zone over time, read from the system's TZif files.
///
/// FoundationEssentials alone knows only fixed offsets, and linking ICU for named zones
/// would cost start-up time, so AppShell reads `/usr/share/zoneinfo` itself (RFC 8536):
/// the transitions of the file, then its POSIX TZ footer for times after the last one.
/// A rules value is immutable and needs no global state, so tests can use several zones
/// at once.
public struct TimeZoneRules: Sendable, CustomStringConvertible {
    /// What the zone says at one instant: a local time type of a TZif file.
    public struct LocalTimeType: Sendable, Equatable {
        /// Seconds east of UTC.
        public let offset: Int
        /// Whether it is daylight-saving (summer) time.
        public let isDaylightSaving: Bool
        /// The abbreviation (`KST`, `EDT`; numeric such as `-03` where the zone has no name).
        public let abbreviation: String

        /// A local time type.
        public init(offset: Int, isDaylightSaving: Bool, abbreviation: String) {
            self.offset = offset
            self.isDaylightSaving = isDaylightSaving
            self.abbreviation = abbreviation
        }
    }

    /// The zone's name as given (`Asia/Seoul`, `UTC`, `EST5EDT,M3.2.0,M11.1.0`).
    public let identifier: String
    private let transitions: [Int]
    private let transitionTypes: [Int]
    private let types: [LocalTimeType]
    private let footer: PosixTimeZoneRule?

    /// UTC.
    public static let utc = TimeZoneRules(identifier: "UTC", fixedOffset: 0)

    /// A zone that is always `fixedOffset` seconds east of UTC.
    public init(identifier: String, fixedOffset: Int) {
        self.identifier = identifier
        transitions = []
        transitionTypes = []
        let name = identifier == "UTC" ? "UTC" : Self.numericAbbreviation(fixedOffset)
        types = [LocalTimeType(offset: fixedOffset, isDaylightSaving: false, abbreviation: name)]
        footer = nil
    }

    /// A zone following a POSIX TZ rule such as `KST-9` or `EST5EDT,M3.2.0,M11.1.0`.
    public init(identifier: String, rule: PosixTimeZoneRule) {
        self.identifier = identifier
        transitions = []
        transitionTypes = []
        types = [LocalTimeType(offset: rule.standardOffset, isDaylightSaving: false, abbreviation: rule.standardName)]
        footer = rule
    }

    /// Parses a TZif file (version 1, 2, 3 or 4).
    /// - Throws: `TimeError` when the bytes are not a TZif file.
    public init(identifier: String, tzif bytes: [UInt8]) throws {
        var reader = TZifReader(bytes: bytes)
        let broken = TimeError("'\(identifier)' is not a valid time zone file", field: "tz")
        guard let header = reader.header() else { throw broken }
        var counts = header.counts
        var timeSize = 4
        if header.version >= 2 {
            // Skip the 32-bit block; the 64-bit block after the second header has it all.
            guard reader.skip(counts.v1BlockSize), let second = reader.header() else { throw broken }
            counts = second.counts
            timeSize = 8
        }
        guard let times = reader.integers(count: counts.timeCount, size: timeSize),
            let indexes = reader.bytes(count: counts.timeCount)
        else { throw broken }
        var rawTypes: [(offset: Int, isDaylightSaving: Bool, nameIndex: Int)] = []
        for _ in 0..<counts.typeCount {
            guard let offset = reader.integers(count: 1, size: 4)?.first, let flags = reader.bytes(count: 2)
            else { throw broken }
            rawTypes.append((offset, flags[0] != 0, Int(flags[1])))
        }
        guard let names = reader.bytes(count: counts.charCount) else { throw broken }
        let types = rawTypes.map { type in
            // Abbreviations are NUL-terminated strings in one block, indexed by byte.
            let start = min(type.nameIndex, names.count)
            let end = names[start...].firstIndex(of: 0) ?? names.count
            let name = String(decoding: names[start..<end], as: UTF8.self)
            return LocalTimeType(
                offset: type.offset, isDaylightSaving: type.isDaylightSaving,
                abbreviation: name.isEmpty ? Self.numericAbbreviation(type.offset) : name)
        }
        guard !types.isEmpty, indexes.allSatisfy({ Int($0) < types.count }) else { throw broken }
        var footer: PosixTimeZoneRule?
        if header.version >= 2,
            reader.skip(counts.leapCount * (timeSize + 4) + counts.standardCount + counts.utcCount),
            let text = reader.footer(), !text.isEmpty
        {
            footer = PosixTimeZoneRule(parsing: text)
        }
        self.identifier = identifier
        self.transitions = times
        self.transitionTypes = indexes.map(Int.init)
        self.types = types
        self.footer = footer
    }

    /// The largest time-zone file read: 4 MiB (the largest in tzdata is under 4 KiB).
    static let maximumFileBytes = 4 * 1_048_576

    /// Loads a named zone from `directory` (`Asia/Seoul`), accepts `UTC`/`GMT`, a POSIX TZ
    /// rule (`KST-9`), and a leading `:` as the `TZ` variable allows.
    /// - Throws: `TimeError` (field `tz`) for an unknown zone.
    public static func named(_ name: String, directory: String = "/usr/share/zoneinfo") throws -> TimeZoneRules {
        let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
        if trimmed == "UTC" || trimmed == "GMT" || trimmed == "Z" || trimmed == "Etc/UTC" { return .utc }
        let unknown = TimeError(
            "unknown time zone '\(name)' (expected a name such as Asia/Seoul or a POSIX rule such as KST-9)",
            field: "tz")
        let isSafeName =
            !trimmed.isEmpty && !trimmed.contains("..")
            && trimmed.allSatisfy { $0.isLetter || $0.isNumber || "/_-+".contains($0) }
        if isSafeName, let data = SmallFile.read(directory + "/" + trimmed, limit: maximumFileBytes) {
            return try TimeZoneRules(identifier: trimmed, tzif: data)
        }
        if let rule = PosixTimeZoneRule(parsing: trimmed) {
            return TimeZoneRules(identifier: trimmed, rule: rule)
        }
        throw unknown
    }

    /// The zone of this machine: `/etc/localtime`, else UTC.
    public static func systemLocal() -> TimeZoneRules {
        guard let data = SmallFile.read("/etc/localtime", limit: maximumFileBytes),
            let rules = try? TimeZoneRules(identifier: "localtime", tzif: data)
        else { return .utc }
        return rules
    }

    /// Seconds east of UTC at the instant `seconds` after the epoch.
    public func offset(atSecondsSince1970 seconds: Int) -> Int {
        if transitions.isEmpty, let footer { return footer.offset(atSecondsSince1970: seconds) }
        guard let first = transitions.first, seconds >= first else {
            return (types.first { !$0.isDaylightSaving } ?? types[0]).offset
        }
        if let last = transitions.last, seconds >= last, let footer {
            return footer.offset(atSecondsSince1970: seconds)
        }
        return types[typeIndex(atSecondsSince1970: seconds)].offset
    }

    /// The offset, summer time and abbreviation at the instant `seconds` after the epoch.
    public func localTimeType(atSecondsSince1970 seconds: Int) -> LocalTimeType {
        if transitions.isEmpty, let footer { return footer.localTimeType(atSecondsSince1970: seconds) }
        guard let first = transitions.first, seconds >= first else {
            return types.first { !$0.isDaylightSaving } ?? types[0]
        }
        if let last = transitions.last, seconds >= last, let footer {
            return footer.localTimeType(atSecondsSince1970: seconds)
        }
        return types[typeIndex(atSecondsSince1970: seconds)]
    }

    /// `+09`, `-0330`: how the TZ database names a zone with no abbreviation of its own.
    public static func numericAbbreviation(_ offset: Int) -> String {
        let minutes = abs(offset) / 60
        let hours = minutes / 60
        let text = (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + String(hours)
        guard minutes % 60 != 0 else { return text }
        return text + (minutes % 60 < 10 ? "0" : "") + String(minutes % 60)
    }

    /// The type index of the last transition at or before `seconds` (at least the first).
    private func typeIndex(atSecondsSince1970 seconds: Int) -> Int {
        // The last transition at or before `seconds`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return transitionTypes[low]
    }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Instant) -> Int { offset(atSecondsSince1970: instant.secondsSince1970) }

    /// The identifier.
    public var description: String { identifier }
}

/// Reads the parts of a TZif file in order.
private struct TZifReader {
    struct Counts {
        let utcCount, standardCount, leapCount, timeCount, typeCount, charCount: Int
        var v1BlockSize: Int {
            timeCount * 5 + typeCount * 6 + charCount + leapCount * 8 + standardCount + utcCount
        }
    }

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func header() -> (version: Int, counts: Counts)? {
        guard let magic = self.bytes(count: 4), magic == Array("TZif".utf8), let version = self.bytes(count: 1),
            skip(15), let numbers = integers(count: 6, size: 4), numbers.allSatisfy({ $0 >= 0 })
        else { return nil }
        let versionNumber = version[0] == 0 ? 1 : Int(version[0]) - Int(UInt8(ascii: "0"))
        return (
            versionNumber,
            Counts(
                utcCount: numbers[0], standardCount: numbers[1], leapCount: numbers[2], timeCount: numbers[3],
                typeCount: numbers[4], charCount: numbers[5])
        )
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func bytes(count: Int) -> [UInt8]? {
        guard count >= 0, position + count <= bytes.count else { return nil }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// Big-endian signed integers of `size` bytes.
    mutating func integers(count: Int, size: Int) -> [Int]? {
        guard let raw = bytes(count: count * size) else { return nil }
        return (0..<count).map { index in
            var value: UInt64 = 0
            for byte in raw[index * size..<(index + 1) * size] { value = value << 8 | UInt64(byte) }
            if size == 4 { return Int(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) }
            return Int(Int64(bitPattern: value))
        }
    }

    /// The POSIX TZ string between two newlines at the end of a version 2+ file.
    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else { return nil }
        let rest = bytes[(position + 1)...]
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }
}
