import Time

/// The type a route parameter accepts, checked by the router before the handler runs.
public indirect enum ParameterType: Sendable, Equatable {
    /// Any UTF-8 string.
    case string
    /// An integer (a float with an exact integer value is accepted and converted).
    case integer
    /// Any number.
    case number
    /// `true` or `false`.
    case boolean
    /// A calendar day, `"YYYY-MM-DD"`.
    case day
    /// An instant, ISO-8601 with an offset.
    case instant
    /// One of these strings.
    case choice([String])
    /// An array whose items have this type.
    case array(ParameterType)
    /// A table of named fields, described by the record's name (`book`, `place`).
    case record(String)
    /// Any of these types.
    case oneOf([ParameterType])
    /// Any value at all.
    case any

    /// How the type is named in messages, `help` and the LuaLS stubs (which spell types
    /// the same way: `day[]`, `"a"|"b"`, `("a"|"b")[]`).
    public var name: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .day: "day"
        case .instant: "instant"
        case .choice(let options): options.map { "\"\($0)\"" }.joined(separator: "|")
        case .array(.choice(let options)) where options.count > 1: "(\(ParameterType.choice(options).name))[]"
        case .array(.oneOf(let types)) where types.count > 1: "(\(ParameterType.oneOf(types).name))[]"
        case .array(let item): "\(item.name)[]"
        case .record(let name): name
        case .oneOf(let types): types.map(\.name).joined(separator: "|")
        case .any: "any"
        }
    }

    /// `value` converted to this type, or nil when it does not conform.
    ///
    /// Conversions: an integral float to `.integer`, an empty table to an empty array.
    /// Days and instants stay strings here; `Arguments.day(_:)` parses them once.
    public func conform(_ value: Value) -> Value? {
        switch (self, value) {
        case (.any, _): return value
        case (.string, .string): return value
        case (.integer, _): return value.intValue.map(Value.int)
        case (.number, .int), (.number, .double): return value
        case (.boolean, .bool): return value
        case (.day, .string(let text)): return LocalDay(parsing: text) == nil ? Value?.none : value
        case (.instant, .string(let text)): return Instant(iso8601: text) == nil ? Value?.none : value
        case (.choice(let options), .string(let text)): return options.contains(text) ? value : Value?.none
        case (.array(let item), _):
            guard let items = value.arrayValue else { return nil }
            var converted: [Value] = []
            converted.reserveCapacity(items.count)
            for element in items {
                guard let conformed = item.conform(element) else { return nil }
                converted.append(conformed)
            }
            return .array(converted)
        case (.record, _): return value.recordValue.map(Value.table)
        case (.oneOf(let types), _):
            for type in types { if let conformed = type.conform(value) { return conformed } }
            return nil
        default: return nil
        }
    }
}
