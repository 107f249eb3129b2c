import Core
import Time

/// A walk, or a week of walks, as a PNG card (`WalkPictureLayout`, drawn by a
/// `WalkCardDrawing`): the routes to scale, the start and the end marked, the date,
/// distance and time on top. Only the walker's own walks are drawn.
public struct DrawWalkPicture: Sendable {
    let store: any WalkStore
    let drawing: any WalkCardDrawing
    let clock: any Clock

    /// The use case over `store`, drawing with `drawing`, dates in `clock`'s zone.
    public init(store: any WalkStore, drawing: any WalkCardDrawing, clock: any Clock) {
        self.store = store
        self.drawing = drawing
        self.clock = clock
    }

    /// The card of the walk `id` of `userID`'s.
    /// - Throws: `walks.not_found` when they have no walk with that id.
    public func walk(_ id: String, userID: String) throws -> [UInt8] {
        let (log, route) = try store.ownWalk(id, userID: userID)
        var lines = [
            "Walk · \(WalkFigures.start(log.startedAt, in: clock.timeZone))",
            "\(WalkFigures.distance(log.distance)) · \(WalkFigures.duration(log.durationSeconds))"
                + (WalkFigures.pace(log.distance > 0 ? Double(log.durationSeconds) / (log.distance / 1000) : nil)
                    .map { " · \($0)" } ?? ""),
        ]
        if let steps = log.steps { lines.append("\(steps) steps") }
        if route.isEmpty { lines.append("no route recorded") }
        return try drawing.png(
            of: WalkPictureLayout.card(walks: route.isEmpty ? [] : [(route, "")], lines: lines))
    }

    /// The card of `userID`'s walks in the week (Monday to Sunday) holding `day`: each
    /// walk with a route a small map, oldest first (the last 8), the totals on top.
    public func week(of day: LocalDay, userID: String) throws -> [UInt8] {
        let monday = WalkSummary.monday(of: day)
        let zone = clock.timeZone
        let from = Instant(local: monday, seconds: 0, in: zone)
        let to = Instant(local: monday.adding(days: 7), seconds: 0, in: zone)
        let logs = try store.logs(of: userID, from: from, to: to).reversed()
        let routes = try store.routes(of: logs.map(\.id), userID: userID)
        let week = WalkSummary.weeks(of: Array(logs), in: zone).first
        var lines = ["Week of \(monday)"]
        if let week {
            lines.append(
                "\(week.walks) \(week.walks == 1 ? "walk" : "walks") · \(WalkFigures.distance(week.distance)) · "
                    + WalkFigures.duration(week.seconds))
            if let pace = WalkFigures.pace(week.pace) { lines.append(pace) }
        } else {
            lines.append("no walks")
        }
        let walks = logs.compactMap { log -> (route: [WalkRoutePoint], caption: String)? in
            guard let route = routes[log.id], !route.isEmpty else { return nil }
            let day = log.startedAt.localDay(in: zone)
            return (route, "\(WalkFigures.weekday(day)) \(day.day) · \(WalkFigures.distance(log.distance))")
        }
        if walks.count > WalkPictureLayout.maximumPanels {
            lines.append("the last \(WalkPictureLayout.maximumPanels) drawn")
        }
        return try drawing.png(of: WalkPictureLayout.card(walks: walks, lines: lines))
    }
}
