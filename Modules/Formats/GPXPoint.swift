import Time

/// One fix of a GPX track (`<trkpt>`): where, and when and how high when the file says.
public struct GPXPoint: Sendable, Equatable {
    /// Degrees north, -90 to 90.
    public let latitude: Double
    /// Degrees east, -180 to 180.
    public let longitude: Double
    /// Metres above sea level (`<ele>`), when given.
    public let elevation: Double?
    /// When the fix was taken (`<time>`), when given.
    public let time: Instant?

    /// A point; the reader checks the ranges.
    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Instant? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
    }
}
