/// A DEFLATE (RFC 1951) decoder for zip entries, after Mark Adler's `puff`: small and
/// bounds-checked rather than fast (a Loop export is a few hundred kilobytes).
enum Inflate {
    private struct Huffman {
        var counts: [Int]
        var symbols: [Int]

        /// Canonical codes from code lengths; nil when the lengths over-subscribe.
        init?(lengths: [Int]) {
            counts = Array(repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left <<= 1
                left -= counts[length]
                if left < 0 { return nil }
            }
            var offsets = Array(repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = Array(repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int
        var bitBuffer = 0
        var bitCount = 0

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        mutating func bits(_ need: Int) throws -> Int {
            var value = bitBuffer
            while bitCount < need {
                guard position < bytes.endIndex else { throw Inflate.broken("ends early") }
                value |= Int(bytes[position]) << bitCount
                position += 1
                bitCount += 8
            }
            bitBuffer = value >> need
            bitCount -= need
            return value & ((1 << need) - 1)
        }

        mutating func decode(_ huffman: Huffman) throws -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try bits(1)
                let count = huffman.counts[length]
                if code - count < first { return huffman.symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Inflate.broken("has a bad code")
        }
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145,
        8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    static func broken(_ what: String) -> AppError {
        AppError.invalidArgument("a compressed entry of the zip archive \(what)", field: "path")
    }

    /// The bytes `data` inflates to, at most `maximum` of them.
    static func inflate(_ data: ArraySlice<UInt8>, maximum: Int) throws -> [UInt8] {
        var reader = Reader(data)
        var output: [UInt8] = []
        output.reserveCapacity(min(maximum, 1 << 24))
        var last = 0
        repeat {
            last = try reader.bits(1)
            switch try reader.bits(2) {
            case 0:
                reader.bitBuffer = 0
                reader.bitCount = 0
                let length = try reader.bits(16)
                let complement = try reader.bits(16)
                guard length == ~complement & 0xFFFF else { throw broken("has a bad stored block") }
                guard reader.position + length <= data.endIndex else { throw broken("ends early") }
                guard output.count + length <= maximum else { throw broken("is larger than it says") }
                output += data[reader.position..<(reader.position + length)]
                reader.position += length
            case 1:
                var lengths = Array(repeating: 8, count: 288)
                for symbol in 144..<256 { lengths[symbol] = 9 }
                for symbol in 256..<280 { lengths[symbol] = 7 }
                guard let literals = Huffman(lengths: lengths),
                    let distances = Huffman(lengths: Array(repeating: 5, count: 30))
                else { throw broken("has bad fixed codes") }
                try codes(&reader, &output, literals, distances, maximum)
            case 2:
                let literalCount = try reader.bits(5) + 257
                let distanceCount = try reader.bits(5) + 1
                let codeCount = try reader.bits(4) + 4
                guard literalCount <= 286, distanceCount <= 30 else { throw broken("has too many codes") }
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = Array(repeating: 0, count: 19)
                for index in 0..<codeCount { codeLengths[order[index]] = try reader.bits(3) }
                guard let lengthCode = Huffman(lengths: codeLengths) else { throw broken("has bad code lengths") }
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try reader.decode(lengthCode)
                    if symbol < 16 {
                        lengths.append(symbol)
                        continue
                    }
                    var repeated = 0
                    var times = 0
                    switch symbol {
                    case 16:
                        guard let previous = lengths.last else { throw broken("repeats nothing") }
                        repeated = previous
                        times = 3 + (try reader.bits(2))
                    case 17: times = 3 + (try reader.bits(3))
                    default: times = 11 + (try reader.bits(7))
                    }
                    guard lengths.count + times <= literalCount + distanceCount else {
                        throw broken("has too many lengths")
                    }
                    lengths += Array(repeating: repeated, count: times)
                }
                guard lengths[256] != 0,
                    let literals = Huffman(lengths: Array(lengths[0..<literalCount])),
                    let distances = Huffman(lengths: Array(lengths[literalCount...]))
                else { throw broken("has bad dynamic codes") }
                try codes(&reader, &output, literals, distances, maximum)
            default:
                throw broken("has a bad block type")
            }
        } while last == 0
        return output
    }

    private static func codes(
        _ reader: inout Reader, _ output: inout [UInt8], _ literals: Huffman, _ distances: Huffman, _ maximum: Int
    ) throws {
        while true {
            let symbol = try reader.decode(literals)
            if symbol < 256 {
                guard output.count < maximum else { throw broken("is larger than it says") }
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < 29 else { throw broken("has a bad length") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try reader.decode(distances)
                guard distanceSymbol < 30 else { throw broken("has a bad distance") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= output.count else { throw broken("reaches back too far") }
                guard output.count + length <= maximum else { throw broken("is larger than it says") }
                for _ in 0..<length { output.append(output[output.count - distance]) }
            }
        }
    }
}
