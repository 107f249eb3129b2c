import CZlib
import Core

/// The DEFLATE (RFC 1951) decoder for zip entries: zlib's (`czlib_inflate_raw`), the one
/// every distribution maintains, never a decoder of our own for an untrusted file.
enum Inflate {
    static func broken(_ what: String) -> AppError {
        AppError.invalidArgument("a compressed entry of the zip archive \(what)", field: "path")
    }

    /// The bytes `data` inflates to, at most `maximum` of them.
    /// - Throws: `invalid_argument` (field `path`) when the data is not DEFLATE, ends
    ///   before its last block, or unpacks to more than `maximum` bytes.
    static func inflate(_ data: ArraySlice<UInt8>, maximum: Int) throws -> [UInt8] {
        guard maximum >= 0 else { throw broken("is larger than it says") }
        var written = 0
        var status: Int32 = 0
        var reason = [CChar](repeating: 0, count: 256)
        let output = try [UInt8](unsafeUninitializedCapacity: max(maximum, 1)) { buffer, count in
            status = data.withUnsafeBufferPointer { input in
                czlib_inflate_raw(
                    input.baseAddress, input.count, buffer.baseAddress, maximum, &written, &reason, reason.count)
            }
            guard status == Int32(CZLIB_OK) else {
                count = 0
                return
            }
            guard written <= maximum else { throw broken("is larger than it says") }
            count = written
        }
        switch status {
        case Int32(CZLIB_OK): return output
        case Int32(CZLIB_TOO_LARGE): throw broken("is larger than it says")
        case Int32(CZLIB_TRUNCATED): throw broken("is cut short")
        case Int32(CZLIB_NO_MEMORY): throw broken("cannot be unpacked: out of memory")
        default:
            let text = String(cBuffer: reason)
            throw broken("is not valid DEFLATE data (\(text))")
        }
    }
}
