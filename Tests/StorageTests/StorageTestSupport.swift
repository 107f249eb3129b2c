import Dispatch
import Foundation
import Synchronization

/// A database path under the temporary directory with a UUID name.
///
/// `withTemporaryDatabasePath` hands it to a body and then deletes the file and its
/// `-wal`, `-shm` and `-journal` companions, whether the body returned or threw.
func withTemporaryDatabasePath<Result>(_ body: (String) throws -> Result) rethrows -> Result {
    let path = temporaryDatabasePath()
    defer { removeDatabaseFiles(at: path) }
    return try body(path)
}

/// The async form of `withTemporaryDatabasePath`.
func withTemporaryDatabasePath<Result>(_ body: (String) async throws -> Result) async rethrows -> Result {
    let path = temporaryDatabasePath()
    defer { removeDatabaseFiles(at: path) }
    return try await body(path)
}

private func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("storage-tests-\(UUID().uuidString.lowercased()).sqlite").path
}

private func removeDatabaseFiles(at path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
}

/// The errors thrown on worker threads, as text (errors are not `Sendable`).
final class ThreadErrors: Sendable {
    private let errors = Mutex<[String]>([])

    func record(_ error: any Error) { errors.withLock { $0.append(String(describing: error)) } }

    var all: [String] { errors.withLock { $0 } }
}

/// Runs every body on a thread of its own, released together so they overlap, and waits
/// for all of them. Returns what they threw, as text; empty when none failed.
func runOnSeparateThreads(_ bodies: [@Sendable () throws -> Void]) async -> [String] {
    let errors = ThreadErrors()
    let start = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for body in bodies {
        finished.enter()
        let thread = Thread {
            start.wait()
            do { try body() } catch { errors.record(error) }
            finished.leave()
        }
        thread.start()
    }
    for _ in bodies { start.signal() }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        finished.notify(queue: .global()) { continuation.resume() }
    }
    return errors.all
}

/// A value shared between threads behind a mutex.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try value.withLock { try body(&$0) }
    }
}
