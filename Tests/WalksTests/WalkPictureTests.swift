import AppTestSupport
import CVipsSamples
import Core
import FoundationEssentials
import Testing
import Time

@testable import Walks

/// A walk's picture: the layout keeps the map to scale, and the PNG the app draws with
/// libvips is SniffMeet's 392 x 591 with the route's pixels where its points project.
@Suite struct WalkPictureTests {
    @Test func theMapIsToScaleAndCentredInItsBox() {
        // 1 km north and 1 km east of a point at 60 N, where a degree of longitude is half a
        // degree of latitude long.
        let north = 1_000 / WalkPictureLayout.metresPerDegree
        let east = 1_000 / (WalkPictureLayout.metresPerDegree * 0.5)
        let route = [
            WalkRoutePoint(latitude: 60, longitude: 10), WalkRoutePoint(latitude: 60 + north, longitude: 10),
            WalkRoutePoint(latitude: 60 + north, longitude: 10 + east),
        ]
        let box = WalkPictureLayout.mapBox
        let (pixels, pixelsPerDegree) = WalkPictureLayout.project(route, into: box)
        let up = pixels[0].y - pixels[1].y
        let across = pixels[2].x - pixels[1].x
        #expect(abs(up - across) <= 1, "\(pixels)")
        // The square fills the box's width (344 px), centred top to bottom.
        #expect(across == box.width)
        #expect(abs((pixels[1].y - box.y) - (box.y + box.height - pixels[0].y)) <= 1)
        // 1 km is 344 px, so the bar is 200 m: 69 px.
        let bar = WalkPictureLayout.scaleBar(pixelsPerDegree: pixelsPerDegree)
        #expect(bar?.label == "200 m" && bar?.pixels == 69)
    }

    /// Two stretches of one point each, 1e-307 degrees apart (both kept: the 10-metre filter
    /// starts again with each segment): the span would make the scale infinite and a
    /// pixel NaN, which `Int` traps on. It is drawn as one place.
    @Test func pointsCloserThanAnyPixelAreOnePlaceNotACrash() {
        let route = [
            WalkRoutePoint(latitude: 10, longitude: 0, segment: 0),
            WalkRoutePoint(latitude: 10, longitude: 1e-307, segment: 1),
        ]
        let (pixels, pixelsPerDegree) = WalkPictureLayout.project(route, into: WalkPictureLayout.mapBox)
        #expect(pixelsPerDegree == 0)
        #expect(pixels[0] == pixels[1])
        let card = WalkPictureLayout.card(walks: [(route, "")], lines: ["Walk"])
        #expect(card.markers.count == 2)
        #expect(WalkPictureLayout.pixel(.nan) == 0 && WalkPictureLayout.pixel(1e300) == 10_000)
    }

    /// A route of more points than a card draws is drawn through every n-th, its ends kept.
    @Test func aLongRouteIsDrawnThroughAtMostTheMostPoints() {
        let route = (0..<20_000).map { index in
            WalkRoutePoint(latitude: 37.5 + Double(index % 400) * 1e-4, longitude: 127 + Double(index / 400) * 1e-3)
        }
        let card = WalkPictureLayout.card(walks: [(route, "")], lines: [])
        let drawn = card.lines.reduce(0) { $0 + $1.count }
        #expect(drawn <= WalkPictureLayout.maximumDrawnPoints + card.lines.count, "\(drawn)")
        let (pixels, _) = WalkPictureLayout.project(route, into: WalkPictureLayout.mapBox)
        #expect(card.lines.first?.first == pixels.first && card.lines.last?.last == pixels.last)
    }

    @Test func aWeekOfWalksIsSmallMapsTwoToARow() {
        let boxes = WalkPictureLayout.panels(3)
        #expect(boxes.count == 3)
        #expect(boxes[0].map.y == boxes[1].map.y && boxes[2].map.x == boxes[0].map.x)
        #expect(boxes[2].map.y > boxes[0].map.y + boxes[0].map.height)
        #expect(WalkPictureLayout.panels(20).count == WalkPictureLayout.maximumPanels)
    }

    @Test func thePNGIsACardWithTheRouteWhereItsPointsProject() throws {
        let fixture = try WalksFixture()
        let imported = try GPXImportTests.importGPX(fixture, "osmand-hangang.gpx", as: fixture.mina)
        let id = try #require(imported["walks"]?.arrayValue?.first?.recordValue?["id"]?.stringValue)
        let png = try #require(try fixture.app.call("walks.picture", ["id": .string(id)], as: fixture.mina).bytesValue)
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(Identifier.random()).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let route = try #require(
            try SQLWalkStore(database: fixture.database).routes(of: [id], userID: fixture.mina.id)[id])
        let (pixels, _) = WalkPictureLayout.project(route, into: WalkPictureLayout.mapBox)
        func red(at pixel: WalkCard.Pixel) throws -> (width: Int32, height: Int32, value: Double) {
            var width: Int32 = 0
            var height: Int32 = 0
            var exif: Int32 = 0
            var gps: Int32 = 0
            var orientation: Int32 = 0
            var value = 0.0
            var error = [CChar](repeating: 0, count: 512)
            let status = cvips_probe(
                file.path, &width, &height, &exif, &gps, &orientation, Int32(pixel.x), Int32(pixel.y), &value, &error,
                error.count)
            try #require(status == 0)
            return (width, height, value)
        }
        let start = try red(at: pixels[0])
        #expect(start.width == 392 && start.height == 591)
        #expect(start.value == Double(WalkPictureLayout.startColour[0]))
        #expect(try red(at: pixels[pixels.count - 1]).value == Double(WalkPictureLayout.endColour[0]))
        // Every 10th point between the markers lies on the route's colour.
        for index in stride(from: 10, to: pixels.count - 10, by: 10) {
            #expect(try red(at: pixels[index]).value == Double(WalkPictureLayout.routeColour[0]), "point \(index)")
        }
        // The map's corners, away from the route, are the card's background.
        let box = WalkPictureLayout.mapBox
        #expect(
            try red(at: WalkCard.Pixel(x: box.x + 2, y: box.y + 2)).value == Double(WalkPictureLayout.background[0]))
    }
}
