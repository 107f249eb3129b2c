import FoundationEssentials

/// Ids of stored things: lowercase UUIDs, as the contract says.
public enum Identifier {
    /// A new random id (UUID version 4, from the system's secure generator), lowercase.
    public static func random() -> String { UUID().uuidString.lowercased() }

    /// Whether `text` has the shape of an id (a lowercase or uppercase UUID).
    public static func looksLikeIdentifier(_ text: String) -> Bool { UUID(uuidString: text) != nil }
}
