import Core
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The PostgreSQL implementation of `Database`, over a small pool of `PostgresConnection`s.
///
/// - The transaction in progress is per thread (docs/architecture.md): the outermost
///   `transaction` checks a connection out of the pool and binds it to the calling thread
///   until it commits or rolls back; every statement that thread runs meanwhile uses it, and
///   nested calls are savepoints on it. A statement outside any transaction borrows an idle
///   connection for itself. One transaction owns one connection, as libpq requires.
/// - Outermost transactions are `READ COMMITTED` and run again from the start after a
///   serialization failure or deadlock (`PostgresConnection.transaction`); the commit hooks
///   run before each COMMIT, and a failed attempt runs `afterRollback` before the next one,
///   so what the hooks store is rebuilt each time.
/// - `executeScript` (migrations) forgets the statements prepared on every connection, as
///   DDL may change a cached plan's result columns.
/// - Statements use the portable `?` placeholders, translated once per connection and text.
public final class PostgresDatabase: Database, @unchecked Sendable {
    /// A connection with the schema generation its prepared statements were made under.
    private final class Pooled: @unchecked Sendable {
        let connection: PostgresConnection
        var generation: Int
        init(_ connection: PostgresConnection, generation: Int) {
            self.connection = connection
            self.generation = generation
        }
    }

    /// What a thread inside a transaction holds.
    private final class Binding: @unchecked Sendable {
        let pooled: Pooled
        init(_ pooled: Pooled) { self.pooled = pooled }
    }

    private struct State {
        var idle: [Pooled] = []
        var bound: [UInt: Binding] = [:]
        /// The connection a thread borrowed for one statement outside a transaction.
        var lent: [UInt: Pooled] = [:]
        var generation = 0
        var isClosed = false
    }

    /// Idle connections kept for reuse; more are opened when every one is busy, and closed
    /// again when given back beyond this number.
    public static let idleLimit = 4

    private let conninfo: String
    private let searchPath: String?
    /// Seconds a new connection waits for a server that does not answer (`--connect-timeout`).
    private let connectTimeout: Int?
    /// The connect timeouts a person may give, in seconds: from 2 (libpq reads less as 2)
    /// to an hour.
    public static let connectTimeouts = 2...3600
    private let state = Mutex(State())
    private let trips = Mutex(0)
    private let commitHooks = Mutex<CommitHooks?>(nil)
    private let closeHook = Mutex<(@Sendable (any Database) -> Void)?>(nil)
    /// A test schema this database made and drops when it closes or goes away.
    private let scratch = Mutex<String?>(nil)
    /// The first connection while it is opened on a thread of its own (`connectingAhead`),
    /// until the first checkout takes it (or its error).
    private final class Ahead: Sendable {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<Pooled, any Error>?>(nil)
    }
    private let ahead = Mutex<Ahead?>(nil)
    /// Per table: whether this login may `DELETE` from it itself (its owner, or a database
    /// never set up for members) rather than through the server's `app_delete`.
    private let deletesItself = Mutex<[String: Bool]>([:])
    /// Where each outermost transaction is recorded as an interval, if anywhere.
    public let signposter: Signposter?
    /// The server read-only work reads from (`--read-db`, a hot standby), if any.
    private let readerConninfo: String?
    /// Its pool, opened at the first read-only statement. A standby that cannot be reached
    /// then is tried again only `readerRetry` later (a silent one costs the connect timeout
    /// each time): meanwhile reads go to this server.
    private let reader = Mutex<(open: PostgresDatabase?, retryAt: ContinuousClock.Instant?)>((nil, nil))
    /// How long reads go to the primary after the standby could not be reached.
    static let readerRetry = Duration.seconds(30)

