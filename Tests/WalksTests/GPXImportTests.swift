import AppTestSupport
import Core
import Formats
import FoundationEssentials
import Storage
import Testing
import Time

@testable import Walks

/// `walks.import_gpx` through the app on both backends: a real-world-shaped track becomes a
/// walk with its route; a second import leaves it alone; a track without times takes the
/// times given; what cannot be a walk is said; the route is its walker's alone; the export
/// carries it.
@Suite struct GPXImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/gpx")

    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func importGPX(_ fixture: WalksFixture, _ name: String, _ options: [String: Value] = [:], as user: User)
        throws -> Record
    {
        var arguments = options
        arguments["path"] = .string(path(name))
        return try #require(try fixture.app.call("walks.import_gpx", arguments, as: user).recordValue)
    }

    @Test(arguments: DatabaseBackend.available)
    func anOsmAndTrackBecomesAWalkWithItsRouteOnce(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let imported = try Self.importGPX(fixture, "osmand-hangang.gpx", as: fixture.mina)
        let walks = try #require(imported["walks"]?.arrayValue)
        #expect(walks.count == 1)
        let walk = try #require(walks.first?.recordValue)
        let distance = try #require(walk["distance"]?.doubleValue)
        // 3.1 km walked (1,400 m and 1,700 m of steps); the 10-metre filter keeps the line.
        #expect(distance > 3_050 && distance < 3_250, "\(distance)")
        #expect(walk["duration"]?.intValue == 2_756)
        #expect(walk["started_at"]?.stringValue == "2026-11-29T07:00:00+09:00")
        #expect((walk["steps"] ?? .null) == .null)
        let points = try #require(imported["points"]?.intValue)
        #expect(points > 250 && points < 330, "\(points)")
        let id = try #require(walk["id"]?.stringValue)
        let route = try #require(try fixture.app.call("walks.route", ["id": .string(id)], as: fixture.mina).arrayValue)
        #expect(route.count == points)
        #expect(route.first?.recordValue?["at"]?.stringValue == "2026-11-29T07:00:00+09:00")
        #expect(Set(route.compactMap { $0.recordValue?["segment"]?.intValue }) == [1, 2])

        let again = try Self.importGPX(fixture, "osmand-hangang.gpx", as: fixture.mina)
        #expect(again["walks"]?.arrayValue?.isEmpty == true)
        #expect(again["already_there"]?.intValue == 1)
        #expect(try fixture.logCount() == 1)
        let stored = try #require(
            try fixture.database.queryOne("SELECT count(*) FROM walk_route_points") { try $0.int(0) })
        #expect(stored == points)
    }

    @Test(arguments: DatabaseBackend.available)
    func aRouteIsItsWalkersAlone(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let imported = try Self.importGPX(fixture, "osmand-hangang.gpx", as: fixture.mina)
        let id = try #require(imported["walks"]?.arrayValue?.first?.recordValue?["id"]?.stringValue)
        for route in ["walks.route", "walks.picture"] {
            let error = #expect(throws: AppError.self) {
                try fixture.app.call(route, ["id": .string(id)], as: fixture.joon)
            }
            #expect(error?.code == "walks.not_found", "\(route)")
        }
        // Joon's week has none of mina's walks.
        let store = SQLWalkStore(database: fixture.database)
        #expect(try store.routes(of: [id], userID: fixture.joon.id).isEmpty)
    }

    @Test func aTrackWithoutTimesTakesTheTimesGivenAndTracksInTheFutureAreSaid() throws {
        let fixture = try WalksFixture()
        // The first track is at 08:00 on the 30th, after the fixture's now; the second has no times.
        let error = #expect(throws: AppError.self) {
            try Self.importGPX(fixture, "garmin-two-tracks.gpx", as: fixture.mina)
        }
        #expect(error?.code == "walks.bad_gpx")
        #expect(error?.message.contains("track 1 (Haeundae): it ends in the future") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("track 2 (Gwangalli): its points have no times") == true)
        #expect(try fixture.logCount() == 0)
        let several = #expect(throws: AppError.self) {
            try Self.importGPX(fixture, "garmin-two-tracks.gpx", ["steps": .int(900)], as: fixture.mina)
        }
        #expect(several?.field == "steps")

        let file = try GPXFile(
            bytes: Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("garmin-two-tracks.gpx"))))
        let untimed = try GPXFile.oneTrack(file.tracks[1])
        let imported = try ImportWalks(store: SQLWalkStore(database: fixture.database), clock: fixture.clock)(
            untimed, steps: 900, startedAt: try TestTime.instant("2026-11-29T06:00:00+09:00"),
            endedAt: try TestTime.instant("2026-11-29T06:10:00+09:00"), userID: fixture.mina.id)
        #expect(imported.logs.count == 1)
        #expect(imported.logs.first?.steps == 900 && imported.logs.first?.durationSeconds == 600)
        // 600 m of 5-metre steps along a gently turning line, every other point kept.
        #expect(abs((imported.logs.first?.distance ?? 0) - 600) < 30)
    }

    @Test func aTrackLongerThanAWalkIsSaidAndNothingIsWritten() throws {
        let fixture = try WalksFixture()
        var points = "<trk><name>Seoul to Busan</name><trkseg>"
        points += #"<trkpt lat="37.5663" lon="126.9779"><time>2026-11-28T01:00:00Z</time></trkpt>"#
        points += #"<trkpt lat="35.1151" lon="129.0414"><time>2026-11-28T02:00:00Z</time></trkpt>"#
        points += "</trkseg></trk>"
        let file = try GPXFile(bytes: GPXFileFixture.gpx(points))
        let imported = try ImportWalks(store: SQLWalkStore(database: fixture.database), clock: fixture.clock)(
            file, userID: fixture.mina.id)
        #expect(imported.logs.isEmpty)
        #expect(imported.skipped.count == 1)
        #expect(imported.skipped.first?.hasPrefix("track 1 (Seoul to Busan): it measures 3") == true)
        #expect(imported.skipped.first?.hasSuffix(" km; a walk is at most 100 km") == true)
        #expect(try fixture.logCount() == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func theExportCarriesTheRouteAndAnImportBringsItBack(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        _ = try Self.importGPX(fixture, "osmand-hangang.gpx", as: fixture.mina)
        let section = SQLWalksSection(database: fixture.database)
        let exported = try section.export(for: fixture.mina)
        let log = try #require(exported["logs"]?.arrayValue?.first?.recordValue)
        let route = try #require(log["route"]?.arrayValue)
        #expect(route.count > 250)
        #expect((log["steps"] ?? .null) == .null)

        let other = try WalksFixture(backend: backend)
        var report = ImportReport(format: "app-shell")
        try other.app.database.transaction {
            try SQLWalksSection(database: other.database).importSection(
                exported, version: 2, for: other.mina, report: &report)
        }
        let logs = try SQLWalkStore(database: other.database).logs(of: other.mina.id, from: nil, to: nil)
        #expect(logs.count == 1)
        let back = try SQLWalkStore(database: other.database).routes(of: logs.map(\.id), userID: other.mina.id)
        #expect(back.values.first?.count == route.count)
        #expect(report.added.contains { $0.kind == "walk_route_points" && $0.count == route.count })
    }
}

/// GPX text for tests.
enum GPXFileFixture {
    static func gpx(_ body: String) -> [UInt8] {
        Array(#"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">"#.utf8)
            + Array(body.utf8) + Array("</gpx>".utf8)
    }
}

extension GPXFile {
    /// A file of this one track, read back from GPX text.
    static func oneTrack(_ track: GPXTrack) throws -> GPXFile {
        var body = "<trk><trkseg>"
        for point in track.points { body += "<trkpt lat=\"\(point.latitude)\" lon=\"\(point.longitude)\"/>" }
        body += "</trkseg></trk>"
        return try GPXFile(bytes: GPXFileFixture.gpx(body))
    }
}
