import Core
import Time

#if canImport(Glibc)
    import Glibc
#endif

/// Chooses stories to resurface; pure and deterministic for a user and a day.
///
/// Weighted sampling without replacement (Efraimidis and Spirakis): each candidate gets
/// the key `u^(1/w)` from a random `u` seeded by the user and the day, and the largest
/// keys win. The weight favours stories shown less often and less recently:
/// `w = (1 / (1 + times shown)) x recency`, recency going from 0.25 (shown yesterday) to
/// 1 (four weeks ago or never).
public struct ReviewSelector: Sendable {
    /// A selector; stateless, the seed comes from the user and the day of each call.
    public init() {}

    /// Up to `count` story ids from `candidates` for `userID` on `day`.
    public func choose(_ count: Int, from candidates: [ReviewCandidate], userID: String, day: LocalDay) -> [String] {
        var generator = SplitMix64(seed: Self.seed(userID: userID, day: day))
        let keyed = candidates.sorted { $0.storyID < $1.storyID }.map { candidate -> (String, Double) in
            let u = Double(generator.next() >> 11 | 1) / Double(1 << 53)
            return (candidate.storyID, log(u) / Self.weight(of: candidate, on: day))
        }
        return keyed.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(count).map(\.0)
    }

    /// The weight of a candidate on `day`.
    public static func weight(of candidate: ReviewCandidate, on day: LocalDay) -> Double {
        let frequency = 1 / Double(1 + candidate.timesShown)
        guard let last = candidate.lastShown else { return frequency }
        let days = Double(max(1, min(28, last.distance(to: day))))
        return frequency * (0.25 + 0.75 * (days - 1) / 27)
    }

    /// FNV-1a of the user id and the day: the same all day, another tomorrow.
    static func seed(userID: String, day: LocalDay) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(userID)|\(day)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