    /// Connects (one connection, kept in the pool) and checks the server answers.
    /// - Parameters:
    ///   - conninfo: a `postgres://` or `postgresql://` URL, libpq `key=value` words, or
    ///     `""` for libpq's own `PG*` variables, `~/.pgpass` and service files.
    ///   - searchPath: a schema every connection uses first (`SET search_path`), for
    ///     private test schemas.
    ///   - signposter: records an interval per outermost transaction when given.
    ///   - connectTimeout: seconds each new connection waits for a server that does not
    ///     answer, winning over the string's own (`PostgresConnectSettings`).
    ///   - connectingAhead: returns at once and opens the first connection (loading libpq,
    ///     the TCP connection, the login) on a thread of its own (a detached pthread), so the caller can set
    ///     itself up meanwhile (app-shell's start); the first statement waits for it, and
    ///     throws its errors.
    /// - Throws: `invalid_argument` (field `db`) or `storage.unavailable`, as
    ///   `PostgresConnection.init` (with `connectingAhead`, from the first statement instead).
    ///   - reader: a server that read-only work reads from (`--read-db`: a hot standby of
    ///     this one): statements outside a transaction run there while `ReadOnlyWork` is
    ///     active on their thread, and on this server when it cannot be reached.
    public init(
        _ conninfo: String, searchPath: String? = nil, signposter: Signposter? = nil, connectTimeout: Int? = nil,
        connectingAhead: Bool = false, reader: String? = nil
    ) throws {
        self.conninfo = conninfo
        self.readerConninfo = reader
        self.searchPath = searchPath
        self.signposter = signposter
        self.connectTimeout = connectTimeout
        guard connectingAhead else {
            let first = try Self.connect(conninfo, searchPath: searchPath, connectTimeout: connectTimeout)
            state.withLock { $0.idle.append(Pooled(first, generation: 0)) }
            return
        }
        let ahead = Ahead()
        self.ahead.withLock { $0 = ahead }
        let open: @Sendable () -> Void = {
            let result = Result {
                Pooled(
                    try Self.connect(conninfo, searchPath: searchPath, connectTimeout: connectTimeout), generation: 0)
            }
            ahead.result.withLock { $0 = result }
            ahead.done.signal()
        }
        if !Self.detach(open) { open() }
    }

    /// The work of a thread made by `detach`.
    private final class Work {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `work` on a new detached thread; false when none could be made. A thread of its
    /// own rather than Dispatch's pool: the pool's first worker started 2 to 5 ms after it
    /// was asked for, most of what opening ahead saves (measured with strace).
    private static func detach(_ work: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let made = pthread_create(
            &thread, &attributes,
            { raw in
                if let raw { Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().run() }
                return nil
            }, box)
        guard made == 0 else {
            Unmanaged<Work>.fromOpaque(box).release()
            return false
        }
        return true
    }

    deinit {
        takeAhead()?.connection.close()
        state.withLock { state in
            for pooled in state.idle { pooled.connection.close() }
            state.idle = []
        }
        dropScratchSchema()
    }

    /// The connection opened ahead, once it is open (nil when there is none, or it failed);
    /// the next call returns nil. For closing.
    private func takeAhead() -> Pooled? { try? takeAheadOrThrow() }

    /// The connection opened ahead, once it is open, or its error; nil when there is none
    /// (any more).
    private func takeAheadOrThrow() throws -> Pooled? {
        let taken = ahead.withLock { ahead in
            defer { ahead = nil }
            return ahead
        }
        guard let ahead = taken else { return nil }
        ahead.done.wait()
        return try ahead.result.withLock { $0 }?.get()
    }

    private static func connect(_ conninfo: String, searchPath: String?, connectTimeout: Int?) throws
        -> PostgresConnection
    {
        let connection = try PostgresConnection(
            conninfo, rewrite: SQLDialect.postgreSQL.translate, connectTimeout: connectTimeout)
        if let searchPath {
            try connection.executeScript("SET search_path TO \(Self.quoted(searchPath))")
        }
        return connection
    }

    /// `name` as a quoted SQL identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    private static var currentThread: UInt { UInt(pthread_self()) }

    /// PostgreSQL's dialect.
    public var dialect: SQLDialect { .postgreSQL }

    // MARK: - Connections

    /// The connection bound to this thread, if it is inside a transaction.
    private var binding: Binding? { state.withLock { $0.bound[Self.currentThread] } }

