import Core
import Time

/// A passage marked in an e-reader (a Kindle clipping, a KOReader entry), before it becomes a quote.
public struct Highlight: Sendable, Equatable {
    /// The marked text.
    public var text: String
    /// The printed page, when the reader knows one.
    public var page: Int?
    /// The reader's location (Kindle: `170-172`), used to attach notes; not stored.
    public var location: ClosedRange<Int>?
    /// The note written on it, if any.
    public var note: String?
    /// When it was made.
    public var addedAt: Instant?

    /// A highlight as the e-reader file holds it; it is checked when it becomes a quote.
    public init(
        text: String, page: Int? = nil, location: ClosedRange<Int>? = nil, note: String? = nil, addedAt: Instant? = nil
    ) {
        self.text = text
        self.page = page
        self.location = location
        self.note = note
        self.addedAt = addedAt
    }
}
