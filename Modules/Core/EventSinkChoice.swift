/// The sink `--events-sink` chose, if any (registered in the container).
public struct EventSinkChoice: Sendable {
    /// The sink; nil when none was given.
    public let sink: (any EventSink)?
    /// How it was given, for messages.
    public let description: String

    /// The sink chosen (nil for none) and how messages name it.
    public init(sink: (any EventSink)?, description: String) {
        self.sink = sink
        self.description = description
    }
}
