/// What a dog is like (SniffMeet's five keywords).
public enum DogKeyword: String, Sendable, CaseIterable {
    /// 활발한.
    case energetic
    /// 똑똑한.
    case smart
    /// 친화력 좋은.
    case friendly
    /// 소심한.
    case shy
    /// 독립적인.
    case independent
}
