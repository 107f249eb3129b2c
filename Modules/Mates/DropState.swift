/// A drop's state as SniffMeet's `ConnectionState` showed it to the two people: a script
/// follows these (`mates.drop_status`, and `mates.drop` events in the inbox).
public enum DropState: String, Sendable, CaseIterable {
    /// Made, waiting for someone to catch it ("connecting").
    case connecting
    /// Caught: the two see each other and the words, and confirm ("success").
    case success
    /// Cancelled, or caught but not confirmed by both within the 30 seconds ("failure").
    case failure
    /// Nobody caught it within the 30 seconds ("cannot find peer").
    case cannotFindPeer = "cannot_find_peer"
    /// Both confirmed: mates ("profile exchanged!").
    case finished
}
