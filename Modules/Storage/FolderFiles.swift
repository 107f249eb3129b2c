import Core
import Formats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads the files of a folder another app wrote (Loop Habit Tracker's CSV export), for
/// `app.import`: the folder and the folders in it, one level deep, regular files only.
public enum FolderFiles {
    /// The most files read from one folder: 10,000.
    public static let maximumFiles = 10_000

    /// Whether `path` names a folder (following a symbolic link, as the person named it).
    public static func isFolder(_ path: String) -> Bool {
        guard !path.isEmpty, !path.utf8.contains(0) else { return false }
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The paths of the regular files in the folder at `path` and in its subfolders (one
    /// level), by their path inside it (`Habits.csv`, `001 Run/Checkmarks.csv`). Symbolic
    /// links, devices and FIFOs inside are passed over, never followed, as are names with a
    /// control character.
    /// - Throws: `invalid_argument` (field `path`) when the folder cannot be read or holds
    ///   more than 10,000 files.
    public static func listing(of path: String) throws -> [String] {
        var paths: [String] = []
        for entry in try entries(of: path) {
            if entry.isFolder {
                for inner in try entries(of: path + "/" + entry.name) where !inner.isFolder {
                    paths.append("\(entry.name)/\(inner.name)")
                }
            } else {
                paths.append(entry.name)
            }
            guard paths.count <= maximumFiles else {
                throw AppError.invalidArgument("\(path) holds over \(maximumFiles) files", field: "path")
            }
        }
        return paths
    }

    /// The bytes of each of `paths` inside the folder at `path`, at most `maximum` in all;
    /// each is opened with `O_NOFOLLOW`, so a file replaced by a link since the listing is refused.
    /// - Throws: `invalid_argument` (field `path`) for a file that cannot be read, or over
    ///   `maximum` bytes in all.
    public static func contents(of path: String, paths: [String], maximum: Int) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var total = 0
        for name in paths {
            let bytes = try FileBytes.contents(of: path + "/" + name, maximum: maximum - total, followingLinks: false)
            total += bytes.count
            files[name] = bytes
        }
        return files
    }

    /// The listing of the folder at `path` and its reader, or nil when `path` is no folder.
    public static func folder(_ path: String) throws -> FolderContents? {
        guard isFolder(path) else { return nil }
        let paths = try listing(of: path)
        return FolderContents(paths: paths) { maximum in try contents(of: path, paths: paths, maximum: maximum) }
    }

    /// The regular files and folders directly in `path`, by name, without following links.
    private static func entries(of path: String) throws -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(path) else {
            throw AppError.invalidArgument(
                "cannot read the folder \(path): \(String(cString: strerror(errno)))", field: "path")
        }
        defer { closedir(directory) }
        var found: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".."
                || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            {
                continue
            }
            var status = stat()
            guard lstat(path + "/" + name, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG: found.append((name, false))
            case S_IFDIR: found.append((name, true))
            default: continue
            }
            guard found.count <= maximumFiles else {
                throw AppError.invalidArgument("\(path) holds over \(maximumFiles) files", field: "path")
            }
        }
        return found.sorted { $0.name < $1.name }
    }
}
