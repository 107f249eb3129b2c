/// A folder named to `app.import`: the paths of its files, listed before anything is read,
/// so a folder of no known format is refused without reading it.
public struct FolderContents: Sendable {
    /// The files' paths inside the folder (`Habits.csv`, `001 Run/Checkmarks.csv`).
    public let paths: [String]
    /// Reads every listed file, at most so many bytes in all.
    public let read: @Sendable (Int) throws -> [String: [UInt8]]

    /// A listing and its reader.
    public init(paths: [String], read: @escaping @Sendable (Int) throws -> [String: [UInt8]]) {
        self.paths = paths
        self.read = read
    }
}
