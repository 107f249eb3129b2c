#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A re-entrant mutual-exclusion lock guarding one non-Sendable object.
///
/// `Mutex` is not recursive, and a database connection must be: a use case opens a
/// transaction and the repositories it calls inside run their statements on the same
/// connection, on the same thread. This is the one synchronization primitive Storage
/// adds; like `NIOLock` it is `@unchecked Sendable` because the lock is what makes it
/// safe: `guarded` is reached only inside `withLock`.
final class RecursiveLock<Guarded: AnyObject>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let guarded: Guarded

    init(_ guarded: Guarded) {
        self.guarded = guarded
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the guarded object if the lock is free (or already held by this
    /// thread); nil without waiting when another thread holds it.
    func withLockIfAvailable<Result>(_ body: (Guarded) throws -> Result) rethrows -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(guarded)
    }

    /// Runs `body` with the guarded object while holding the lock (re-entrant).
    func withLock<Result>(_ body: (Guarded) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(guarded)
    }
}
