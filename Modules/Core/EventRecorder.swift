import Synchronization

/// Holds the events of route calls until they are stored: with the next transaction's
/// writes when there is one (so reads do not become writes), or in a batch.
///
/// `drainForCommit()` hands the buffer to the transaction about to commit; if that commit
/// fails, `restoreAfterRollback()` puts the events back in front, so none is lost.
public final class EventRecorder: Sendable {
    /// How many buffered events make the middleware store a batch on its own.
    public let batchSize: Int
    private let state = Mutex<
        (buffer: [PendingEvent], inFlight: [PendingEvent], sequence: Int, recent: [PendingEvent])
    >(
        ([], [], 0, []))
    /// How many of the latest events `events(after:)` can still return.
    public static let recentCapacity = 64

    /// A recorder storing a batch every `batchSize` events at the latest.
    public init(batchSize: Int = 256) { self.batchSize = batchSize }

    /// Adds an event; returns how many are buffered.
    @discardableResult
    public func record(_ event: PendingEvent) -> Int {
        state.withLock { state in
            state.buffer.append(event)
            state.sequence += 1
            state.recent.append(event)
            if state.recent.count > Self.recentCapacity { state.recent.removeFirst() }
            return state.buffer.count
        }
    }

    /// How many events were ever recorded (a marker for `events(after:)`).
    public var sequence: Int { state.withLock { $0.sequence } }

    /// The events recorded after `marker` (a `sequence` read earlier), oldest first; at
    /// most the latest `recentCapacity`. `app.on` hooks run over these.
    public func events(after marker: Int) -> [PendingEvent] {
        state.withLock { state in
            let count = min(state.sequence - marker, state.recent.count)
            return count > 0 ? Array(state.recent.suffix(count)) : []
        }
    }

    /// How many events are buffered.
    public var bufferedCount: Int { state.withLock { $0.buffer.count } }

    /// Takes the buffer for the transaction about to commit.
    public func drainForCommit() -> [PendingEvent] {
        state.withLock { state in
            state.inFlight += state.buffer
            state.buffer = []
            return state.inFlight
        }
    }

    /// The transaction committed: its events are stored.
    public func committed() { state.withLock { $0.inFlight = [] } }

    /// The transaction rolled back: its events go back in front of the buffer.
    public func restoreAfterRollback() {
        state.withLock { state in
            state.buffer = state.inFlight + state.buffer
            state.inFlight = []
        }
    }
}
