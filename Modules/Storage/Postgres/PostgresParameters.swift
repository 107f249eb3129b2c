import Core

#if canImport(Glibc)
    import Glibc
#endif

/// A statement's arguments as libpq takes them: every value in text format except
/// `SQLValue.blob`, which goes in binary (the raw bytes of a `bytea`: no escaping, half the
/// bytes of hex). All values share one buffer, each followed by a NUL.
struct PostgresParameters {
    private var buffer: [UInt8] = []
    /// Offset into `buffer`, or nil for NULL.
    private var offsets: [Int?] = []
    private var lengths: [Int32] = []
    private var formats: [Int32] = []

    /// No parameters (a `BEGIN`, a `COMMIT`).
    static let none = PostgresParameters()

    private init() {}

    /// The number of parameters.
    var count: Int32 { Int32(offsets.count) }

    /// - Throws: `invalid_argument` for text holding a NUL character (PostgreSQL's text
    ///   cannot hold one; SQLite's can) or a value over 1 GB (PostgreSQL's limit of a field).
    init(_ arguments: [SQLValue]) throws {
        offsets.reserveCapacity(arguments.count)
        lengths.reserveCapacity(arguments.count)
        formats.reserveCapacity(arguments.count)
        buffer.reserveCapacity(arguments.count * 24)
        for (position, argument) in arguments.enumerated() {
            switch argument {
            case .null:
                offsets.append(nil)
                lengths.append(0)
                formats.append(0)
            case .int(let number):
                append(String(number))
            case .double(let number):
                append(Self.text(of: number))
            case .bool(let flag):
                append(flag ? "t" : "f")
            case .text(let text):
                try appendText(text, position)
            case .blob(let bytes):
                try Self.checkSize(bytes.count, position)
                offsets.append(buffer.count)
                lengths.append(Int32(bytes.count))
                formats.append(1)
                buffer.append(contentsOf: bytes)
                buffer.append(0)
            }
        }
    }

    /// Appends a text parameter, checked in the same pass over its bytes (a NUL found by
    /// `memchr`, where a generic search of the UTF-8 view cost 12 instructions a byte).
    private mutating func appendText(_ text: String, _ position: Int) throws {
        var text = text
        try text.withUTF8 { bytes in
            if let base = bytes.baseAddress, memchr(base, 0, bytes.count) != nil {
                throw AppError.invalidArgument(
                    "parameter \(position + 1) holds a NUL character, which PostgreSQL text cannot store")
            }
            try Self.checkSize(bytes.count, position)
            offsets.append(buffer.count)
            formats.append(0)
            lengths.append(Int32(bytes.count))
            buffer.append(contentsOf: bytes)
            buffer.append(0)
        }
    }

    /// Appends `text`'s UTF-8 bytes and a NUL, in text format: straight from the string's
    /// own storage (an `Array` of them first cost an allocation a parameter).
    private mutating func append(_ text: String) {
        var text = text
        offsets.append(buffer.count)
        formats.append(0)
        let count = text.withUTF8 { bytes in
            buffer.append(contentsOf: bytes)
            return bytes.count
        }
        lengths.append(Int32(count))
        buffer.append(0)
    }

    /// Calls `body` with libpq's three parallel arrays (values, lengths, formats), valid
    /// only during the call.
    func withArrays<Result>(
        _ body: ([UnsafePointer<CChar>?], [Int32], [Int32]) -> Result
    ) -> Result {
        buffer.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            let values = offsets.map { offset in offset.flatMap { offset in base.map { $0 + offset } } }
            return body(values, lengths, formats)
        }
    }

    /// A double as PostgreSQL's `double precision` input reads it back exactly.
    static func text(of number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    private static func checkSize(_ count: Int, _ position: Int) throws {
        guard count < 1 << 30 else {
            throw AppError.invalidArgument("parameter \(position + 1) is over 1 GB, PostgreSQL's limit for a value")
        }
    }
}
