import Core
import Formats
import Testing

/// QR codes from libqrencode, drawn for a terminal: the smallest version that holds the
/// text, a 4-module quiet zone, half blocks that read back as the same modules.
@Suite struct QRCodeTests {
    @Test func aShortCodeIsVersion1WithItsFinderPatterns() throws {
        let code = try QRCode(encoding: "K7WQ3M")
        #expect(code.width == 21)
        // The finder pattern's corners: a dark ring of 7, a light ring, a dark 3 x 3 centre.
        for (x, y) in [(0, 0), (6, 0), (0, 6), (6, 6), (3, 3), (20, 0), (0, 20)] {
            #expect(code.isDark(x: x, y: y), "(\(x), \(y))")
        }
        #expect(!code.isDark(x: 1, y: 1) && !code.isDark(x: 7, y: 7) && !code.isDark(x: -1, y: 0))
    }

    @Test func theTerminalTextReadsBackAsTheSameModules() throws {
        let code = try QRCode(encoding: "K7WQ3M")
        let text = code.terminalText
        let side = code.width + 2 * QRCode.quietZone
        let lines = text.split(separator: "\n")
        #expect(lines.count == (side + 1) / 2)
        #expect(lines.allSatisfy { $0.count == side })
        let rows = try #require(QRCode.modules(readingTerminalText: text))
        for y in 0..<side {
            for x in 0..<side {
                #expect(rows[y][x] == code.isDark(x: x - QRCode.quietZone, y: y - QRCode.quietZone), "(\(x), \(y))")
            }
        }
        #expect(QRCode.modules(readingTerminalText: "█x\n") == nil)
    }

    @Test func aTextNoQRCodeHoldsIsRefused() {
        let long = #expect(throws: AppError.self) { try QRCode(encoding: String(repeating: "가", count: 1_000)) }
        #expect(long?.code == "invalid_argument" && long?.field == "text", "\(long?.message ?? "")")
        let empty = #expect(throws: AppError.self) { try QRCode(encoding: "") }
        #expect(empty?.field == "text")
    }
}
