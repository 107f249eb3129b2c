import Time

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Lays walks out on a card of SniffMeet's 392 x 591: a few lines of text on top, and
/// below them each walk's route drawn to scale (a metre north as long as a metre east: the
/// longitudes shrunk by the cosine of the middle latitude), centred in its box, its start
/// a green disc and its end a red one. One walk fills the map with a scale bar below it;
/// the walks of a week are small maps side by side, two to a row, each with its caption,
/// since a week's walks may be a city apart. Pure, no I/O.
public enum WalkPictureLayout {
    /// A box on the card: left, top, width, height in pixels.
    public typealias Box = (x: Int, y: Int, width: Int, height: Int)

    /// The card's size: SniffMeet's card.
    public static let size = (width: 392, height: 591)
    /// The box the routes are drawn in.
    public static let mapBox: Box = (x: 24, y: 150, width: 344, height: 400)
    /// The most walks one card draws (a week's last ones).
    public static let maximumPanels = 8
    /// The route's width in pixels.
    public static let routeWidth = 3
    /// The card's background.
    public static let background: [UInt8] = [250, 247, 240]
    /// The route's colour.
    public static let routeColour: [UInt8] = [46, 110, 220]
    /// The start's colour.
    public static let startColour: [UInt8] = [40, 160, 70]
    /// The end's colour.
    public static let endColour: [UInt8] = [210, 50, 50]
    /// The text's colour.
    public static let textColour: [UInt8] = [40, 40, 40]
    /// Metres in a degree of latitude (the Earth's mean radius times pi over 180).
    public static let metresPerDegree = WalkRoute.earthRadiusMetres * Double.pi / 180
    /// The scale bar's lengths, in metres: the longest that fits `scaleBarPixels` is drawn.
    public static let scaleBarLengths = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]
    /// The longest the scale bar is, in pixels.
    public static let scaleBarPixels = 100

    /// Where each point of `route` falls in `box`, and the pixels a degree of latitude
    /// takes (0 for a route of one place, drawn in the box's centre).
    public static func project(_ route: [WalkRoutePoint], into box: Box) -> (
        pixels: [WalkCard.Pixel], pixelsPerDegree: Double
    ) {
        guard let first = route.first else { return ([], 0) }
        var south = first.latitude
        var north = first.latitude
        var west = first.longitude
        var east = first.longitude
        for point in route {
            south = min(south, point.latitude)
            north = max(north, point.latitude)
            west = min(west, point.longitude)
            east = max(east, point.longitude)
        }
        let shrink = cos((south + north) / 2 * Double.pi / 180)
        // A span under a millionth of a metre is a point: dividing by it would overflow.
        let spanX = (east - west) * shrink > minimumSpan ? (east - west) * shrink : 0
        let spanY = north - south > minimumSpan ? north - south : 0
        var scale: Double
        switch (spanX > 0, spanY > 0) {
        case (true, true): scale = min(Double(box.width) / spanX, Double(box.height) / spanY)
        case (true, false): scale = Double(box.width) / spanX
        case (false, true): scale = Double(box.height) / spanY
        case (false, false): scale = 0
        }
        if !scale.isFinite { scale = 0 }
        let left = Double(box.x) + (Double(box.width) - spanX * scale) / 2
        let top = Double(box.y) + (Double(box.height) - spanY * scale) / 2
        let pixels = route.map { point in
            WalkCard.Pixel(
                x: pixel((point.longitude - west) * shrink * scale + left),
                y: pixel((north - point.latitude) * scale + top))
        }
        return (pixels, scale)
    }

    /// The least span drawn as more than a point, in degrees (about a tenth of a millimetre).
    static let minimumSpan = 1e-9

    /// The most points one card draws: a route with more is drawn through every n-th point
    /// (its stretches' ends kept), as at a card's size more would fall on the same pixels.
    public static let maximumDrawnPoints = 4_000

    /// `value` as a pixel coordinate: rounded, and a value that is not finite or is far off
    /// the card (which no route in its box gives) held at the card's edge, so no conversion
    /// traps.
    static func pixel(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -10_000), 10_000).rounded())
    }

    /// The scale bar for a map of `pixelsPerDegree`: the longest of `scaleBarLengths` that
    /// fits in `scaleBarPixels`, its length in pixels and its label ("500 m", "2 km").
    public static func scaleBar(pixelsPerDegree: Double) -> (metres: Int, pixels: Int, label: String)? {
        guard pixelsPerDegree > 0, pixelsPerDegree.isFinite else { return nil }
        let pixelsPerMetre = pixelsPerDegree / metresPerDegree
        guard let metres = scaleBarLengths.last(where: { Double($0) * pixelsPerMetre <= Double(scaleBarPixels) })
        else { return nil }
        let pixels = Int((Double(metres) * pixelsPerMetre).rounded())
        guard pixels >= 1 else { return nil }
        return (metres, pixels, metres >= 1000 ? "\(metres / 1000) km" : "\(metres) m")
    }

    /// The boxes of `count` small maps (at most `maximumPanels`) in the map's box, two to a
    /// row, each with room for a caption above it; one map takes the whole box.
    public static func panels(_ count: Int) -> [(caption: WalkCard.Pixel, map: Box)] {
        let count = min(max(count, 0), maximumPanels)
        guard count > 1 else { return count == 1 ? [(WalkCard.Pixel(x: mapBox.x, y: mapBox.y), mapBox)] : [] }
        let columns = 2
        let rows = (count + columns - 1) / columns
        let gap = 12
        let captionHeight = 18
        let width = (mapBox.width - gap * (columns - 1)) / columns
        let height = (mapBox.height - gap * (rows - 1)) / rows
        return (0..<count).map { index in
            let x = mapBox.x + (index % columns) * (width + gap)
            let y = mapBox.y + (index / columns) * (height + gap)
            return (
                WalkCard.Pixel(x: x, y: y), (x: x, y: y + captionHeight, width: width, height: height - captionHeight)
            )
        }
    }

    /// The card of `walks` (each a route and a caption for its small map; the last
    /// `maximumPanels` are drawn) with `lines` of text on top, the first line larger.
    public static func card(walks: [(route: [WalkRoutePoint], caption: String)], lines: [String]) -> WalkCard {
        let drawn = Array(walks.suffix(maximumPanels))
        let boxes = panels(drawn.count)
        var stretches: [[WalkCard.Pixel]] = []
        var markers: [WalkCard.Marker] = []
        var rules: [[WalkCard.Pixel]] = []
        var labels = lines.prefix(4).enumerated().map { index, text in
            WalkCard.Label(
                text: text, origin: WalkCard.Pixel(x: 24, y: index == 0 ? 28 : 44 + 28 * index),
                size: index == 0 ? 22 : 16)
        }
        let radius = drawn.count > 1 ? 4 : 7
        let budget = max(2, maximumDrawnPoints / max(drawn.count, 1))
        for (walk, box) in zip(drawn, boxes) {
            let (pixels, pixelsPerDegree) = project(walk.route, into: box.map)
            var panel: [[WalkCard.Pixel]] = []
            var stretch: [WalkCard.Pixel] = []
            var segment = walk.route.first?.segment
            for (point, pixel) in zip(walk.route, pixels) {
                if point.segment != segment {
                    if !stretch.isEmpty { panel.append(stretch) }
                    stretch = []
                    segment = point.segment
                }
                // A point on the pixel just drawn adds nothing.
                if stretch.last != pixel { stretch.append(pixel) }
            }
            if !stretch.isEmpty { panel.append(stretch) }
            let total = panel.reduce(0) { $0 + $1.count }
            if total > budget {
                let step = (total + budget - 1) / budget
                panel = panel.enumerated().compactMap { index, line in
                    // Every step-th point, and each stretch's ends; of the stretches of one
                    // point, every step-th.
                    guard line.count > 1 || index % step == 0 else { return nil }
                    return line.enumerated().filter { $0.offset % step == 0 || $0.offset == line.count - 1 }.map(
                        \.element)
                }
            }
            stretches += panel
            if let start = pixels.first, let end = pixels.last {
                markers.append(WalkCard.Marker(centre: start, radius: radius, colour: startColour))
                markers.append(WalkCard.Marker(centre: end, radius: radius, colour: endColour))
            }
            if drawn.count > 1 {
                labels.append(WalkCard.Label(text: walk.caption, origin: box.caption, size: 11))
            } else if let bar = scaleBar(pixelsPerDegree: pixelsPerDegree) {
                let y = box.map.y + box.map.height + 16
                let x = box.map.x
                rules.append([
                    WalkCard.Pixel(x: x, y: y - 4), WalkCard.Pixel(x: x, y: y),
                    WalkCard.Pixel(x: x + bar.pixels, y: y), WalkCard.Pixel(x: x + bar.pixels, y: y - 4),
                ])
                labels.append(
                    WalkCard.Label(text: bar.label, origin: WalkCard.Pixel(x: x + bar.pixels + 8, y: y - 9), size: 12))
            }
        }
        return WalkCard(
            width: size.width, height: size.height, background: background, routeColour: routeColour,
            routeWidth: routeWidth, textColour: textColour, lines: stretches, rules: rules, markers: markers,
            labels: labels)
    }
}
