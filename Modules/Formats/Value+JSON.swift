import Core

extension Value {
    /// The value as compact JSON text (RFC 8259).
    ///
    /// Integers print without a fraction, tables print their keys in order, and a float that
    /// JSON cannot hold (infinity, NaN) prints as `null`.
    public var jsonText: String {
        var output = ""
        Value.appendJSON(self, to: &output)
        return output
    }

    private static func appendJSON(_ value: Value, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number):
            output += number.isFinite ? String(number) : "null"
        case .string(let text): appendJSONString(text, to: &output)
        case .bytes(let bytes): output += "\"" + base64(bytes) + "\""
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                appendJSON(item, to: &output)
            }
            output += "]"
        case .table(let record):
            output += "{"
            for (index, field) in record.fields.enumerated() {
                if index > 0 { output += "," }
                appendJSONString(field.key, to: &output)
                output += ":"
                appendJSON(field.value, to: &output)
            }
            output += "}"
        }
    }

    private static let base64Alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars)

    /// `bytes` in base64 with padding (RFC 4648): JSON has no binary type.
    static func base64(_ bytes: [UInt8]) -> String {
        var output = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                if position <= count {
                    output.append(base64Alphabet[Int((group >> UInt32(18 - 6 * position)) & 63)])
                } else {
                    output.append("=")
                }
            }
            index += 3
        }
        return String(output)
    }

    private static func appendJSONString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            // Beside what RFC 8259 requires (below 0x20), DEL, the C1 controls and the bidi
            // overrides and isolates are escaped: JSON printed on a terminal must not drive it.
            case let control
            where control.value < 0x20 || (0x7F...0x9F).contains(control.value)
                || (0x202A...0x202E).contains(control.value) || (0x2066...0x2069).contains(control.value):
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension Value {
    /// The bytes of base64 text (RFC 4648, padding optional), or nil when `text` is not base64.
    public static func bytes(base64 text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var group: UInt32 = 0
        var count = 0
        for byte in text.utf8 {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): digit = 62
            case UInt8(ascii: "/"): digit = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            group = group << 6 | digit
            count += 1
            if count == 4 {
                output += [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
                group = 0
                count = 0
            }
        }
        switch count {
        case 0: break
        case 2: output.append(UInt8(group >> 4 & 0xFF))
        case 3: output += [UInt8(group >> 10 & 0xFF), UInt8(group >> 2 & 0xFF)]
        default: return nil
        }
        return output
    }
}
