/// One row of `habits.overview`.
public struct HabitSummary: Sendable, Equatable {
    /// The habit's id.
    public let id: String
    /// Its name, as stored (trimmed).
    public let name: String
    /// Whether it is archived.
    public let isArchived: Bool
    /// Its current streak today.
    public let currentStreak: Int
    /// Its completion rate today.
    public let completionRate: Double

    /// A summary of figures already computed (`HabitStatisticsCalculator`).
    public init(id: String, name: String, isArchived: Bool, currentStreak: Int, completionRate: Double) {
        self.id = id
        self.name = name
        self.isArchived = isArchived
        self.currentStreak = currentStreak
        self.completionRate = completionRate
    }
}
