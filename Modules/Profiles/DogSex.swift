/// A dog's sex (SniffMeet's 남 / 여).
public enum DogSex: String, Sendable, CaseIterable {
    /// 남.
    case male
    /// 여.
    case female
}
