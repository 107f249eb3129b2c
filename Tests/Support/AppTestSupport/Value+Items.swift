import Core

extension Value {
    /// The items of an array value (empty for anything else).
    public var items: [Value] { arrayValue ?? [] }
}
