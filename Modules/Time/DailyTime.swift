/// A time of day, to the minute (`"21:00"`), and the instant it names on a local day.
///
/// Across a daylight-saving change a time of day may not exist (the clock skips from
/// 02:00 to 03:00) or exist twice (it goes back from 02:00 to 01:00). `occurrence(on:in:)`
/// then takes the first minute after the gap (03:00), or the first of the two instants,
/// so that a daily timer fires exactly once every local day.
public struct DailyTime: Sendable, Hashable, CustomStringConvertible {
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int

    /// The time `hour:minute`; nil outside 00:00...23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` or `H:MM` (`"07:30"`, `"7:30"`, `"21:00"`); nil for anything else.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 4 || bytes.count == 5, bytes[bytes.count - 3] == UInt8(ascii: ":"),
            let hour = LocalDay.digits(bytes[0..<(bytes.count - 3)]),
            let minute = LocalDay.digits(bytes[(bytes.count - 2)...])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `07:30`.
    public var description: String { LocalDay.padded(hour, 2) + ":" + LocalDay.padded(minute, 2) }

    /// Seconds after local midnight.
    var secondOfDay: Int { hour * 3600 + minute * 60 }

    /// The instant this time names on `day` in `zone`: in a gap of a daylight-saving change,
    /// the first whole local minute after the gap; in an overlap, the earlier instant.
    public func occurrence(on day: LocalDay, in zone: TimeZoneRules) -> Instant {
        let local = day.dayNumber * 86_400 + secondOfDay
        // Every UTC instant that could show this wall time lies within 15 hours of it; the
        // offsets at both ends are those before and after any change in between.
        let window = 15 * 3600
        let before = zone.offset(atSecondsSince1970: local - window)
        let after = zone.offset(atSecondsSince1970: local + window)
        let valid = Set([before, after, zone.offset(atSecondsSince1970: local)]).map { local - $0 }.filter {
            local - zone.offset(atSecondsSince1970: $0) == $0
        }
        if let first = valid.min() { return Instant(secondsSince1970: first) }
        // A gap: the change lies between the two readings; find its instant.
        var low = min(local - before, local - after)
        var high = max(local - before, local - after)
        let startOffset = zone.offset(atSecondsSince1970: low)
        while low + 1 < high {
            let middle = low + (high - low) / 2
            if zone.offset(atSecondsSince1970: middle) == startOffset { low = middle } else { high = middle }
        }
        let wall = high + zone.offset(atSecondsSince1970: high)
        let intoMinute = wall - Instant.floorDivide(wall, 60) * 60
        return Instant(secondsSince1970: intoMinute == 0 ? high : high + 60 - intoMinute)
    }

    /// The first occurrence strictly after `instant` (today's if it is still to come, else
    /// tomorrow's).
    public func nextOccurrence(after instant: Instant, in zone: TimeZoneRules) -> Instant {
        let today = instant.localDay(in: zone)
        for offset in -1...2 {
            let candidate = occurrence(on: today.adding(days: offset), in: zone)
            if candidate > instant { return candidate }
        }
        return occurrence(on: today.adding(days: 3), in: zone)
    }
}
