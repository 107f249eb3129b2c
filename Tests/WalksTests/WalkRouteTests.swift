import Formats
import Testing
import Time

@testable import Walks

#if canImport(Glibc)
    import Glibc
#endif

/// A route from a track: great-circle distances, the 10-metre jitter filter, times that go
/// backwards, breaks between segments; weeks summed in the walker's zone; figures as a
/// walker reads them.
@Suite struct WalkRouteTests {
    /// A point `north` and `east` metres from 37.5 N, 127 E (near enough on a flat patch).
    static func point(north: Double, east: Double = 0, second: Int? = nil) -> GPXPoint {
        let latitude = 37.5 + north / WalkPictureLayout.metresPerDegree
        let longitude = 127.0 + east / (WalkPictureLayout.metresPerDegree * cos(37.5 * Double.pi / 180))
        return GPXPoint(
            latitude: latitude, longitude: longitude,
            time: second.map { Instant(secondsSince1970: 1_764_370_800 + $0) })
    }

    @Test func aDegreeOfLatitudeIsTheEarthsMeanRadiusTimesPiOver180() {
        let metres = WalkRoute.metres(latitude: 0, longitude: 0, toLatitude: 1, longitude: 0)
        #expect(abs(metres - 111_195.08) < 0.01)
        #expect(abs(WalkRoute.metres(latitude: 0, longitude: 0, toLatitude: 0, longitude: 1) - 111_195.08) < 0.01)
        // A quarter of a meridian, and half the equator (the sine's edge: no NaN).
        let quarter = WalkRoute.metres(latitude: 0, longitude: 0, toLatitude: 90, longitude: 0)
        #expect(abs(quarter - WalkRoute.earthRadiusMetres * Double.pi / 2) < 0.01)
        let half = WalkRoute.metres(latitude: 0, longitude: 0, toLatitude: 0, longitude: 180)
        #expect(abs(half - WalkRoute.earthRadiusMetres * Double.pi) < 0.01)
    }

    @Test func fixesCloserThanTenMetresToTheLastKeptAreJitter() {
        // Every 4 m along 100 m: a point is kept every 12 m (the third after the last kept).
        let segment = (0...25).map { Self.point(north: Double($0) * 4) }
        let route = WalkRoute(segments: [segment])
        #expect(route.points.count == 9)
        #expect(abs(route.distance - 96) < 0.01)
        // Standing still for a minute, jittering 3 m around one place, adds nothing.
        let standing = (0..<60).map { Self.point(north: $0 % 2 == 0 ? 3 : -3, east: $0 % 3 == 0 ? 2 : -2) }
        #expect(WalkRoute(segments: [standing]).distance == 0)
    }

    @Test func aFixTimedBeforeTheLastKeptIsDroppedAndCounted() {
        let segment = [
            Self.point(north: 0, second: 0), Self.point(north: 20, second: 10), Self.point(north: 40, second: 5),
            Self.point(north: 60, second: 20),
        ]
        let route = WalkRoute(segments: [segment])
        #expect(route.backwards == 1)
        #expect(route.points.count == 3)
        #expect(abs(route.distance - 60) < 0.01)
        #expect(route.firstTime == Instant(secondsSince1970: 1_764_370_800))
        #expect(route.lastTime == Instant(secondsSince1970: 1_764_370_820))
    }

    @Test func noDistanceIsCountedAcrossABreakBetweenSegments() {
        let first = [Self.point(north: 0), Self.point(north: 100)]
        let second = [Self.point(north: 1_000), Self.point(north: 1_100)]
        let route = WalkRoute(segments: [first, [], second])
        #expect(abs(route.distance - 200) < 0.01)
        #expect(route.points.map(\.segment) == [0, 0, 1, 1])
    }

    @Test func weeksRunMondayToSundayInTheWalkersZone() throws {
        let seoul = try TimeZoneRules.named("Asia/Seoul")
        func log(_ start: String, minutes: Int, metres: Double) throws -> WalkLog {
            let started = try #require(Instant(iso8601: start))
            return try WalkLog(
                id: start, userID: "u", steps: nil, distance: metres, startedAt: started,
                endedAt: started.adding(seconds: minutes * 60))
        }
        // Sunday 23:30 and Monday 00:30 in Seoul: two weeks, though both are Sunday in UTC.
        let logs = [
            try log("2026-11-29T23:30:00+09:00", minutes: 20, metres: 1_500),
            try log("2026-11-30T00:30:00+09:00", minutes: 40, metres: 3_000),
            try log("2026-12-06T07:00:00+09:00", minutes: 60, metres: 5_000),
            try log("2026-11-24T07:00:00+09:00", minutes: 30, metres: 2_000),
        ]
        let weeks = WalkSummary.weeks(of: logs, in: seoul)
        #expect(weeks.map(\.monday.description) == ["2026-11-30", "2026-11-23"])
        #expect(weeks[0].walks == 2 && weeks[0].distance == 8_000 && weeks[0].seconds == 6_000)
        #expect(weeks[0].pace == 750)
        #expect(weeks[1].walks == 2 && weeks[1].seconds == 3_000)
    }

    @Test func figuresReadAsAWalkerReadsThem() {
        #expect(WalkFigures.distance(849.6) == "850 m")
        #expect(WalkFigures.distance(3_164.2) == "3.16 km")
        #expect(WalkFigures.distance(10_005) == "10.01 km")
        #expect(WalkFigures.duration(45) == "45 s")
        #expect(WalkFigures.duration(2_756) == "46 min")
        #expect(WalkFigures.duration(3_900) == "1 h 05 min")
        #expect(WalkFigures.pace(871) == "14:31 /km")
        #expect(WalkFigures.pace(nil) == nil && WalkFigures.pace(.infinity) == nil)
    }
}
