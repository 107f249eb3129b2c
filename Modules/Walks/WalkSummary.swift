import Time

/// Walk logs summed by week (Monday to Sunday in the clock's zone, by the local day each
/// walk started): pure, no I/O.
public enum WalkSummary {
    /// The weeks that have walks, newest first.
    public static func weeks(of logs: [WalkLog], in zone: TimeZoneRules) -> [WalkWeek] {
        var totals: [LocalDay: (walks: Int, distance: Double, seconds: Int)] = [:]
        for log in logs {
            let day = log.startedAt.localDay(in: zone)
            let monday = day.adding(days: 1 - day.weekday)
            var total = totals[monday] ?? (0, 0, 0)
            total.walks += 1
            total.distance += log.distance
            total.seconds += log.durationSeconds
            totals[monday] = total
        }
        return totals.keys.sorted(by: >).compactMap { monday in
            totals[monday].map {
                WalkWeek(monday: monday, walks: $0.walks, distance: $0.distance, seconds: $0.seconds)
            }
        }
    }

    /// The Monday of the week holding `day`.
    public static func monday(of day: LocalDay) -> LocalDay { day.adding(days: 1 - day.weekday) }
}
