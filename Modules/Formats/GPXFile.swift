import Core
import Time

/// The tracks of a GPX 1.0 or 1.1 file (what OsmAnd, Strava, Garmin and most walking apps
/// export), read with libxml2's streaming reader (`XMLStream`): no network, no DTD, no
/// entity expanded, at most `maximumBytes` and `maximumPoints`. Routes (`<rte>`) and
/// waypoints (`<wpt>`) are plans and places, not walks: they are skipped and counted.
///
/// A point whose latitude or longitude is missing, not a number or off the globe is
/// skipped and counted in `skipped`; so are an elevation or a time that cannot be read
/// (the point stays, without it). Nothing is judged about the order of times here: that
/// is the walk's business.
public struct GPXFile: Sendable, Equatable {
    /// The largest file read: 16 MiB (about 150,000 points with times and elevations).
    public static let maximumBytes = 16 * 1_048_576
    /// The most track points read: 200,000.
    public static let maximumPoints = 200_000
    /// The GPX namespaces read; a root `gpx` in no namespace is read as 1.0 files often are.
    public static let namespaces = ["http://www.topografix.com/GPX/1/1", "http://www.topografix.com/GPX/1/0", ""]
    /// The longest track name kept, in characters.
    public static let maximumNameLength = 100

    /// The root's `version` attribute ("1.1", "1.0"), or "" when missing.
    public let version: String
    /// The tracks with at least one point, in file order.
    public let tracks: [GPXTrack]
    /// What was skipped and why, one line each ("2 points off the globe"), for the report.
    public let skipped: [String]

    /// Whether `bytes` start like a GPX file: a `<gpx` element within the first 4 KiB.
    public static func looksLikeGPX(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(4096)
        let pattern = Array("<gpx".utf8)
        guard head.count >= pattern.count else { return false }
        var index = head.startIndex
        while index + pattern.count <= head.endIndex {
            if head[index..<index + pattern.count].elementsEqual(pattern) {
                let next = index + pattern.count
                return next == head.endIndex || [9, 10, 13, 32, 62, 47].contains(head[next])
            }
            index += 1
        }
        return false
    }

    /// Reads the tracks of a GPX file.
    /// - Throws: `gpx.bad` (field `path`) for a file too large, not well-formed XML, not
    ///   GPX, with a DOCTYPE, or with more than `maximumPoints` points; `internal` when
    ///   libxml2 cannot be loaded.
    public init(bytes: [UInt8]) throws {
        guard bytes.count <= Self.maximumBytes else {
            throw Self.bad("the file has \(bytes.count) bytes; a GPX file is read up to \(Self.maximumBytes) (16 MiB)")
        }
        var parser = Parser()
        let stream = try XMLStream(bytes)
        do {
            while try stream.next() { try parser.read(stream) }
        } catch let failure as XMLStream.Failure {
            let line = failure.line > 0 ? " at line \(failure.line)" : ""
            throw Self.bad("not well-formed XML\(line): \(failure.message)")
        }
        guard parser.sawRoot else { throw Self.bad("the file holds no XML element; a GPX file starts with <gpx>") }
        version = parser.version
        tracks = parser.tracks
        skipped = parser.skippedLines
    }

    static func bad(_ message: String) -> AppError { AppError(code: "gpx.bad", message: message, field: "path") }

    /// The reader's state between nodes.
    private struct Parser {
        var sawRoot = false
        var version = ""
        var tracks: [GPXTrack] = []
        var points = 0
        // The open elements' local names below the root, `gpx` first.
        var open: [String] = []
        var track: GPXTrack?
        var segment: [GPXPoint]?
        var point: (latitude: Double?, longitude: Double?)?
        var elevationText: String?
        var timeText: String?
        var nameText: String?
        var offGlobe = 0
        var badElevations = 0
        var badTimes = 0
        var routePoints = 0
        var waypoints = 0

        var skippedLines: [String] {
            var lines: [String] = []
            if offGlobe > 0 { lines.append("\(offGlobe) points without a latitude and longitude on the globe") }
            if badElevations > 0 { lines.append("\(badElevations) elevations that are not a height in metres") }
            if badTimes > 0 { lines.append("\(badTimes) times that are not ISO 8601") }
            if routePoints > 0 { lines.append("\(routePoints) route points (<rtept>): a planned route, not a walk") }
            if waypoints > 0 { lines.append("\(waypoints) waypoints (<wpt>)") }
            return lines
        }

        mutating func read(_ stream: XMLStream) throws {
            switch stream.kind {
            case .element: try start(stream)
            case .endElement: end()
            case .text, .cdata: text(stream.value)
            case .documentType:
                throw GPXFile.bad("the file declares a DOCTYPE; a GPX file has none (it could declare entities)")
            case .entityReference:
                throw GPXFile.bad("the file refers to an entity; a GPX file uses none")
            case nil: break
            }
        }

