/// What makes a habit measurable: a unit and a daily target that is at least or at most.
public struct HabitMeasure: Sendable, Equatable {
    /// The longest unit, in characters.
    public static let maximumUnitLength = 20
    /// The largest target, and the largest total of a day.
    public static let maximumAmount = 1_000_000.0

    /// The unit, such as "pages" (1 to 20 characters).
    public let unit: String
    /// The day's target, above 0.
    public let target: Double
    /// True when a day is done with a total of at most the target (else at least).
    public let atMost: Bool

    /// A measure (the use case checks the unit and target against the limits above).
    public init(unit: String, target: Double, atMost: Bool) {
        self.unit = unit
        self.target = target
        self.atMost = atMost
    }

    /// `value` without a trailing ".0" when it is whole, for messages.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Whether a day with this total is done.
    public func isMet(by total: Double) -> Bool { atMost ? total <= target : total >= target }
}
