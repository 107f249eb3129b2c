/// One track of a GPX file (`<trk>`): its name and its segments (`<trkseg>`), each the
/// points recorded without a break.
public struct GPXTrack: Sendable, Equatable {
    /// `<name>`, when given.
    public var name: String?
    /// The segments in file order, none empty.
    public var segments: [[GPXPoint]]

    /// A track.
    public init(name: String? = nil, segments: [[GPXPoint]]) {
        self.name = name
        self.segments = segments
    }

    /// Every point, segment after segment.
    public var points: [GPXPoint] { segments.flatMap { $0 } }
}
