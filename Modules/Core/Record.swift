/// Named values in insertion order: the fields of a `Value.table`.
///
/// Records are small (a habit has eight fields), so lookup is a linear scan, which beats
/// hashing at this size and keeps the order a route chose for its fields. Setting a key
/// that exists replaces its value in place; setting `.null` removes it, because an absent
/// optional value is a missing key in the contract.
public struct Record: Sendable, Equatable, Sequence {
    /// The fields in order.
    public private(set) var fields: [(key: String, value: Value)]

    /// An empty record.
    public init() { fields = [] }

    /// A record with these fields in this order; `.null` values are left out.
    public init(_ pairs: [(String, Value)]) {
        fields = []
        fields.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The keys in order.
    public var keys: [String] { fields.map(\.key) }

    /// The value for `key`; setting `.null` or `nil` removes the key.
    public subscript(key: String) -> Value? {
        get { fields.first { $0.key == key }?.value }
        set {
            let index = fields.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, .some(let value)) where !value.isNull: fields[index].value = value
            case (let index?, _): fields.remove(at: index)
            case (nil, .some(let value)) where !value.isNull: fields.append((key, value))
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
}
