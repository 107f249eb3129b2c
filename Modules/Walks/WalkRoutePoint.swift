import Time

/// One point of a walk's route: where the walker was, and when and how high when the
/// track said. A route is private to its walker: it shows where they live.
public struct WalkRoutePoint: Sendable, Equatable {
    /// Degrees north, -90 to 90.
    public let latitude: Double
    /// Degrees east, -180 to 180.
    public let longitude: Double
    /// Metres above sea level, when known.
    public let elevation: Double?
    /// When the walker was there, when known.
    public let at: Instant?
    /// Which stretch of the walk (a GPX segment) it belongs to, from 0: no distance is
    /// counted across a break between stretches.
    public let segment: Int

    /// A point; `WalkRoute` checks the ranges of the points it makes.
    public init(latitude: Double, longitude: Double, elevation: Double? = nil, at: Instant? = nil, segment: Int = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.at = at
        self.segment = segment
    }
}
