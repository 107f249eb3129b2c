import Formats
import Time

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A walk's route from a recorded track, as SniffMeet measured one: a fix less than
/// `jitterMetres` from the last one kept is the phone's jitter, not a step taken
/// (SniffMeet's location filter), and is dropped; the distance is the great-circle sum
/// between the points kept, within each segment; a fix timed before the last one kept
/// (a clock set back, points out of order) is dropped and counted.
public struct WalkRoute: Sendable, Equatable {
    /// The least distance between two points kept, in metres.
    public static let jitterMetres = 10.0
    /// The Earth's mean radius, in metres (IUGG), for the haversine formula.
    public static let earthRadiusMetres = 6_371_008.8

    /// The points kept, segment after segment.
    public let points: [WalkRoutePoint]
    /// The walk's length in metres.
    public let distance: Double
    /// Points dropped because their time went backwards.
    public let backwards: Int
    /// When the first timed point was taken, when any was.
    public let firstTime: Instant?
    /// When the last timed point was taken, when any was.
    public let lastTime: Instant?

    /// The route of a track's segments (points on the globe, as `GPXFile` reads them).
    public init(segments: [[GPXPoint]]) {
        var points: [WalkRoutePoint] = []
        var distance = 0.0
        var backwards = 0
        var lastTime: Instant?
        var firstTime: Instant?
        var segmentNumber = 0
        for segment in segments {
            var last: GPXPoint?
            var keptAny = false
            for point in segment {
                if let time = point.time, let previous = lastTime, time < previous {
                    backwards += 1
                    continue
                }
                if let last {
                    let step = Self.metres(from: last, to: point)
                    guard step >= Self.jitterMetres else { continue }
                    distance += step
                }
                last = point
                keptAny = true
                if let time = point.time {
                    lastTime = time
                    if firstTime == nil { firstTime = time }
                }
                points.append(
                    WalkRoutePoint(
                        latitude: point.latitude, longitude: point.longitude, elevation: point.elevation,
                        at: point.time, segment: segmentNumber))
            }
            if keptAny { segmentNumber += 1 }
        }
        self.points = points
        self.distance = distance
        self.backwards = backwards
        self.firstTime = firstTime
        self.lastTime = lastTime
    }

    /// The great-circle distance between two points, in metres (haversine).
    public static func metres(from a: GPXPoint, to b: GPXPoint) -> Double {
        metres(latitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
    }

    /// The great-circle distance between two positions in degrees, in metres (haversine).
    public static func metres(latitude: Double, longitude: Double, toLatitude: Double, longitude toLongitude: Double)
        -> Double
    {
        let radians = Double.pi / 180
        let phi1 = latitude * radians
        let phi2 = toLatitude * radians
        let dPhi = (toLatitude - latitude) * radians
        let dLambda = (toLongitude - longitude) * radians
        let sinPhi = sin(dPhi / 2)
        let sinLambda = sin(dLambda / 2)
        let h = sinPhi * sinPhi + cos(phi1) * cos(phi2) * sinLambda * sinLambda
        return 2 * earthRadiusMetres * asin(min(1, h.squareRoot()))
    }
}
