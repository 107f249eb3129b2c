import Core
import Scripting
import Storage
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Stores the buffered events on every way out of the process, so a run's trace is never
/// lost: a normal end and an error exit (from `runShell`), `os.exit` from a script, `-e` or
/// the REPL and any other `exit()` (an `atexit` handler), and SIGTERM (a thread that stores
/// them and exits with 143, as the default action's status would be).
enum EventsAtExit {
    private static let target = Mutex<(database: any Database, recorder: EventRecorder)?>(nil)
    /// The pipe the SIGTERM handler writes to (async-signal-safe), read by a thread.
    private static let terminationPipe = Mutex<(read: Int32, write: Int32)?>(nil)
    /// The write end again, for the signal handler, which may not take a lock.
    private static let terminationWrite = Atomic<Int32>(-1)

    /// The running `app.loop()`'s control: SIGTERM ends the loop instead of the process.
    private static let loop = Mutex<LoopControl?>(nil)

    /// Stores `container`'s buffered events at exit and on SIGTERM from now on. While an
    /// `app.loop()` runs, SIGTERM ends the loop (which stores the events) and the script goes
    /// on; a SIGTERM with no loop running ends the process as before. Without a database or a
    /// recorder there is nothing to store; one that cannot be made is reported, not taken for
    /// an absent one.
    static func install(_ container: Container, loop control: LoopControl? = nil) {
        loop.withLock { $0 = control }
        let database: any Database
        let recorder: EventRecorder
        do {
            guard let registeredDatabase = try container.resolveIfRegistered((any Database).self),
                let registeredRecorder = try container.resolveIfRegistered(EventRecorder.self)
            else { return }
            (database, recorder) = (registeredDatabase, registeredRecorder)
        } catch {
            Terminal.error("app-shell: events will not be stored at exit: \(AppError.wrapping(error).message)")
            return
        }
        let first = target.withLock { target in
            defer { target = (database, recorder) }
            return target == nil
        }
        guard first else { return }
        atexit { EventsAtExit.store() }
        installTerminationHandler()
    }

    /// Stores what is buffered, unless another thread holds the database (then waiting
    /// could hang the exit; that thread's own commit stores the events it made).
    static func store() {
        guard let (database, recorder) = target.withLock({ $0 }), recorder.bufferedCount > 0 else { return }
        _ = try? database.transactionIfIdle {}
    }

    private static func installTerminationHandler() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        terminationWrite.store(descriptors[1], ordering: .releasing)
        terminationPipe.withLock { $0 = (descriptors[0], descriptors[1]) }
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { _ in
                EventsAtExit.awaitTermination()
                return nil
            }, nil)
        guard started == 0 else { return }
        pthread_detach(thread)
        signal(SIGTERM) { _ in
            var byte: UInt8 = 1
            _ = write(EventsAtExit.terminationWrite.load(ordering: .acquiring), &byte, 1)
        }
    }

    /// On the thread: waits for SIGTERM, stores the events (waiting for a route that is
    /// running to commit) and ends the process.
    private static func awaitTermination() {
        guard let descriptor = terminationPipe.withLock({ $0?.read }) else { return }
        var byte: UInt8 = 0
        while true {
            while read(descriptor, &byte, 1) < 0 && errno == EINTR {}
            guard let control = loop.withLock({ $0 }), control.terminate() else { break }
        }
        if let (database, recorder) = target.withLock({ $0 }), recorder.bufferedCount > 0 {
            _ = try? database.transaction {}
        }
        exit(128 + SIGTERM)
    }
}
