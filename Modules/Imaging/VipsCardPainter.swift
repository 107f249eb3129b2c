import CVips
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// Draws simple cards with libvips (`cvips_draw_card`): a painted background, lines, discs
/// and text, encoded as PNG in memory. Loads libvips on first use, as the photos do.
public struct VipsCardPainter: Sendable {
    /// A painter.
    public init() {}

    /// Pango reads the text as markup: `&`, `<` and `>` are written as entities.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The PNG bytes of a `width` x `height` card painted `background`, with `lines`
    /// (pixels x, y, and a colour each) `lineWidth` wide, `discs` over them, and `texts`
    /// (plain text at x, y, size in points) in `textColour`. Colours are RGB bytes.
    /// - Throws: `image.bad` when libvips cannot be loaded or fails.
    public func png(
        width: Int, height: Int, background: [UInt8], lines: [(points: [(x: Int, y: Int)], colour: [UInt8])],
        lineWidth: Int,
        discs: [(x: Int, y: Int, radius: Int, colour: [UInt8])], texts: [(text: String, x: Int, y: Int, size: Int)],
        textColour: [UInt8]
    ) throws -> [UInt8] {
        func clamped(_ value: Int) -> Int32 { Int32(clamping: value) }
        func rgb(_ colour: [UInt8]) -> [UInt8] { Array((colour + [0, 0, 0]).prefix(3)) }
        let xy = lines.flatMap { $0.points.flatMap { [clamped($0.x), clamped($0.y)] } }
        let lengths = lines.map { clamped($0.points.count) }
        let lineInks = lines.flatMap { rgb($0.colour) }
        let markers = discs.flatMap { [clamped($0.x), clamped($0.y), clamped($0.radius)] }
        let markerInks = discs.flatMap { rgb($0.colour) }
        let places = texts.flatMap { [clamped($0.x), clamped($0.y), clamped($0.size)] }
        var strings = texts.map { strdup(Self.escaped($0.text)) }
        defer { strings.forEach { free($0) } }
        var error = [CChar](repeating: 0, count: 512)
        var png: UnsafeMutableRawPointer?
        var length = 0
        let status = strings.withUnsafeMutableBufferPointer { pointers in
            pointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { texts in
                cvips_draw_card(
                    clamped(width), clamped(height), rgb(background), xy, lengths, lineInks, clamped(lines.count),
                    clamped(lineWidth), markers, markerInks, clamped(discs.count), texts.baseAddress,
                    places, clamped(texts.count), rgb(textColour), &png, &length, &error, error.count)
            }
        }
        defer { cvips_free(png) }
        guard status == 0, let png else { throw VipsPhotoProcessor.bad(VipsPhotoProcessor.text(error)) }
        return VipsPhotoProcessor.copy(png, length)
    }
}
