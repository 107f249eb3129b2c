/// The sink `--events-sink` chose, if any (registered in the container).
public struct EventSinkChoice: Sendable {
    /// The sink; nil when none was given.
    public let sink: (any EventSink)?
    /// How it was given, for messages, its password masked (`CredentialRedaction`).
    public let description: String

    /// The sink chosen (nil for none) and how messages name it (an `http://user:password@`
    /// URL's password is masked here, so no message shows it).
    public init(sink: (any EventSink)?, description: String) {
        self.sink = sink
        self.description = CredentialRedaction.redacted(description)
    }
}
