/// A dog's size (SniffMeet's 소형 / 중형 / 대형).
public enum DogSize: String, Sendable, CaseIterable {
    /// 소형.
    case small
    /// 중형.
    case medium
    /// 대형 (SniffMeet's `big`).
    case large
}
