import Time

/// One week of walks: how many, how far, how long, how fast.
public struct WalkWeek: Sendable, Equatable {
    /// The week's Monday (a local day).
    public let monday: LocalDay
    /// Walks that started that week.
    public let walks: Int
    /// Their distance together, in metres.
    public let distance: Double
    /// Their time together, in seconds.
    public let seconds: Int

    /// A week's totals.
    public init(monday: LocalDay, walks: Int, distance: Double, seconds: Int) {
        self.monday = monday
        self.walks = walks
        self.distance = distance
        self.seconds = seconds
    }

    /// Seconds a kilometre over the week's walks, nil when they covered no distance.
    public var pace: Double? { distance > 0 ? Double(seconds) / (distance / 1000) : nil }
}
