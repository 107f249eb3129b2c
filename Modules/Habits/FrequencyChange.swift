import Core
import Time

/// A habit's frequency from a day on, until the next change: days before a change keep the
/// frequency they had.
public struct FrequencyChange: Sendable, Equatable {
    /// The first day the frequency applies to.
    public let start: LocalDay
    /// The frequency in force from `start` until the next change.
    public let frequency: HabitFrequency

    /// The frequency `frequency` from `start` on.
    public init(start: LocalDay, frequency: HabitFrequency) {
        self.start = start
        self.frequency = frequency
    }
}
