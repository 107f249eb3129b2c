import Core

/// What members of a shared server may do to the habits' tables, beside `HabitSchema` and
/// `HabitDetailsSchema` (see `TableAccess`): each person's own, and a habit's rows follow it.
enum HabitsTableAccess {
    /// A habit's rows beside the habit itself: each follows its habit.
    static let detailTables = [
        "habit_periods", "habit_completions", "habit_frequencies", "habit_measures", "habit_skips", "habit_pauses",
        "habit_amounts", "habit_notes", "habit_reminders",
    ]

    /// The declarations, in the order setup creates their policies.
    static let tables: [TableAccess] =
        [
            TableAccess.readWrite(
                "habits", policies: [TableAccess.ownerOnly("habits", "owner_id")], export: .section("habits"),
                summary: "the owner only")
        ]
        + detailTables.map { table in
            TableAccess.readWrite(
                table,
                policies: [
                    TableAccess.Policy(
                        "\(table)_owner", "ALL", using: "EXISTS (SELECT 1 FROM habits h WHERE h.id = habit_id)",
                        check: "EXISTS (SELECT 1 FROM habits h WHERE h.id = habit_id)")
                ],
                export: .section(table == "habit_reminders" ? "reminders" : "habits"),
                summary: "follow their habit (whose policy applies inside)")
        }
}
