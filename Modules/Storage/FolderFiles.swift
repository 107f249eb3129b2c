import Core

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

    /// The files of the folder at `path` and of its subfolders (one level), by their path
    /// inside it (`Habits.csv`, `001 Run/Checkmarks.csv`), at most `maximum` bytes in all.
    /// Symbolic links, devices and FIFOs inside are passed over, never followed or opened
    /// (a name is opened with `O_NOFOLLOW` and checked again), as are names with a control
    /// character.
    /// - Throws: `invalid_argument` (field `path`) when the folder cannot be read, holds more
    ///   than 10,000 files, or more than `maximum` bytes.
    public static func contents(of path: String, maximum: Int) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var total = 0
        for entry in try entries(of: path) {
            let full = path + "/" + entry.name
            if entry.isFolder {
                for inner in try entries(of: full) where !inner.isFolder {
                    try add("\(entry.name)/\(inner.name)", at: full + "/" + inner.name)
                }
            } else {
                try add(entry.name, at: full)
            }
        }
        return files

        func add(_ name: String, at full: String) throws {
            guard files.count < maximumFiles else {
                throw AppError.invalidArgument("\(path) holds over \(maximumFiles) files", field: "path")
            }
            let bytes = try FileBytes.contents(of: full, maximum: maximum - total, followingLinks: false)
            total += bytes.count
            files[name] = bytes
        }
    }

    /// The regular files and folders directly in `path`, by name, without following links.
    private static func entries(of path: String) throws -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(path) else {
            throw AppError.invalidArgument("cannot read the folder \(path): \(String(cString: strerror(errno)))", field: "path")
        }
        defer { closedir(directory) }
        var found: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
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
