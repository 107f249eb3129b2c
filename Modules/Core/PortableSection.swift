/// One feature's part of the export document (`habits`, `bookstories`, ...): it writes the
/// acting user's data as a `Value` and takes such a value back in.
///
/// Each feature implements its own section over its own storage and the composition root
/// registers them (`PortableSections`), so Core gathers every feature's data without
/// knowing any feature. A section carries its own `version`: a later version of a feature
/// adds fields (the habits' frequencies, skips and notes) by raising it, and an import
/// refuses a section newer than it knows.
public protocol PortableSection: Sendable {
    /// The key of the section in the document, the module's name.
    var name: String { get }
    /// The version of the section this build writes and the newest it reads.
    var version: Int { get }
    /// The section of `user`'s data, without `version` (the document adds it).
    func export(for user: User) throws -> Record
    /// Adds what `section` holds and the database lacks to `user`'s data; what is there
    /// already (the same id) is kept as it is and counted as skipped. Runs inside the
    /// import's transaction.
    func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws
}
