/// Whether two users are mates, for features that must not import Mates (Walks sends
/// requests only to mates). Core declares it; Mates implements it.
public protocol MateDirectory: Sendable {
    /// Whether `userID` and `otherID` are mates.
    func areMates(_ userID: String, _ otherID: String) throws -> Bool
}
