import Time

/// How walks' figures read on a card and in `show()`: distance, time and pace in the
/// units a walker reads (km with two decimals, hours and minutes, minutes a km).
public enum WalkFigures {
    /// "850 m", "3.12 km".
    public static func distance(_ metres: Double) -> String {
        guard metres.isFinite, metres >= 0 else { return "?" }
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        let hundredths = Int((metres / 10).rounded())
        let rest = hundredths % 100
        return "\(hundredths / 100).\(rest < 10 ? "0" : "")\(rest) km"
    }

    /// "42 min", "1 h 05 min", "45 s".
    public static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(max(0, seconds)) s" }
        let minutes = (seconds + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
    }

    /// "13:28 /km" from seconds a kilometre; nil for none.
    public static func pace(_ secondsPerKilometre: Double?) -> String? {
        guard let value = secondsPerKilometre, value.isFinite, value > 0, value < 360_000 else { return nil }
        let seconds = Int(value.rounded())
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest) /km"
    }

    /// "Sun 2026-11-29 07:00", in `zone`.
    public static func start(_ instant: Instant, in zone: TimeZoneRules) -> String {
        let day = instant.localDay(in: zone)
        let text = instant.iso8601(in: zone)
        let time = text.dropFirst(11).prefix(5)
        return "\(weekday(day)) \(day) \(time)"
    }

    /// "Mon" to "Sun".
    public static func weekday(_ day: LocalDay) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day.weekday - 1]
    }
}
