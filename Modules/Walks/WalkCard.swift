/// A picture of walks as pixels to draw: what `WalkPictureLayout` lays out and a
/// `WalkCardDrawing` turns into PNG bytes. Colours are RGB bytes.
public struct WalkCard: Sendable, Equatable {
    /// A pixel of the card, from its top left corner.
    public struct Pixel: Sendable, Equatable, Hashable {
        /// Pixels from the left edge.
        public let x: Int
        /// Pixels from the top edge.
        public let y: Int

        /// A pixel.
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// A filled disc (the start and the end of a walk).
    public struct Marker: Sendable, Equatable {
        /// Its centre.
        public let centre: Pixel
        /// Its radius in pixels.
        public let radius: Int
        /// Its colour.
        public let colour: [UInt8]

        /// A disc.
        public init(centre: Pixel, radius: Int, colour: [UInt8]) {
            self.centre = centre
            self.radius = radius
            self.colour = colour
        }
    }

    /// A line of text (plain text; the drawing escapes it).
    public struct Label: Sendable, Equatable {
        /// The text.
        public let text: String
        /// Its top left corner.
        public let origin: Pixel
        /// Its size in points (at 72 dots an inch, pixels).
        public let size: Int

        /// A line of text.
        public init(text: String, origin: Pixel, size: Int) {
            self.text = text
            self.origin = origin
            self.size = size
        }
    }

    /// The card's width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    /// Its background colour.
    public let background: [UInt8]
    /// The route's colour.
    public let routeColour: [UInt8]
    /// The route's width in pixels.
    public let routeWidth: Int
    /// The text's colour.
    public let textColour: [UInt8]
    /// The routes' stretches, each a line through its pixels.
    public let lines: [[Pixel]]
    /// Lines drawn in the text's colour (the scale bar).
    public let rules: [[Pixel]]
    /// The discs, drawn over the lines.
    public let markers: [Marker]
    /// The text.
    public let labels: [Label]
}
