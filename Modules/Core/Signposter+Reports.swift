extension Signposter {
    /// One line of `trace.summary()`.
    public struct SummaryRow: Sendable, Equatable {
        /// The interval name.
        public let name: String
        /// How many intervals had it.
        public let count: Int
        /// Their total, in milliseconds.
        public let totalMilliseconds: Double
        /// The median, in milliseconds.
        public let p50Milliseconds: Double
        /// The 95th percentile (nearest rank), in milliseconds.
        public let p95Milliseconds: Double
    }

    /// Count, total, median and 95th percentile per interval name, largest total first.
    public func summary() -> [SummaryRow] {
        var durations: [String: [Double]] = [:]
        for interval in intervals {
            guard let duration = interval.duration else { continue }
            durations[interval.name, default: []].append(duration / 1000)
        }
        return durations.map { name, values in
            let sorted = values.sorted()
            func rank(_ fraction: Double) -> Double {
                let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
                return sorted[max(0, min(sorted.count - 1, index))]
            }
            return SummaryRow(
                name: name, count: sorted.count, totalMilliseconds: sorted.reduce(0, +), p50Milliseconds: rank(0.5),
                p95Milliseconds: rank(0.95))
        }.sorted {
            $0.totalMilliseconds != $1.totalMilliseconds
                ? $0.totalMilliseconds > $1.totalMilliseconds : $0.name < $1.name
        }
    }

    /// The intervals as a Chrome trace-event document (`traceEvents`, `ph` X for intervals
    /// and i for events, `ts` and `dur` in microseconds), as Perfetto and chrome://tracing
    /// open it once written as JSON (`Formats`' `jsonText`).
    public func chromeTrace(processID: Int = 1) -> Value {
        let events = intervals.map { interval -> Value in
            var fields: [(String, Value)] = [
                ("name", .string(interval.name)), ("cat", .string(interval.category)),
                ("ph", .string(interval.duration == nil ? "i" : "X")), ("ts", .double(interval.start)),
            ]
            if let duration = interval.duration { fields.append(("dur", .double(duration))) }
            fields += [("pid", .int(processID)), ("tid", .int(1))]
            if interval.duration == nil { fields.append(("s", .string("t"))) }
            return .table(Record(fields))
        }
        return .table(Record([("traceEvents", .array(events)), ("displayTimeUnit", .string("ms"))]))
    }
}
