import Core
import Formats
import Time

/// Makes walks of a GPX file's tracks, one walk a track, with their routes (`WalkRoute`),
/// in the caller's transaction. A track becomes a walk when it has points on the globe,
/// times (its own, or `startedAt` and `endedAt` given for a file of one track), ended by
/// now, lasts at most 24 hours, measures at most 100 km and keeps at most 20,000 points;
/// otherwise it is left out with a line saying why. A track with the same start and end as
/// one of the walker's walks is there already (the file imported twice) and left alone.
public struct ImportWalks: Sendable {
    let store: any WalkStore
    let clock: any Clock

    /// The use case over `store`, judging "ended by now" by `clock`.
    public init(store: any WalkStore, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// The walks made of `file`'s tracks for `userID`. `steps`, `startedAt` and `endedAt`
    /// are for a file of one track (a GPX file counts no steps; a track may have no times).
    /// - Throws: `invalid_argument` for options given for a file of several tracks or out of
    ///   range; what the store throws.
    public func callAsFunction(
        _ file: GPXFile, steps: Int? = nil, startedAt: Instant? = nil, endedAt: Instant? = nil, userID: String
    ) throws -> ImportedWalks {
        if file.tracks.count > 1 && (steps != nil || startedAt != nil || endedAt != nil) {
            let field = steps != nil ? "steps" : startedAt != nil ? "started_at" : "ended_at"
            throw AppError.invalidArgument(
                "the file has \(file.tracks.count) tracks; \(field) is given only for a file of one track",
                field: field)
        }
        if let steps, !(0...WalkLog.maximumSteps).contains(steps) {
            throw AppError.invalidArgument(
                "steps are 0 to \(WalkLog.maximumSteps) for one walk, got \(steps)", field: "steps")
        }
        if (startedAt == nil) != (endedAt == nil) {
            throw AppError.invalidArgument(
                "started_at and ended_at are given together", field: startedAt == nil ? "started_at" : "ended_at")
        }
        var result = ImportedWalks(skipped: file.skipped)
        var backwards = 0
        let now = clock.now()
        for (index, track) in file.tracks.enumerated() {
            let label = "track \(index + 1)" + (track.name.map { " (\(Self.shown($0)))" } ?? "")
            let route = WalkRoute(segments: track.segments)
            backwards += route.backwards
            guard !route.points.isEmpty else {
                result.skipped.append("\(label): no point on the globe")
                continue
            }
            guard route.points.count <= WalkLog.maximumRoutePoints else {
                result.skipped.append(
                    "\(label): \(route.points.count) points 10 m apart or more; a walk keeps at most "
                        + "\(WalkLog.maximumRoutePoints)")
                continue
            }
            guard let start = route.firstTime ?? startedAt, let end = route.lastTime ?? endedAt else {
                result.skipped.append(
                    "\(label): its points have no times; give started_at and ended_at "
                        + "(walks.import_gpx(path, {started_at = ..., ended_at = ...}))")
                continue
            }
            if let problem = Self.problem(start: start, end: end, distance: route.distance, now: now) {
                result.skipped.append("\(label): \(problem)")
                continue
            }
            if try store.hasLog(of: userID, startedAt: start, endedAt: end) {
                result.alreadyThere += 1
                continue
            }
            let log = try WalkLog(
                id: Identifier.random(), userID: userID, steps: steps, distance: route.distance, startedAt: start,
                endedAt: end)
            try store.insert(log, route: route.points)
            result.logs.append(log)
            result.points += route.points.count
        }
        if backwards > 0 { result.skipped.append("\(backwards) points whose time went backwards") }
        return result
    }

    /// Why a walk from `start` to `end` of `distance` metres cannot be kept, or nil.
    static func problem(start: Instant, end: Instant, distance: Double, now: Instant) -> String? {
        if end > now { return "it ends in the future" }
        if end < start { return "it ends before it starts" }
        if end.millisecondsSince1970 - start.millisecondsSince1970 > WalkLog.maximumDurationSeconds * 1000 {
            return "it lasts more than 24 hours; split it into walks"
        }
        if distance > WalkLog.maximumDistance {
            return "it measures \(Int(distance / 1000)) km; a walk is at most 100 km"
        }
        return nil
    }

    /// A name from the file, as a report shows it: one line, at most 40 characters.
    static func shown(_ name: String) -> String {
        let line = String(name.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
