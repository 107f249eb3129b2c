import CVipsSamples
import Core
import Formats
import Foundation
import Testing

/// A QR code as the terminal draws it is what a camera reads: the half blocks, read back as
/// modules, written as a PNG (4 pixels a module, light modules white) with libvips, decode
/// with zbarimg (Debian's zbar-tools) to the text encoded.
@Suite struct QRCodeReadingTests {
    static let zbarimg = "/usr/bin/zbarimg"

    @Test(arguments: ["K7WQ3M", "drop:K7WQ3M", "산책 🐕 K7WQ3M"])
    func zbarimgReadsTheTerminalsCodeBack(text: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.zbarimg), "zbar-tools is not installed")
        let code = try QRCode(encoding: text)
        var rows = try #require(QRCode.modules(readingTerminalText: code.terminalText))
        let side = code.width + 2 * QRCode.quietZone
        rows = Array(rows.prefix(side))
        let scale = 4
        var pixels = [UInt8](repeating: 255, count: side * scale * side * scale)
        for (y, row) in rows.enumerated() {
            for (x, dark) in row.enumerated() where dark {
                for dy in 0..<scale {
                    let start = (y * scale + dy) * side * scale + x * scale
                    for dx in 0..<scale { pixels[start + dx] = 0 }
                }
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(Identifier.random()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        var error = [CChar](repeating: 0, count: 512)
        let written = cvips_write_gray_png(
            file.path, pixels, Int32(side * scale), Int32(side * scale), &error, error.count)
        try #require(written == 0)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.zbarimg)
        process.arguments = ["--raw", "-q", "-Sqrcode.enable", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let read = String(decoding: data, as: UTF8.self)
        #expect(read == text + "\n", "zbarimg read \(read)")
    }
}
