extension LuaEngine {
    /// `message` without the positions Lua gives the shell's own chunks (`[app-shell]:298: `):
    /// an error raised while the prelude runs (a `--json` result that is not data, a stop
    /// while `show` prints) is about the user's chunk, and the line of the prelude means
    /// nothing to them.
    static func withoutInternalPositions(_ message: String) -> String {
        let marker = Array((LuaPrelude.chunkName.dropFirst() + ":").utf8)
        let bytes = Array(message.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == marker[0], bytes[index...].starts(with: marker) {
                var end = index + marker.count
                let digitsStart = end
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                if end > digitsStart, bytes[end...].starts(with: [UInt8(ascii: ":"), UInt8(ascii: " ")]) {
                    index = end + 2
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
