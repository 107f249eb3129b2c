import Synchronization
import Time

/// One person's running app: who is acting, the clock, and the container.
///
/// The acting user changes with `app.login`; everything else is fixed for the session.
public final class Session: Sendable {
    private let actingUser: Mutex<User>
    /// The app clock (fixed by `--now` in tests and scripts).
    public let clock: any Clock
    /// The container route handlers resolve their use cases from.
    public let container: Container

    /// A session acting as `user`.
    public init(user: User, clock: any Clock, container: Container) {
        actingUser = Mutex(user)
        self.clock = clock
        self.container = container
    }

    /// The acting user.
    public var user: User { actingUser.withLock { $0 } }

    /// Makes `user` the acting user.
    public func switchUser(to user: User) { actingUser.withLock { $0 = user } }
}
