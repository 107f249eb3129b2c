import Core
import Formats
import Storage
import Time

/// The `walks` section of the export document: the user's walk logs, oldest first. Walk
/// requests are between two people and stay out of one person's export.
public struct SQLWalksSection: PortableSection {
    private let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `walks`.
    public var name: String { "walks" }

    /// 2: a log's steps may be missing, and a recorded walk carries its route (a version 1
    /// document, without them, imports as it is).
    public var version: Int { 2 }

    /// `{logs = {{id, steps?, distance, started_at, ended_at, route?}}}`; a route is a list
    /// of `{lat, lng, ele?, at?, segment}` (segment from 1).
    public func export(for user: User) throws -> Record {
        let store = SQLWalkStore(database: database)
        let logs = try store.logs(of: user.id, from: nil, to: nil).reversed()
        let routes = try store.routes(of: logs.map(\.id), userID: user.id)
        return Record([
            (
                "logs",
                .array(
                    logs.map { log in
                        var fields: [(String, Value)] = [
                            ("id", .string(log.id)), ("steps", log.steps.map(Value.int) ?? .null),
                            ("distance", .double(log.distance)),
                            ("started_at", .int(log.startedAt.millisecondsSince1970)),
                            ("ended_at", .int(log.endedAt.millisecondsSince1970)),
                        ]
                        if let route = routes[log.id] {
                            fields.append(("route", .array(route.map(Self.value))))
                        }
                        return .table(Record(fields))
                    })
            )
        ])
    }

    private static func value(_ point: WalkRoutePoint) -> Value {
        var fields: [(String, Value)] = [("lat", .double(point.latitude)), ("lng", .double(point.longitude))]
        if let elevation = point.elevation { fields.append(("ele", .double(elevation))) }
        if let at = point.at { fields.append(("at", .int(at.millisecondsSince1970))) }
        fields.append(("segment", .int(point.segment + 1)))
        return .table(Record(fields))
    }

    /// Adds the logs whose ids are not there yet, checked as `walks.log` checks them, with
    /// their routes checked as a GPX file's points are.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let document = PortableRecord(section, path: "sections.walks")
        let store = SQLWalkStore(database: database)
        for item in try document.records("logs") {
            var id = try item.string("id")
            let steps = try item.optionalInt("steps")
            let distance = try item.double("distance")
            // Checked as instants first (years 1 to 9999), so the difference cannot overflow.
            let startedAt = try item.instant("started_at")
            let endedAt = try item.instant("ended_at")
            let started = startedAt.millisecondsSince1970
            let ended = endedAt.millisecondsSince1970
            guard (0...100_000).contains(steps ?? 0), distance >= 0, distance <= 100_000, started <= ended,
                ended - started <= 86_400_000
            else {
                throw AppError.invalidArgument(
                    "\(item.path) is not a walk: at most 100,000 steps and metres, ending after it starts, within 24 hours",
                    field: item.path)
            }
            let route = try Self.route(item)
            let owner = try database.queryOne("SELECT user_id FROM walk_logs WHERE id = ?", [.text(id)]) {
                try $0.string(0)
            }
            if owner == user.id {
                report.skip("walk_logs")
                continue
            }
            if owner != nil {
                id = Identifier.random()
                report.cannotRepresent("walk log \(item.path): its id belongs to another user; imported as \(id)")
            }
            try store.insert(
                try WalkLog(
                    id: id, userID: user.id, steps: steps, distance: distance, startedAt: startedAt, endedAt: endedAt),
                route: route)
            report.add("walk_logs")
            if !route.isEmpty { report.add("walk_route_points", route.count) }
        }
    }

    /// A log's route in the document: at most `WalkLog.maximumRoutePoints` points on the
    /// globe, segments from 1 not going back.
    private static func route(_ item: PortableRecord) throws -> [WalkRoutePoint] {
        let points = try item.records("route")
        guard points.count <= WalkLog.maximumRoutePoints else {
            throw AppError.invalidArgument(
                "\(item.path).route has \(points.count) points; a walk keeps at most \(WalkLog.maximumRoutePoints)",
                field: "\(item.path).route")
        }
        var segment = 1
        return try points.map { point in
            let latitude = try point.double("lat")
            let longitude = try point.double("lng")
            let elevation = point.record["ele"].flatMap { $0.isNull ? nil : $0 }
            let next = try point.int("segment")
            guard (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude),
                next >= segment, next <= WalkLog.maximumRoutePoints,
                elevation == nil || elevation?.doubleValue.map({ (-1_000.0...10_000.0).contains($0) }) == true
            else {
                throw AppError.invalidArgument(
                    "\(point.path) is not a route point: lat -90 to 90, lng -180 to 180, ele -1,000 to 10,000 m, "
                        + "segments from 1 in order", field: point.path)
            }
            segment = next
            let at: Instant? = point.record["at"].map { $0.isNull } == false ? try point.instant("at") : nil
            return WalkRoutePoint(
                latitude: latitude, longitude: longitude, elevation: elevation?.doubleValue, at: at,
                segment: next - 1)
        }
    }
}
