/// What an import of a GPX file made: the walks, and what it left out and why.
public struct ImportedWalks: Sendable, Equatable {
    /// The walks made, in the file's order.
    public var logs: [WalkLog]
    /// The points stored with them.
    public var points: Int
    /// Tracks that were there already (the same start and end).
    public var alreadyThere: Int
    /// One line for each thing left out ("track 2 (Evening): it has no times ...").
    public var skipped: [String]

    /// An import's result.
    public init(logs: [WalkLog] = [], points: Int = 0, alreadyThere: Int = 0, skipped: [String] = []) {
        self.logs = logs
        self.points = points
        self.alreadyThere = alreadyThere
        self.skipped = skipped
    }
}
