import Core
import Formats

/// An event's params as they are stored in its row (`events.params`): one JSON object of
/// strings, keys in the params' order, or NULL when there are none. JSON, so that a person
/// reading the table with `sqlite3` or `psql` reads them too, and either database's JSON
/// functions can take them apart. Text that PostgreSQL could not store as such (a NUL) is
/// escaped like any other control character.
enum EventParamsText {
    /// The stored text of `params`; nil when there are none.
    static func encode(_ params: [(key: String, value: String)]) -> String? {
        guard !params.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(params.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 })
        output.append(UInt8(ascii: "{"))
        for (index, param) in params.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            append(param.key, to: &output)
            output.append(UInt8(ascii: ":"))
            append(param.value, to: &output)
        }
        output.append(UInt8(ascii: "}"))
        return String(decoding: output, as: UTF8.self)
    }

    /// The params stored as `text`, in order; none for NULL.
    /// - Throws: `internal` when the text is not a JSON object of strings (edited by hand).
    static func decode(_ text: String?) throws -> [(key: String, value: String)] {
        guard let text else { return [] }
        guard case .table(let record) = try JSONParser.parse(Array(text.utf8)) else {
            throw AppError.internal("an event's params are not a JSON object: \(text.prefix(80))")
        }
        return try record.map { key, value in
            guard case .string(let string) = value else {
                throw AppError.internal("an event's param \(key) is not a string")
            }
            return (key, string)
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, every
    /// other byte as it is (UTF-8 stays UTF-8), copied in runs.
    private static func append(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for (index, byte) in bytes.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                output.append(UInt8(ascii: "\\"))
                if byte < 0x20 {
                    output.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex(byte >> 4), hex(byte & 0xF),
                    ])
                } else {
                    output.append(byte)
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The lowercase hex digit of a value below 16.
    private static func hex(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