    /// An idle connection (or a new one) with no stale statements. An idle one the server
    /// ended meanwhile (a restart, a terminated session) is closed and passed over, so the
    /// first statement after a restart runs on a new connection instead of failing.
    private func checkOut() throws -> Pooled {
        let early = try takeAheadOrThrow()
        let take = { (first: Pooled?) in
            try self.state.withLock { state -> (Pooled?, Int) in
                if state.isClosed { throw StorageError(.closed, message: "the database is closed") }
                return (first ?? state.idle.popLast(), state.generation)
            }
        }
        var (taken, generation) = try take(early)
        while let idle = taken, !idle.connection.isStillOpen {
            idle.connection.close()
            (taken, generation) = try take(nil)
        }
        let pooled =
            try taken
            ?? Pooled(
                Self.connect(conninfo, searchPath: searchPath, connectTimeout: connectTimeout), generation: generation)
        if pooled.generation != generation {
            try pooled.connection.forgetStatements()
            pooled.generation = generation
        }
        return pooled
    }

    /// Gives a connection back: kept when it is healthy and idle, closed otherwise. A
    /// connection the server dropped is closed, so the next statement opens a new one.
    private func checkIn(_ pooled: Pooled) {
        let keep =
            !pooled.connection.isClosed && !pooled.connection.isLost && !pooled.connection.isInTransaction
            && state.withLock { state in
                guard !state.isClosed, state.idle.count < Self.idleLimit else { return false }
                state.idle.append(pooled)
                return true
            }
        if !keep { pooled.connection.close() }
    }

    /// Times a connection of this database sent something and waited for the server's
    /// answer, over all connections (for tests and benchmarks of round trips).
    public var roundTrips: Int { trips.withLock { $0 } }

    /// Runs `body` on `connection`, counting its round trips.
    private func counting<Result>(
        _ connection: PostgresConnection, _ body: (PostgresConnection) throws -> Result
    ) rethrows -> Result {
        let before = connection.roundTrips
        defer { trips.withLock { $0 += connection.roundTrips - before } }
        return try body(connection)
    }

    /// Runs `body` on this thread's transaction connection, or on a borrowed one.
    private func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        // Inside a transaction, the transaction counts.
        if let binding { return try body(binding.pooled.connection) }
        let thread = Self.currentThread
        // A statement run while this thread's borrowed connection hands out rows (a query in
        // a forEach body) uses it too: libpq has read the whole answer already, so the
        // connection is free, and opening another would cost a login.
        if let lent = state.withLock({ $0.lent[thread] }) { return try body(lent.connection) }
        let pooled = try checkOut()
        state.withLock { $0.lent[thread] = pooled }
        defer {
            state.withLock { _ = $0.lent.removeValue(forKey: thread) }
            checkIn(pooled)
        }
        return try counting(pooled.connection, body)
    }

    // MARK: - Statements