        private mutating func start(_ stream: XMLStream) throws {
            let name = stream.localName
            if !sawRoot {
                guard name == "gpx", GPXFile.namespaces.contains(stream.namespace) else {
                    let space = stream.namespace.isEmpty ? "" : " in \(stream.namespace)"
                    throw GPXFile.bad("not a GPX file: its root element is <\(name)>\(space), not <gpx>")
                }
                sawRoot = true
                version = stream.attribute("version") ?? ""
                if !stream.isEmpty { open.append(name) }
                return
            }
            let parent = open.last
            let inExtensions = open.contains("extensions")
            if !inExtensions {
                switch (parent, name) {
                case ("gpx", "trk"): track = GPXTrack(segments: [])
                case ("trk", "trkseg"): segment = []
                case ("trk", "name"): nameText = ""
                case ("trkseg", "trkpt"):
                    points += 1
                    guard points <= GPXFile.maximumPoints else {
                        throw GPXFile.bad("the file has more than \(GPXFile.maximumPoints) track points")
                    }
                    point = (Self.number(stream.attribute("lat")), Self.number(stream.attribute("lon")))
                case ("trkpt", "ele"): elevationText = ""
                case ("trkpt", "time"): timeText = ""
                case ("rte", "rtept"): routePoints += 1
                case ("gpx", "wpt"): waypoints += 1
                default: break
                }
            }
            if stream.isEmpty {
                // `<trkpt .../>` and `<trkseg/>` have no end node: they end here.
                open.append(name)
                end()
            } else {
                open.append(name)
            }
        }

        private mutating func end() {
            guard let name = open.popLast() else { return }
            guard !open.contains("extensions") else { return }
            switch (open.last, name) {
            case ("trkpt", "ele"): break
            case ("trkpt", "time"): break
            case ("trk", "name"):
                if let text = nameText?.trimmingWhitespace, !text.isEmpty {
                    track?.name = String(text.prefix(GPXFile.maximumNameLength))
                }
                nameText = nil
            case ("trkseg", "trkpt"): finishPoint()
            case ("trk", "trkseg"):
                if let segment, !segment.isEmpty { track?.segments.append(segment) }
                segment = nil
            case ("gpx", "trk"):
                if let track, !track.segments.isEmpty { tracks.append(track) }
                track = nil
            default: break
            }
        }

        private mutating func text(_ value: String) {
            // Only the text of a point's own <ele> and <time> and a track's own <name> (not
            // of an element of the same name inside <extensions>); bounded: an element's
            // text is at most libxml2's 10 MB, and only a few characters are kept.
            let parent = open.dropLast().last
            if elevationText != nil && open.last == "ele" && parent == "trkpt" {
                elevationText?.append(contentsOf: value.prefix(64))
            }
            if timeText != nil && open.last == "time" && parent == "trkpt" {
                timeText?.append(contentsOf: value.prefix(64))
            }
            if nameText != nil && open.last == "name" && parent == "trk" {
                nameText?.append(contentsOf: value.prefix(400))
            }
        }

        private mutating func finishPoint() {
            defer {
                point = nil
                elevationText = nil
                timeText = nil
            }
            guard let point, let latitude = point.latitude, let longitude = point.longitude,
                (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude)
            else {
                offGlobe += 1
                return
            }
            var elevation: Double?
            if let text = elevationText?.trimmingWhitespace, !text.isEmpty {
                elevation = Self.number(text).flatMap { (-1_000.0...10_000.0).contains($0) ? $0 : nil }
                if elevation == nil { badElevations += 1 }
            }
            var time: Instant?
            if let text = timeText?.trimmingWhitespace, !text.isEmpty {
                // GPX times are UTC; files that leave the zone out mean it.
                time = Instant(iso8601: text) ?? (text.utf8.count == 19 ? Instant(iso8601: text + "Z") : nil)
                if time == nil { badTimes += 1 }
            }
            segment?.append(GPXPoint(latitude: latitude, longitude: longitude, elevation: elevation, time: time))
        }

        /// A decimal number as GPX writes one (`37.5665`, `-0.5`, `1e-3`): no `nan`, `inf`
        /// or hexadecimal, which Swift's parser would take.
        static func number(_ text: String?) -> Double? {
            guard let text = text?.trimmingWhitespace, !text.isEmpty, text.utf8.count <= 40,
                text.utf8.allSatisfy({ (48...57).contains($0) || [43, 45, 46, 69, 101].contains($0) }),
                let value = Double(text), value.isFinite
            else { return nil }
            return value
        }
    }
}
