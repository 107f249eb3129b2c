import Core
import Time

/// A walk someone took: steps when counted, distance, start and end. Its route, when it
/// was recorded (an imported GPX track), is kept apart (`WalkStore.route(of:userID:)`).
public struct WalkLog: Sendable, Equatable {
    /// The most steps a logged walk may have (about 70 km of walking).
    public static let maximumSteps = 100_000
    /// The longest distance a logged walk may have, in metres.
    public static let maximumDistance = 100_000.0
    /// The longest a logged walk may last, in seconds (a day).
    public static let maximumDurationSeconds = 86_400
    /// The most points a walk's route keeps: 100 km at one point every 10 m is 10,000, and
    /// each break between a track's segments adds one.
    public static let maximumRoutePoints = 20_000

    /// A lowercase UUID.
    public let id: String
    /// Whose walk.
    public let userID: String
    /// Steps, 0 or more; nil when nobody counted them (a GPX track has none).
    public let steps: Int?
    /// Distance in metres, 0 or more.
    public let distance: Double
    /// When it began.
    public let startedAt: Instant
    /// When it ended (not before it began).
    public let endedAt: Instant

    /// A log, checked.
    /// - Throws: `invalid_argument` (fields `steps`, `distance`, `ended_at`).
    public init(id: String, userID: String, steps: Int?, distance: Double, startedAt: Instant, endedAt: Instant) throws
    {
        guard (steps ?? 0) >= 0 else { throw AppError.invalidArgument("steps cannot be negative", field: "steps") }
        guard distance.isFinite, distance >= 0 else {
            throw AppError.invalidArgument("distance is a finite number of metres, 0 or more", field: "distance")
        }
        guard endedAt >= startedAt else {
            throw AppError.invalidArgument("a walk cannot end before it starts", field: "ended_at")
        }
        self.id = id
        self.userID = userID
        self.steps = steps
        self.distance = distance
        self.startedAt = startedAt
        self.endedAt = endedAt
    }

    /// How long it lasted, in seconds.
    public var durationSeconds: Int { (endedAt.millisecondsSince1970 - startedAt.millisecondsSince1970) / 1000 }
}
