import Core
import Time

/// What Loop Habit Tracker's numbers mean: its frequency (`freq_num` times in `freq_den`
/// days), its days (UTC midnight in milliseconds) and its entry values.
enum LoopFrequency {
    /// Loop's entry values.
    static let yesManual = 2
    static let yesAuto = 1
    static let no = 0
    static let skip = 3
    static let unknown = -1

    /// The frequency of `numerator` times in `denominator` days: 7 days is a week, 30 or 31 a
    /// month (as Loop's own "times per month" writes it), as many times as days is daily.
    static func frequency(numerator: Int, denominator: Int) -> HabitFrequency {
        guard numerator > 0, denominator > 0, numerator < denominator else { return .daily }
        switch denominator {
        case 7: return .perWeek(times: numerator)
        case 30, 31: return .perMonth(times: numerator)
        case ...HabitFrequency.maximumDays: return .inDays(times: numerator, days: denominator)
        default:
            // Over a year: the same share of days in 366.
            return .inDays(
                times: max(1, numerator * HabitFrequency.maximumDays / denominator), days: HabitFrequency.maximumDays)
        }
    }

    /// The phrase for the result when `frequency` is not exactly Loop's.
    static func approximation(numerator: Int, denominator: Int) -> String? {
        if numerator <= 0 || denominator <= 0 {
            return "its frequency \(numerator)/\(denominator) cannot be read; taken as daily"
        }
        if numerator > denominator {
            return "its frequency of \(numerator) times in \(denominator) days is more than once a day; taken as daily"
        }
        if denominator > HabitFrequency.maximumDays {
            return "its frequency of \(numerator) times in \(denominator) days is over a year; counted in 366 days"
        }
        return nil
    }

    /// Loop's numerator and denominator of `frequency`.
    static func fraction(_ frequency: HabitFrequency) -> (Int, Int) {
        switch frequency {
        case .perMonth(let times): (times, 30)
        default: (frequency.numerator, frequency.denominator)
        }
    }

    /// The day of a Loop timestamp (UTC midnight, in milliseconds); nil outside years 1 to 9999.
    static func day(milliseconds: Int) -> LocalDay? {
        let (days, remainder) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let day = LocalDay(dayNumber: remainder < 0 ? days - 1 : days)
        return (LocalDay.minimumYear...LocalDay.maximumYear).contains(day.year) ? day : nil
    }

    /// The mark of a yes/no habit's entry value.
    static func mark(_ value: Int) -> ForeignHabit.Mark {
        switch value {
        case yesManual: .done
        case yesAuto: .derived
        case skip: .skipped
        default: .none
        }
    }

    /// The mark of a Checkmarks.csv value: a name (`YES_MANUAL`, `SKIP` ...), or Loop's
    /// number; a measurable habit's value is its amount in thousandths (or, with a decimal
    /// point, in its unit).
    static func mark(csv text: String, numerical: Bool) -> ForeignHabit.Mark? {
        let value = text.trimmingWhitespace
        switch value.uppercased() {
        case "YES_MANUAL": return .done
        case "YES_AUTO": return .derived
        case "SKIP": return .skipped
        case "NO", "UNKNOWN", "": return ForeignHabit.Mark.none
        default: break
        }
        if numerical {
            if let whole = Int(value) { return whole < 0 ? ForeignHabit.Mark.none : .amount(Double(whole) / 1000) }
            if let amount = Double(value), amount.isFinite {
                return amount < 0 ? ForeignHabit.Mark.none : .amount(amount)
            }
            return nil
        }
        guard let number = Int(value) else { return nil }
        return mark(number)
    }
}
