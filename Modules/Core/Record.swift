/// Named values in insertion order: the fields of a `Value.table`.
///
/// Records are usually small (a habit has eight fields), so up to `indexThreshold` fields
/// lookup is a linear scan, which beats hashing at this size and keeps the order a route
/// chose for its fields. A larger record (a table a script built, such as an options
/// table with thousands of keys) also keeps a key index, so building or reading it stays
/// linear in its size instead of quadratic. Setting a key that exists replaces its value
/// in place; setting `.null` removes it, because an absent optional value is a missing
/// key in the contract.
public struct Record: Sendable, Equatable, Sequence {
    /// The fields in order.
    public private(set) var fields: [(key: String, value: Value)]
    /// Each key's position in `fields`, once there are more than `indexThreshold` fields.
    private var index: [String: Int]?

    /// Up to this many fields, keys are found by a linear scan and no index is kept.
    static let indexThreshold = 16

    /// An empty record.
    public init() { fields = [] }

    /// A record with these fields in this order; `.null` values are left out, and a key
    /// given twice keeps its first place with its last value.
    public init(_ pairs: [(String, Value)]) {
        fields = []
        fields.reserveCapacity(pairs.count)
        guard pairs.count > Self.indexThreshold else {
            for (key, value) in pairs { self[key] = value }
            return
        }
        // Each key's last value in one pass, then the fields in one more: setting keys one at
        // a time rebuilt the index at every removal, quadratic in a document that sets many
        // keys and then sets them to null.
        var last: [String: Value] = Dictionary(minimumCapacity: pairs.count)
        var order: [String] = []
        for (key, value) in pairs where last.updateValue(value, forKey: key) == nil { order.append(key) }
        for key in order {
            if let value = last[key], !value.isNull { fields.append((key, value)) }
        }
        if fields.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($0.element.key, $0.offset) })
        }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The keys in order.
    public var keys: [String] { fields.map(\.key) }

    /// The value for `key`; setting `.null` or `nil` removes the key.
    public subscript(key: String) -> Value? {
        get { position(of: key).map { fields[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let position?, .some(let value)) where !value.isNull: fields[position].value = value
            case (let position?, _): remove(at: position)
            case (nil, .some(let value)) where !value.isNull: append(key, value)
            case (nil, _): break
            }
        }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: Value)]> {
        fields.makeIterator()
    }

    /// Two records are equal when they have the same keys with equal values, in any order.
    public static func == (lhs: Record, rhs: Record) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.fields.allSatisfy { field in rhs[field.key] == field.value }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return fields.firstIndex { $0.key == key }
    }

    private mutating func append(_ key: String, _ value: Value) {
        fields.append((key, value))
        if index != nil {
            index?[key] = fields.count - 1
        } else if fields.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($0.element.key, $0.offset) })
        }
    }

    private mutating func remove(at position: Int) {
        fields.remove(at: position)
        guard index != nil else { return }
        // Removal is rare (an optional set to nil); the positions after it shift down.
        index = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($0.element.key, $0.offset) })
    }
}
