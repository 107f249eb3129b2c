/// One line of the benchmark table and of `results.json`.
struct BenchResult {
    let name: String
    let ours: Double
    let anchor: Double?
    let unit: String
    let goal: Double
    let note: String
    /// Instructions of ours and of the anchor (callgrind: not moved by the machine's load),
    /// per call for a call, per process for a start-up; nil when not counted.
    var instructions: Double? = nil
    var anchorInstructions: Double? = nil

    var ratio: Double? { anchor.map { $0 > 0 ? ours / $0 : 0 } }
    var met: Bool { ours < goal }

    var json: String {
        func number(_ value: Double?) -> String {
            guard let value, value.isFinite else { return "null" }
            return String(format3(value))
        }
        return
            #"{"name":"\#(name)","ours":\#(number(ours)),"anchor":\#(number(anchor)),"unit":"\#(unit)","ratio":\#(number(ratio)),"goal":\#(number(goal)),"met":\#(met),"instructions":\#(number(instructions)),"anchor_instructions":\#(number(anchorInstructions)),"note":"\#(note.replacingOccurrences(of: "\"", with: "'"))"}"#
    }
}

/// A number with three decimals, trailing zeros dropped.
func format3(_ value: Double) -> String {
    var text = String(Double(Int((value * 1000).rounded())) / 1000)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
