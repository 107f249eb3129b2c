import Core
import Scripting
import Storage
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Stores the buffered events on every way out of the process, so a run's trace is never
/// lost: a normal end and an error exit (from `runShell`), `os.exit` from a script, `-e` or
/// the REPL and any other `exit()` (an `atexit` handler), and SIGTERM (the sentinel's thread
/// sees it; a thread of its own stores them and exits with 143, as the default action's
/// status would be).
enum EventsAtExit {
    private static let target = Mutex<(database: any Database, recorder: EventRecorder)?>(nil)
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
        _ = fcntl(descriptors[1], F_SETFL, O_NONBLOCK)
        let readEnd = descriptors[0]
        terminationWrite.store(descriptors[1], ordering: .releasing)
        // With no sentinel thread nothing would read the pipe: SIGTERM keeps its default
        // action (the process ends, the events of this run with it) rather than be ignored.
        guard Sentinel.shared.watch(readEnd, { terminated(reading: readEnd) }) else { return }
        signal(SIGTERM) { _ in
            var byte: UInt8 = 1
            _ = write(EventsAtExit.terminationWrite.load(ordering: .acquiring), &byte, 1)
        }
    }

    /// On the sentinel's thread, after SIGTERM: a running loop takes it; otherwise a thread
    /// of its own stores the events (waiting for a route that is running to commit, which
    /// the sentinel must not do: the deadline that may end that route is its job) and ends
    /// the process.
    private static func terminated(reading descriptor: Int32) {
        var bytes = (UInt64(0), UInt64(0))
        _ = withUnsafeMutableBytes(of: &bytes) { read(descriptor, $0.baseAddress, $0.count) }
        if let control = loop.withLock({ $0 }), control.terminate() { return }
        Sentinel.shared.unwatch(descriptor)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { _ in
                EventsAtExit.storeAndExit()
                return nil
            }, nil)
        if started == 0 {
            pthread_detach(thread)
        } else {
            storeAndExit()
        }
    }

    /// Stores what is buffered, unless a transaction holds the database (an import
    /// writing, a route stuck on a lock: waiting for it would keep the process past
    /// SIGTERM; the transaction is rolled back as the process ends), and exits with
    /// SIGTERM's status.
    private static func storeAndExit() {
        store()
        exit(128 + SIGTERM)
    }
}
