import CLua

/// What converting Lua values into Swift (route arguments, `json`, `--json` results) may
/// still use: the bytes left under the memory cap, and a look at the stop switch every
/// so many values, so a huge conversion neither passes `--max-memory` nor outlives
/// `--timeout`.
///
/// The sizes are estimates of the Swift values being built (an enum case, its storage and
/// a share of the collection holding it), not exact counts.
struct ConversionBudget {
    /// What a value costs besides the bytes of its string: the enum case and its slot in
    /// the array, dictionary or field list that holds it.
    static let valueCost = 48
    /// What each entry of a table costs besides its value: the key and the entry of the
    /// intermediate dictionary or field list.
    static let entryCost = 48
    /// How many values are converted between two looks at the stop switch.
    static let stopCheckInterval = 4096

    private let control: UnsafeMutablePointer<clua_control>?
    private var bytesLeft: Int
    private var untilStopCheck = Self.stopCheckInterval

    /// A budget for one conversion on `state`: what the cap leaves after the Lua heap.
    init(state: OpaquePointer) {
        let control = clua_control_of(state)
        self.control = control
        guard let limit = control?.pointee.limit, limit > 0, let used = control?.pointee.used else {
            bytesLeft = Int.max
            return
        }
        bytesLeft = limit > used ? limit - used : 0
    }

    /// Spends `bytes`; throws when the cap is passed or the chunk is being stopped.
    mutating func spend(_ bytes: Int) throws(ConversionLimit) {
        bytesLeft -= bytes
        if bytesLeft < 0 { throw .memory }
        untilStopCheck -= 1
        if untilStopCheck == 0 {
            untilStopCheck = Self.stopCheckInterval
            if let control, clua_stopping(control) != 0 { throw .stopped }
        }
    }
}

/// Why a conversion into Swift was given up.
enum ConversionLimit: Error {
    /// The Swift values would pass the memory cap: Lua's "not enough memory".
    case memory
    /// The chunk is being stopped (timeout, Ctrl-C); the trampoline raises the stop.
    case stopped

    /// The error Lua sees (a string, as Lua's own memory error is).
    var message: String {
        switch self {
        case .memory: "not enough memory"
        case .stopped: "stopped"
        }
    }
}
