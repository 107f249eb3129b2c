/// What the details say about one day for every habit of a user: the notes, and which
/// habits skip the day or are paused on it (for `habits.day` and `habits.today`).
public struct HabitDayMarks: Sendable, Equatable {
    /// The note of each habit that has one, by habit id.
    public var notes: [String: String]
    /// The habits that skip the day.
    public var skipped: Set<String>
    /// The habits paused that day.
    public var paused: Set<String>

    /// Marks; empty by default.
    public init(notes: [String: String] = [:], skipped: Set<String> = [], paused: Set<String> = []) {
        self.notes = notes
        self.skipped = skipped
        self.paused = paused
    }
}