    /// Runs one statement and returns the number of rows it inserted, updated or deleted.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        try withConnection { try $0.execute(sql, arguments) }
    }

    /// Deletes as the login may: with a `DELETE` of its own when it holds the privilege on
    /// the table (asked once per table), else through `app_delete(table, columns,
    /// comparisons, values)`, the set-up server's function that runs the same statement
    /// under the member's row-level security (a member holds no `DELETE`: it would let them
    /// `LOCK TABLE` it against everyone).
    @discardableResult
    public func delete(from table: String, where conditions: [DeleteCondition]) throws -> Int {
        let itself: Bool
        if let known = deletesItself.withLock({ $0[table] }) {
            itself = known
        } else {
            itself =
                try queryOne("SELECT has_table_privilege(CAST(? AS text), 'DELETE')", [.text(table)]) {
                    try $0.bool(0)
                } ?? true
            deletesItself.withLock { $0[table] = itself }
        }
        guard !itself else {
            let statement = DeleteCondition.statement(from: table, where: conditions)
            return try execute(statement.sql, statement.arguments)
        }
        return try queryOne(
            "\(SQLDialect.writesMark) SELECT app_delete(?, CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))",
            [
                .text(table), .text(SQLDialect.arrayLiteral(conditions.map { .text($0.column) })),
                .text(SQLDialect.arrayLiteral(conditions.map { .text($0.comparison.rawValue) })),
                .text(SQLDialect.arrayLiteral(conditions.map(\.value))),
            ]
        ) { try $0.int(0) } ?? 0
    }

    /// Runs one statement for each row of arguments: prepared once, pipelined.
    public func executeEach(_ sql: String, _ rows: [[SQLValue]]) throws {
        try withConnection { try $0.executeEach(sql, rows) }
    }

    /// Inside this thread's transaction, the executions wait for the next statement or the
    /// COMMIT (`PostgresConnection.executeLater`); outside one, `executeEach`.
    public func executeEachLater(
        _ sql: String, count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void
    ) throws {
        var rows: [[SQLValue]] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            var collector: any SQLBinder = SQLValueCollector()
            try bind(index, &collector)
            rows.append((collector as? SQLValueCollector)?.values ?? [])
        }
        guard let binding else { return try executeEach(sql, rows) }
        try binding.pooled.connection.executeLater(sql, rows)
    }

    /// The SCRAM-SHA-256 verifier of `password` for role `user`, made by libpq on one of
    /// the pool's connections (`PostgresConnection.passwordVerifier`); no round trip.
    public func passwordVerifier(_ password: String, user: String) throws -> String {
        try withConnection { try $0.passwordVerifier(password, user: user) }
    }

    /// The login as the server reported it when the connection was made, with no round
    /// trip: `session_user` (`session_authorization`) and whether it is a superuser; nil
    /// when the server did not report both. Waits for a connection opened ahead.
    public func reportedLogin() throws -> (name: String, isSuperuser: Bool)? {
        try withConnection { connection in
            guard let name = connection.parameterStatus("session_authorization"),
                let superuser = connection.parameterStatus("is_superuser"), superuser == "on" || superuser == "off"
            else { return nil }
            return (name, superuser == "on")
        }
    }

    /// Inside this thread's transaction, the query waits for the next statement or the
    /// COMMIT and `body` gets its rows then (`PostgresConnection.forEachLater`); outside
    /// one, at once.
    public func forEachLater(_ sql: String, _ arguments: [SQLValue], _ body: @escaping (Row) -> Void) throws {
        guard let binding else { return try forEach(sql, arguments) { body($0) } }
        try binding.pooled.connection.forEachLater(sql, arguments, body)
    }

    /// True: inside a transaction, `executeEachLater` and `forEachLater` wait for the next
    /// round trip.
    public var defersLaterStatements: Bool { true }

    /// Runs a script (a migration) and makes every connection prepare its statements again.
    public func executeScript(_ sql: String) throws {
        try withConnection { connection in
            try connection.executeScript(sql)
            let generation = state.withLock { state in
                state.generation += 1
                return state.generation
            }
            try connection.forgetStatements()
            binding?.pooled.generation = generation
        }
    }

    /// Runs a query and maps each row.
    public func query<Result>(
        _ sql: String, _ arguments: [SQLValue], _ map: (Row) throws -> Result
    ) throws -> [Result] {
        try reading(
            { reader, delivery in try reader.query(sql, arguments) { try map(delivery.marked($0)) } },
            else: { try $0.query(sql, arguments, map) })
    }

    /// Runs a query and maps its first row, or returns nil when there is none.
    public func queryOne<Result>(
        _ sql: String, _ arguments: [SQLValue], _ map: (Row) throws -> Result
    ) throws -> Result? {
        try reading(
            { reader, delivery in try reader.queryOne(sql, arguments) { try map(delivery.marked($0)) } },
            else: { try $0.queryOne(sql, arguments, map) })
    }

    /// Calls `body` for each row without collecting them.
    public func forEach(_ sql: String, _ arguments: [SQLValue], _ body: (Row) throws -> Void) throws {
        try reading(
            { reader, delivery in try reader.forEach(sql, arguments) { try body(delivery.marked($0)) } },
            else: { try $0.forEach(sql, arguments, body) })
    }

    /// Runs independent queries in one pipeline: one round trip.
    public func forEach(_ batch: [BatchQuery]) throws {
        try reading(
            { reader, delivery in
                try reader.forEach(
                    batch.map { query in BatchQuery(query.sql, query.arguments) { try query.body(delivery.marked($0)) }
                    })
            }, else: { try $0.forEach(batch) })
    }

    /// Whether a row of a read reached the caller (after which the read is never run again
    /// on the primary).
    private final class Delivery {
        private(set) var started = false

        /// `row`, noted as delivered.
        func marked(_ row: Row) -> Row {
            started = true
            return row
        }
    }

    /// A read: on the reader (`onStandby`, marking each row it hands on) when this is
    /// read-only work and a reader is set (`onReader`), else on a connection of this server.
    private func reading<Result>(
        _ onStandby: (PostgresDatabase, Delivery) throws -> Result,
        else onPrimary: (PostgresConnection) throws -> Result
    ) throws -> Result {
        if readerConninfo != nil, ReadOnlyWork.isActive {
            let delivery = Delivery()
            if let read = try onReader(untouched: { !delivery.started }, { try onStandby($0, delivery) }) {
                return read
            }
        }
        return try withConnection(onPrimary)
    }

    /// Runs `body` on the reader when this is read-only work outside any transaction or
    /// borrowed connection of this thread; nil when it is not, or when the reader cannot be
    /// reached (tried again `readerRetry` later) or cancelled the read for a conflict with
    /// its replay, and `untouched` says no row reached the caller yet: the read then goes to
    /// this server. Its other errors are thrown.
    /// - Throws: `invalid_argument` (field `read-db`) when the reader logs in as another
    ///   role than this server: its row security would read for someone else.
    private func onReader<Result>(
        untouched: () -> Bool, _ body: (PostgresDatabase) throws -> Result
    ) throws -> Result? {
        guard let readerConninfo, ReadOnlyWork.isActive, binding == nil, !isClosed else { return nil }
        let thread = Self.currentThread
        guard state.withLock({ $0.lent[thread] == nil }) else { return nil }
        let (open, retryAt) = reader.withLock { $0 }
        if let retryAt, ContinuousClock.now < retryAt { return nil }
        let database: PostgresDatabase
        if let open {
            database = open
        } else {
            guard
                let opened = try? PostgresDatabase(
                    readerConninfo, searchPath: searchPath, signposter: nil, connectTimeout: connectTimeout)
            else {
                reader.withLock { $0.retryAt = ContinuousClock.now + Self.readerRetry }
                return nil
            }
            if let mine = try? reportedLogin()?.name, let theirs = try? opened.reportedLogin()?.name, mine != theirs {
                opened.close()
                throw AppError.invalidArgument(
                    "--read-db logs in as '\(theirs)' and --db as '\(mine)': the standby is read as the same member",
                    field: "read-db")
            }
            database = reader.withLock { current in
                if let kept = current.open { return kept }
                current = (opened, nil)
                return opened
            }
            if database !== opened { opened.close() }
            // Closed meanwhile: the reader goes with it.
            if isClosed {
                reader.withLock { $0.open }?.close()
                return nil
            }
        }
        do {
            return try body(database)
        } catch let error as StorageError where error.failure == .unavailable || error.failure == .conflict {
            if error.failure == .unavailable { reader.withLock { $0.retryAt = ContinuousClock.now + Self.readerRetry } }
            guard untouched() else { throw error }
            return nil
        }
    }

    // MARK: - Transactions

    /// Whether this thread is inside a transaction of this database.
    public var isInTransaction: Bool { binding != nil }

    /// Sets the hooks of every later outermost transaction.
    public func setCommitHooks(_ hooks: CommitHooks?) { commitHooks.withLock { $0 = hooks } }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws;
    /// inside another transaction on this thread, a savepoint that rolls back alone. An
    /// outermost one runs again after a serialization failure or deadlock.
    @discardableResult
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        if let binding {
            return try binding.pooled.connection.transaction { _ in try body() }
        }
        let token = signposter?.begin("transaction", category: "storage")
        defer { if let token { signposter?.end(token) } }
        let pooled = try checkOut()
        let thread = Self.currentThread
        state.withLock { $0.bound[thread] = Binding(pooled) }
        defer {
            state.withLock { _ = $0.bound.removeValue(forKey: thread) }
            checkIn(pooled)
        }
        let hooks = commitHooks.withLock { $0 }
        var hooksRan = false
        do {
            let result = try counting(pooled.connection) { connection in
                try connection.transaction { _ -> Result in
                    if hooksRan {
                        // The previous attempt was rolled back after its hook stored things.
                        hooks?.afterRollback()
                        hooksRan = false
                    }
                    let result = try body()
                    hooksRan = true
                    try hooks?.beforeCommit()
                    return result
                }
            }
            hooks?.afterCommit()
            return result
        } catch {
            if hooksRan { hooks?.afterRollback() }
            throw error
        }
    }

    /// Runs an outermost transaction only when no thread is inside one; returns false at
    /// once otherwise (for the way out of the process).
    @discardableResult
    public func transactionIfIdle(_ body: () throws -> Void) throws -> Bool {
        guard state.withLock({ $0.bound.isEmpty && !$0.isClosed }) else { return false }
        try transaction(body)
        return true
    }

    // MARK: - Closing

    /// Sets what runs just before `close()` closes (storing the buffered events).
    public func setCloseHook(_ hook: (@Sendable (any Database) -> Void)?) { closeHook.withLock { $0 = hook } }

    /// Runs the close hook, then closes every idle connection; a connection still inside a
    /// transaction is closed when that transaction ends. Every later call throws
    /// `storage.closed`. Idempotent.
    public func close() {
        guard !isClosed else { return }
        let hook = closeHook.withLock { hook in
            defer { hook = nil }
            return hook
        }
        hook?(self)
        let idle = state.withLock { state -> [Pooled] in
            state.isClosed = true
            defer { state.idle = [] }
            return state.idle
        }
        for pooled in idle { pooled.connection.close() }
        takeAhead()?.connection.close()
        reader.withLock { $0.open }?.close()
        dropScratchSchema()
    }

    /// Drops the test schema, if this database made one (best effort: the test cluster is
    /// thrown away anyway).
    private func dropScratchSchema() {
        let schema = scratch.withLock { schema in
            defer { schema = nil }
            return schema
        }
        guard let schema else { return }
        Self.dropScratchSchema(server: conninfo, schema: schema)
    }

    /// Whether `close()` ran.
    public var isClosed: Bool { state.withLock { $0.isClosed } }
}

