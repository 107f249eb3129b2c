import Core
import Time

/// Creates a habit with a frequency and, for a measurable habit, a unit and a target, in
/// one transaction (the plain `CreateHabit` when neither is given).
public struct CreateDetailedHabit: Sendable {
    let store: HabitDetailsStore

    /// Writes through `store`.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The new habit.
    /// - Throws: `CreateHabit`'s errors; `invalid_argument` for a unit without a target (or
    ///   the reverse), a target not above 0 or over 1,000,000, or a unit over 20 characters.
    public func callAsFunction(
        name: String, start: LocalDay?, frequency: HabitFrequency?, unit: String?, target: Double?, atMost: Bool,
        ownerID: String
    ) throws -> Habit {
        let measure = try Self.measure(unit: unit, target: target, atMost: atMost)
        return try store.base.transactions.transaction {
            let habit = try CreateHabit(store.base)(name: name, start: start, ownerID: ownerID)
            if let frequency, frequency != .daily {
                try store.details.insertFrequency(
                    FrequencyChange(start: habit.startDay, frequency: frequency), habitID: habit.id)
            }
            if let measure { try store.details.insertMeasure(measure, habitID: habit.id) }
            return habit
        }
    }

    static func measure(unit: String?, target: Double?, atMost: Bool) throws -> HabitMeasure? {
        guard unit != nil || target != nil else {
            if atMost {
                throw AppError.invalidArgument("at_most needs a unit and a target", field: "at_most")
            }
            return nil
        }
        guard let target else { throw AppError.invalidArgument("a unit needs a target", field: "target") }
        guard let unit = unit?.trimmingWhitespace, !unit.isEmpty else {
            throw AppError.invalidArgument("a target needs a unit, such as \"pages\"", field: "unit")
        }
        guard unit.count <= HabitMeasure.maximumUnitLength else {
            throw AppError.invalidArgument(
                "a unit is at most \(HabitMeasure.maximumUnitLength) characters, got \(unit.count)", field: "unit")
        }
        guard target.isFinite, target > 0, target <= HabitMeasure.maximumAmount else {
            throw AppError.invalidArgument(
                "a target is above 0 and at most \(Int(HabitMeasure.maximumAmount)), got \(target)", field: "target")
        }
        return HabitMeasure(unit: unit, target: target, atMost: atMost)
    }
}
