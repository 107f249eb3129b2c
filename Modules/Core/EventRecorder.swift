import Synchronization

/// Holds events until they are stored, so that logging never turns a read into a write.
///
/// A route's event is recorded before the route runs, so a route that writes stores its
/// own event in its own transaction: `drainForCommit()` hands the buffer to the
/// transaction about to commit, and `restoreAfterRollback()` puts it back in front when
/// that commit fails, so none is lost. A call that then fails has its event amended with
/// the error code (`markFailed`); reads are stored with the next write, or in a batch.
public final class EventRecorder: Sendable {
    private struct Entry: Sendable {
        let number: Int
        var event: PendingEvent
    }

    /// The buffer and the events in flight keep their events apart from their numbers, so
    /// that handing a batch to the store is a move of the array, not a copy of each event
    /// (every route call records one: a hot path).
    private struct Events: Sendable {
        var events: [PendingEvent] = []
        var numbers: [Int] = []

        mutating func append(_ number: Int, _ event: PendingEvent) {
            events.append(event)
            numbers.append(number)
        }

        /// `self` followed by `other`; `other` is emptied.
        mutating func take(_ other: inout Events) {
            if events.isEmpty {
                swap(&self, &other)
            } else {
                events += other.events
                numbers += other.numbers
                other = Events()
            }
        }
    }

    private struct State: Sendable {
        var buffer = Events()
        var inFlight = Events()
        var sequence = 0
        var recent: [Entry] = []
    }

    /// How many buffered events make the middleware store a batch on its own.
    public let batchSize: Int
    /// How many of the latest events `events(after:)` can still return.
    public static let recentCapacity = 64
    private let state = Mutex(State())

    /// A recorder storing a batch every `batchSize` events at the latest. The default, 1,024,
    /// makes a stored batch's fixed costs (its transaction's locks, the WAL frames of the
    /// table's upper pages, the backlog's check) a quarter of what they were at 256: 14% of a
    /// no-op route call's CPU (docs/performance.md). A process killed with SIGKILL loses at
    /// most that many events of its log; every other way out stores them.
    public init(batchSize: Int = 1024) { self.batchSize = batchSize }

    /// Adds an event; returns its number (for `markFailed`).
    @discardableResult
    public func record(_ event: PendingEvent) -> Int {
        state.withLock { state in
            state.sequence += 1
            state.buffer.append(state.sequence, event)
            state.recent.append(Entry(number: state.sequence, event: event))
            // Trimmed by half its length at a time: removing the first of 64 on every
            // event moved the other 63 (a hot path: every route call records).
            if state.recent.count >= 2 * Self.recentCapacity {
                state.recent.removeFirst(state.recent.count - Self.recentCapacity)
            }
            return state.sequence
        }
    }

    /// Adds the error code to event `number`. If that event was already stored (its
    /// route committed, then failed), a copy with the code is recorded instead.
    public func markFailed(_ number: Int, code: String) {
        state.withLock { state in
            if let index = state.recent.firstIndex(where: { $0.number == number }) {
                state.recent[index].event.params.append(("error", code))
            }
            if let index = state.buffer.numbers.firstIndex(of: number) {
                state.buffer.events[index].params.append(("error", code))
            } else if let stored = state.recent.first(where: { $0.number == number }) {
                state.buffer.append(number, stored.event)
            }
        }
    }

    /// How many events are buffered.
    public var bufferedCount: Int { state.withLock { $0.buffer.events.count } }

    /// How many events were ever recorded (a marker for `events(after:)`).
    public var sequence: Int { state.withLock { $0.sequence } }

    /// The events of user `userID` recorded after `marker` (a `sequence` read earlier),
    /// oldest first; at most the latest `recentCapacity`. `app.on` hooks run over these,
    /// so a hook never sees another user's events.
    public func events(after marker: Int, of userID: String) -> [PendingEvent] {
        state.withLock { state in
            state.recent.suffix(Self.recentCapacity).filter { $0.number > marker && $0.event.userID == userID }.map(
                \.event)
        }
    }

    /// Takes the buffer for the transaction about to commit.
    public func drainForCommit() -> [PendingEvent] {
        state.withLock { state in
            state.inFlight.take(&state.buffer)
            return state.inFlight.events
        }
    }

    /// The transaction committed: its events are stored.
    public func committed() { state.withLock { $0.inFlight = Events() } }

    /// The transaction rolled back: its events go back in front of the buffer.
    public func restoreAfterRollback() {
        state.withLock { state in
            state.inFlight.take(&state.buffer)
            swap(&state.inFlight, &state.buffer)
        }
    }
}
