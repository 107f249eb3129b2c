import CHTTP
import Core
import Formats
import Time

/// POSTs each batch of events as a JSON array to an `http://` URL, through libcurl loaded on
/// the first flush (start-up never pays for it). Only a 2xx answer means the sink took the
/// batch; anything else fails the flush and deletes nothing.
struct HTTPEventSink: EventSink {
    let url: String
    let timeoutMilliseconds: Int

    func send(_ events: [StoredEvent], zone: TimeZoneRules) throws {
        let body = Value.array(events.map { $0.value(in: zone) }).jsonText
        var status = 0
        var message = [CChar](repeating: 0, count: 256)
        let result = body.withCString { text in
            chttp_post_json(url, text, body.utf8.count, timeoutMilliseconds, &status, &message, message.count)
        }
        guard result == 0 else {
            let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw AppError(
                code: "events.sink_failed",
                message: CredentialRedaction.redacted(String(decoding: bytes, as: UTF8.self)))
        }
        guard (200..<300).contains(status) else {
            throw AppError(
                code: "events.sink_failed", message: "\(CredentialRedaction.redacted(url)) answered HTTP \(status)")
        }
    }
}
