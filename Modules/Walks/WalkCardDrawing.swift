/// Turns a laid-out card into PNG bytes (Imaging's libvips drawing, wired in the
/// composition root).
public protocol WalkCardDrawing: Sendable {
    /// The card as a PNG file's bytes.
    /// - Throws: `image.bad` when the drawing library fails.
    func png(of card: WalkCard) throws -> [UInt8]
}
