import Core
import Time

/// What a habit has beyond StackDay's daily yes/no: its frequencies over time, a measure,
/// skipped days, pauses, the day totals of a measurable habit and notes. Empty for a
/// habit created the StackDay way.
public struct HabitDetails: Sendable, Equatable {
    /// The frequency changes, oldest first; a habit without any is daily.
    public var frequencies: [FrequencyChange]
    /// The unit and target of a measurable habit; nil for a yes/no habit.
    public var measure: HabitMeasure?
    /// The skipped days.
    public var skips: Set<LocalDay>
    /// The pauses, by first day.
    public var pauses: [HabitPause]
    /// The total recorded on each day (measurable habits).
    public var amounts: [LocalDay: Double]
    /// The note of each day.
    public var notes: [LocalDay: String]

    /// Details; empty by default.
    public init(
        frequencies: [FrequencyChange] = [], measure: HabitMeasure? = nil, skips: Set<LocalDay> = [],
        pauses: [HabitPause] = [], amounts: [LocalDay: Double] = [:], notes: [LocalDay: String] = [:]
    ) {
        self.frequencies = frequencies.sorted { $0.start < $1.start }
        self.measure = measure
        self.skips = skips
        self.pauses = pauses.sorted { $0.from < $1.from }
        self.amounts = amounts
        self.notes = notes
    }

    /// Whether StackDay's rules apply unchanged: daily throughout, yes/no, nothing skipped or paused.
    public var isPlainDaily: Bool {
        frequencies.allSatisfy(\.frequency.isDaily) && measure == nil && skips.isEmpty && pauses.isEmpty
    }

    /// The frequency on `day`: the last change on or before it, daily before the first.
    public func frequency(on day: LocalDay) -> HabitFrequency {
        frequencies.last { $0.start <= day }?.frequency ?? .daily
    }

    /// The frequency in force now (the last change).
    public var currentFrequency: HabitFrequency { frequencies.last?.frequency ?? .daily }

    /// Whether `day` is skipped or paused: neither eligible nor missed.
    public func isExcused(_ day: LocalDay) -> Bool {
        skips.contains(day) || isPaused(day)
    }

    /// Whether `day` lies in a pause.
    public func isPaused(_ day: LocalDay) -> Bool { pauses.contains { $0.contains(day) } }
}
