import Core
import Formats
import FoundationEssentials
import Testing
import Time

/// The GPX reader against files shaped as OsmAnd and Garmin write them
/// (Tests/Fixtures/gpx, made by make-gpx-fixtures.py) and against hostile ones: an entity
/// bomb, an external entity, a file that is not XML or not GPX, points off the globe, too
/// many points, too many bytes, nesting past libxml2's limit. Each gives `gpx.bad` or a
/// counted skip, never a crash or a hang.
@Suite struct GPXFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/gpx")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func gpx(_ body: String, version: String = "1.1") -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="\(version)" creator="test" xmlns="http://www.topografix.com/GPX/1/1">\(body)</gpx>
            """.utf8)
    }

    static func refused(_ bytes: [UInt8]) -> AppError? {
        #expect(throws: AppError.self) { try GPXFile(bytes: bytes) }
    }

    @Test func anOsmAndTrackReadsWithItsSegmentsTimesAndElevations() throws {
        let file = try GPXFile(bytes: try Self.fixture("osmand-hangang.gpx"))
        #expect(file.version == "1.1")
        #expect(file.tracks.count == 1)
        let track = try #require(file.tracks.first)
        #expect(track.name == "한강 산책 🐕")
        #expect(track.segments.count == 2)
        #expect(track.points.count == 2518)
        let first = try #require(track.points.first)
        #expect(first.latitude == 37.5559910 && first.longitude == 126.8950037)
        #expect(first.elevation == 12.0)
        #expect(first.time == Instant(iso8601: "2026-11-28T22:00:00Z"))
        // The osmand:speed inside <extensions> is not a point or a time.
        #expect(file.skipped.isEmpty)
    }

    @Test func aGPX10FileOfTwoTracksKeepsTheUntimedOne() throws {
        let file = try GPXFile(bytes: try Self.fixture("garmin-two-tracks.gpx"))
        #expect(file.version == "1.0")
        #expect(file.tracks.map(\.name) == ["Haeundae", "Gwangalli"])
        #expect(file.tracks[0].points.allSatisfy { $0.time != nil })
        #expect(file.tracks[1].points.allSatisfy { $0.time == nil && $0.elevation == nil })
    }

    @Test func pointsOffTheGlobeAndUnreadableFieldsAreSkippedAndCounted() throws {
        let file = try GPXFile(
            bytes: Self.gpx(
                """
                <trk><trkseg>
                <trkpt lat="37.5" lon="127.0"><time>2026-11-29T07:00:00</time></trkpt>
                <trkpt lat="91" lon="127.0"/>
                <trkpt lat="nan" lon="127.0"/>
                <trkpt lat="0x1p3" lon="127.0"/>
                <trkpt lon="127.0"/>
                <trkpt lat="37.5" lon="-180.5"/>
                <trkpt lat="37.6" lon="127.1"><ele>inf</ele><time>yesterday</time></trkpt>
                </trkseg></trk>
                <rte><rtept lat="1" lon="1"/></rte><wpt lat="1" lon="1"/>
                """))
        let points = try #require(file.tracks.first?.points)
        #expect(points.count == 2)
        // A time without a zone is UTC, as GPX says.
        #expect(points[0].time == Instant(iso8601: "2026-11-29T07:00:00Z"))
        #expect(points[1].elevation == nil && points[1].time == nil)
        #expect(
            file.skipped == [
                "5 points without a latitude and longitude on the globe",
                "1 elevations that are not a height in metres", "1 times that are not ISO 8601",
                "1 route points (<rtept>): a planned route, not a walk", "1 waypoints (<wpt>)",
            ])
    }

    /// An `<ele>` or `<time>` inside a point's `<extensions>` is not the point's.
    @Test func textInsideExtensionsIsNotThePointsOwn() throws {
        let file = try GPXFile(
            bytes: Self.gpx(
                """
                <trk><name>Mine</name><trkseg><trkpt lat="1" lon="1"><ele>5</ele><time>2026-11-29T07:00:00Z</time>
                <extensions><ele>0</ele><time>1999-01-01T00:00:00Z</time><name>x</name></extensions></trkpt>
                </trkseg><extensions><name>other</name></extensions></trk>
                """))
        let point = try #require(file.tracks.first?.points.first)
        #expect(point.elevation == 5)
        #expect(point.time == Instant(iso8601: "2026-11-29T07:00:00Z"))
        #expect(file.tracks.first?.name == "Mine")
    }

    /// The billion laughs: ten entities of ten references each (10^10 "lol"s). libxml2
    /// itself stops at the declarations (an entity reference loop, by its amplification
    /// check), and a DOCTYPE that passes it is refused before any entity is used.
    @Test func anEntityBombIsRefusedWithoutExpandingIt() {
        var entities = "<!ENTITY a0 \"lol\">"
        for level in 1...10 {
            entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let bytes = Array(
            "<?xml version=\"1.0\"?><!DOCTYPE gpx [\(entities)]><gpx version=\"1.1\"><trk><name>&a10;</name></trk></gpx>"
                .utf8)
        let error = Self.refused(bytes)
        #expect(error?.code == "gpx.bad")
        let message = error?.message ?? ""
        #expect(message.contains("DOCTYPE") || message.contains("entity reference loop"), "\(message)")
        #expect(error?.field == "path")
        let small = Self.refused(
            Array(
                "<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ENTITY a \"lol\">]><gpx><trk><name>&a;</name></trk></gpx>".utf8
            ))
        #expect(small?.message.contains("DOCTYPE") == true, "\(small?.message ?? "")")
    }

    @Test func anExternalEntityIsNeverRead() {
        let bytes = Array(
            """
            <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <gpx version="1.1"><trk><name>&secret;</name><trkseg><trkpt lat="1" lon="1"/></trkseg></trk></gpx>
            """.utf8)
        let error = Self.refused(bytes)
        #expect(error?.message.contains("DOCTYPE") == true)
        #expect(error?.message.contains("root:") == false)
    }

    @Test func filesThatAreNotGPXSayWhat() {
        let notXML = Self.refused(Array("lat,lon\n37.5,127.0\n".utf8))
        #expect(notXML?.message.hasPrefix("not well-formed XML at line 1") == true, "\(notXML?.message ?? "")")
        let kml = Self.refused(Array("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>".utf8))
        #expect(
            kml?.message == "not a GPX file: its root element is <kml> in http://www.opengis.net/kml/2.2, not <gpx>")
        let cut = Self.refused(Array(Self.gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"1\">").dropLast(20)))
        #expect(cut?.message.hasPrefix("not well-formed XML") == true)
        let empty = Self.refused([])
        #expect(empty?.code == "gpx.bad")
    }

    @Test func nestingPastLibxml2sLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "<extensions>", count: 5_000) + String(repeating: "</extensions>", count: 5_000)
        let error = Self.refused(Self.gpx(deep))
        #expect(error?.message.hasPrefix("not well-formed XML") == true, "\(error?.message ?? "")")
    }

    @Test func theMostPointsAreRead() throws {
        let body =
            "<trk><trkseg>" + String(repeating: "<trkpt lat=\"1\" lon=\"1\"/>", count: GPXFile.maximumPoints)
            + "</trkseg></trk>"
        #expect(try GPXFile(bytes: Self.gpx(body)).tracks.first?.points.count == GPXFile.maximumPoints)
    }

    @Test func moreThanTheMostPointsIsRefused() {
        let point = "<trkpt lat=\"1\" lon=\"1\"/>"
        let body = "<trk><trkseg>" + String(repeating: point, count: GPXFile.maximumPoints + 1) + "</trkseg></trk>"
        let error = Self.refused(Self.gpx(body))
        #expect(error?.message == "the file has more than 200000 track points")
    }

    @Test func aFileOverTheByteLimitIsRefusedUnread() {
        let bytes = [UInt8](repeating: 32, count: GPXFile.maximumBytes + 1)
        let error = Self.refused(bytes)
        #expect(error?.message.hasPrefix("the file has 16777217 bytes") == true)
    }

    @Test func gpxIsRecognisedByItsRootElement() throws {
        #expect(GPXFile.looksLikeGPX(try Self.fixture("osmand-hangang.gpx")))
        #expect(GPXFile.looksLikeGPX(Array("<gpx>".utf8)))
        #expect(!GPXFile.looksLikeGPX(Array("<gpxfoo>".utf8)))
        #expect(!GPXFile.looksLikeGPX(Array("{\"format\": \"app-shell-export\"}".utf8)))
    }
}
