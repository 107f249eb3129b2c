/// Binds a statement's placeholders in order, straight from the caller's values: bulk
/// inserts bind each row's fields without building a `[SQLValue]` per row.
public protocol SQLBinder {
    /// Binds the next placeholder to an INTEGER, or NULL when nil.
    mutating func bind(_ number: Int?) throws
    /// Binds the next placeholder to TEXT, or NULL when nil.
    mutating func bind(_ text: String?) throws
}

/// A binder that collects the values, for a backend that binds `[SQLValue]` only.
struct SQLValueCollector: SQLBinder {
    var values: [SQLValue] = []

    mutating func bind(_ number: Int?) throws { values.append(.int(number)) }

    mutating func bind(_ text: String?) throws { values.append(.text(text)) }
}
