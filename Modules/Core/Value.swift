/// The language-neutral value that crosses the router.
///
/// Lua is one front end and JSON another; both convert to and from `Value`. Integers stay
/// integers (`.int`), arrays stay arrays, and a table keeps the order its keys were added
/// in, so records print the way their route built them.
public enum Value: Sendable, Equatable {
    /// No value; in Lua `nil`, in JSON `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A 64-bit integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A UTF-8 string.
    case string(String)
    /// Bytes that need not be UTF-8 (a JPEG): a Lua string, base64 text in JSON.
    case bytes([UInt8])
    /// A sequence of values (a Lua sequence, a JSON array).
    case array([Value])
    /// Named fields in insertion order (a Lua table with string keys, a JSON object).
    case table(Record)

    /// The name of this value's kind as Lua spells it in messages (`number`, `table` ...).
    public var kindName: String {
        switch self {
        case .null: "nil"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string, .bytes: "string"
        case .array, .table: "table"
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The bytes, when this is `.bytes`.
    public var bytesValue: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// The integer, when this is an integer or a float with an exact integer value.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The number as a `Double`, when this is a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The array, when this is an array (an empty table counts as an empty array).
    public var arrayValue: [Value]? {
        switch self {
        case .array(let items): items
        case .table(let record) where record.isEmpty: []
        default: nil
        }
    }

    /// The record, when this is a table (an empty array counts as an empty table).
    public var recordValue: Record? {
        switch self {
        case .table(let record): record
        case .array(let items) where items.isEmpty: Record()
        default: nil
        }
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A field of a table, or `.null` when absent or when this is not a table.
    public subscript(key: String) -> Value {
        if case .table(let record) = self { return record[key] ?? .null }
        return .null
    }
}

extension Value: ExpressibleByStringLiteral {
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension Value: ExpressibleByFloatLiteral {
    /// A floating-point value.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    /// A boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByArrayLiteral {
    /// An array value.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// A table value whose keys keep the literal's order.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .table(Record(elements))
    }
}
