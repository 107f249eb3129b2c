/// A JPEG's width and height from its start-of-frame marker, without decoding it (photo
/// files made by an earlier AppShell, read into the database once).
enum JPEGHeader {
    /// The size of the JPEG in `bytes`, or nil when it is not a JPEG with a frame header.
    static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {  // fill byte
                index += 1
                continue
            }
            // Markers without a length: TEM, RST0-7, SOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return nil }
            // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard index + 8 < bytes.count else { return nil }
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data or end before a frame header
            index += 2 + length
        }
        return nil
    }
}