extension PostgresDatabase {
    /// A new, empty schema `t_<random>` on the test server (`APP_SHELL_TEST_POSTGRES`).
    /// - Throws: `storage.unavailable` without a test server or when it cannot be reached.
    public static func makeScratchSchema() throws -> (server: String, schema: String) {
        guard let server = DatabaseBackend.testServer else {
            throw StorageError(
                .unavailable, message: "no PostgreSQL test server: set \(DatabaseBackend.testServerVariable)")
        }
        var random = SystemRandomNumberGenerator()
        let schema = "t_" + String(random.next(), radix: 36)
        let setup = try PostgresConnection(server)
        defer { setup.close() }
        try setup.executeScript("CREATE SCHEMA \(quoted(schema))")
        return (server, schema)
    }

    /// A URL of the test server whose connections use `schema` first (libpq's `options`
    /// parameter), for what opens a database from a location (`--db`, `AppOptions`).
    public static func scratchURL(server: String, schema: String) -> String {
        server + (server.contains("?") ? "&" : "?") + "options=-c%20search_path%3D" + schema
    }

    /// Drops a scratch schema and everything in it (best effort).
    public static func dropScratchSchema(server: String, schema: String) {
        guard let connection = try? PostgresConnection(server) else { return }
        try? connection.executeScript("DROP SCHEMA \(quoted(schema)) CASCADE")
        connection.close()
    }

    /// A database in a new, private schema on the test server (`DatabaseBackend.openScratch`),
    /// dropped with everything in it when the database is closed or deallocated.
    /// - Throws: `storage.unavailable` without `APP_SHELL_TEST_POSTGRES` or a server.
    static func scratch() throws -> PostgresDatabase {
        let (server, schema) = try makeScratchSchema()
        let database = try PostgresDatabase(server, searchPath: schema)
        database.scratch.withLock { $0 = schema }
        return database
    }
}
