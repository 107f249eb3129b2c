import Core

/// What recording a completion reads and tries in one step (`CompletionRepository.attempt`,
/// one round trip on a server): the habits a reference may name, with their measures and
/// their completions on the day, and whether the store inserted the new completion for the
/// habit it took the reference to name. `RecordCompletion` judges the call by its own rules
/// on what was read and throws, rolling the insert back with its transaction, when the
/// insert must not stand.
public struct CompletionAttempt: Sendable {
    /// The habit whose id the reference is, when it looks like an id and there is one.
    public var habitWithID: Habit?
    /// The habits named exactly the reference, oldest first.
    public var habitsNamed: [Habit]
    /// The measure of each habit read that is measurable, by habit id.
    public var measures: [String: HabitMeasure]
    /// The completion on the day of each habit read that has one, by habit id, as read
    /// before the insert.
    public var completions: [String: Completion]
    /// The habit the store inserted the new completion for, if it inserted it.
    public var insertedFor: String?

    /// What a store read and did.
    public init(
        habitWithID: Habit?, habitsNamed: [Habit], measures: [String: HabitMeasure],
        completions: [String: Completion], insertedFor: String?
    ) {
        self.habitWithID = habitWithID
        self.habitsNamed = habitsNamed
        self.measures = measures
        self.completions = completions
        self.insertedFor = insertedFor
    }

    /// The habit `reference` names, by the rule of `HabitDependencies.habit`.
    /// - Throws: `habits.not_found`; `habits.ambiguous`.
    func habit(_ reference: String) throws -> Habit {
        try HabitDependencies.choose(reference, withID: habitWithID, named: habitsNamed)
    }
}
