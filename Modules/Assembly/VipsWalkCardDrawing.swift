import Imaging
import Walks

/// Walks' cards drawn by Imaging's libvips painter: the composition root's adapter, so
/// neither module knows the other.
struct VipsWalkCardDrawing: WalkCardDrawing {
    let painter = VipsCardPainter()

    /// The card as PNG bytes.
    func png(of card: WalkCard) throws -> [UInt8] {
        try painter.png(
            width: card.width, height: card.height, background: card.background,
            lines: card.lines.map { (points: $0.map { (x: $0.x, y: $0.y) }, colour: card.routeColour) }
                + card.rules.map { (points: $0.map { (x: $0.x, y: $0.y) }, colour: card.textColour) },
            lineWidth: card.routeWidth,
            discs: card.markers.map { (x: $0.centre.x, y: $0.centre.y, radius: $0.radius, colour: $0.colour) },
            texts: card.labels.map { (text: $0.text, x: $0.origin.x, y: $0.origin.y, size: $0.size) },
            textColour: card.textColour)
    }
}
