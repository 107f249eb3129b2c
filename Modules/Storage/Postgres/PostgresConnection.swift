import CPostgres
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a PostgreSQL server through libpq, loaded on the first connection (an
/// app on SQLite never loads it). Not shared between threads: one transaction owns it at a
/// time (a pool hands it over); `deinit` closes it.
///
/// - Connects from a `postgres://` or `postgresql://` URL, a `key=value` string, or nothing
///   (`""`): libpq then fills in what is missing from its `PG*` variables, `~/.pgpass` and
///   service files, as `psql` does.
/// - A server that is down or refuses the login is `storage.unavailable` naming the host,
///   port, database and user; never the password.
/// - Each statement is prepared once per connection, cached by its SQL text (as given,
///   before `rewrite`). Parameters go in text format, `SQLValue.blob` in binary (`bytea`);
///   results arrive in text format and are read through `Row`.
/// - SQLSTATEs map to app error codes (`SQLState.appErrorCode`).
/// - `transaction` runs a closure in a transaction, retrying it from the start after a
///   serialization failure or deadlock, never after a commit whose outcome is unknown.
/// - Round trips are saved where the answers can wait: a transaction's `BEGIN` is sent with
///   its first statement, a statement seen for the first time is prepared and run in one
///   pipeline, and a transaction that ran nothing sends nothing (`roundTrips` counts them).
public final class PostgresConnection {
    private var handle: OpaquePointer?
    /// SQL as given -> the name of its prepared statement on this connection.
    private var statements: [String: String] = [:]
    private let rewrite: (String) -> String
    private var transactionDepth = 0
    /// Something whose answer can wait.
    private enum Queued {
        /// `BEGIN`, `SAVEPOINT`, `RELEASE SAVEPOINT`.
        case command(String)
        /// An execution of a statement (`executeLater`).
        case run(sql: String, parameters: PostgresParameters)
        /// A query whose rows go to `body` when its answer arrives (`forEachLater`).
        case read(sql: String, parameters: PostgresParameters, body: (Row) -> Void)

        func isCommand(_ text: String) -> Bool {
            if case .command(let command) = self { return command == text }
            return false
        }
    }

    /// What goes to the server in front of the next statement, script or `COMMIT`, in the
    /// same round trip. A snapshot is taken at a transaction's first statement anyway, not
    /// at `BEGIN`.
    private var queued: [Queued] = []

    /// Whether the transaction's `BEGIN` still waits, so nothing has reached the server.
    private var nothingSent: Bool {
        if case .command(let command) = queued.first { return command.hasPrefix("BEGIN") }
        return false
    }

    /// Whether only commands wait (they can go in one simple query with a script).
    private var onlyCommandsWait: Bool {
        queued.allSatisfy {
            if case .command = $0 { return true }
            return false
        }
    }

    /// The waiting commands, when only commands wait.
    private var waitingCommands: [String] {
        queued.compactMap {
            if case .command(let command) = $0 { return command }
            return nil
        }
    }
    /// How to cancel what the server runs for this connection, registered with
    /// `BlockingWaits` while the connection waits for an answer (the script's deadline and
    /// Ctrl-C cancel it). Freed only by `close` and `deinit`, when no wait can use it.
    private var cancelRequest: PostgresCancelRequest?
    /// How long a `COMMIT` may wait for its answer before it is cancelled: the sessions'
    /// `statement_timeout`, which PostgreSQL itself does not apply to a `COMMIT` waiting for a
    /// synchronous standby (`PostgresCommitWatch`); nil for no limit.
    private let commitLimit: Duration?
    /// The watch of the `COMMIT` (or write outside a transaction) waiting now, through which
    /// a stop of the script cancels it.
    private var commitWatch: PostgresCommitWatch?
    /// Times this connection sent something and waited for the server's answer.
    public private(set) var roundTrips = 0
    /// The server's host (or socket folder), as libpq resolved it.
    public let host: String
    /// The server's port.
    public let port: String
    /// The database name the server connected to (for messages; never the password).
    public let database: String
    /// The login role.
    public let user: String
    /// Whether libpq has been loaded into this process.
    public static var isLibraryLoaded: Bool { cpg_is_loaded() != 0 }

    /// Connects.
    /// - Parameters:
    ///   - conninfo: a `postgres://` / `postgresql://` URL, libpq `key=value` words, or `""`
    ///     for libpq's defaults (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`,
    ///     `PGSERVICE`, `~/.pgpass` ...), with app-shell's defaults in front
    ///     (`PostgresConnectSettings`: a 5-second `connect_timeout`, and TLS with channel
    ///     binding for a server reached over a network).
    ///   - rewrite: applied once to a statement's text when it is first prepared, e.g.
    ///     `SQLDialect.translate` for `?` placeholders; by default the text is PostgreSQL's
    ///     own (`$1`, `$2` ...).
    /// - Throws: `invalid_argument` (field `db`) for a string libpq cannot parse or a URL of
    ///   another scheme; `storage.unavailable` when libpq cannot be loaded, the server cannot
    ///   be reached, or it refuses the login.
    ///   - connectTimeout: seconds a connection attempt waits for a server that does not
    ///     answer, winning over the string's own (`--connect-timeout`).
    public init(
        _ conninfo: String = "", rewrite: @escaping (String) -> String = { $0 }, connectTimeout: Int? = nil
    ) throws {
        try Self.checkScheme(conninfo)
        var message = [CChar](repeating: 0, count: 512)
        guard cpg_load(&message, message.count) == 0 else {
            throw StorageError(.unavailable, message: Self.text(message))
        }
        let likely = Self.likelyPassword(in: conninfo)
        let settings = try PostgresConnectSettings.forProcess(conninfo, connectTimeout: connectTimeout) {
            Self.scrub(Self.oneLine($0), likely)
        }
        let password = try? PostgresConnectSettings.option("password", in: conninfo)
        guard let handle = settings.connect() else {
            throw StorageError(.unavailable, message: "cannot connect to PostgreSQL: out of memory")
        }
        host = cpg_host(handle).map { String(cString: $0) } ?? ""
        port = cpg_port(handle).map { String(cString: $0) } ?? ""
        database = cpg_db(handle).map { String(cString: $0) } ?? ""
        user = cpg_user(handle).map { String(cString: $0) } ?? ""
        self.rewrite = rewrite
        commitLimit = settings.statementTimeout
        guard Int(cpg_status(handle)) == CPG_CONNECTION_OK else {
            let reason = Self.oneLine(cpg_error_message(handle).map { String(cString: $0) } ?? "")
            cpg_finish(handle)
            let place = "database \"\(database)\" on \(host):\(port) as \(user)"
            throw StorageError(
                .unavailable,
                message:
                    "cannot connect to \(place): \(Self.scrub(reason, password ?? Self.likelyPassword(in: conninfo)))"
            )
        }
        cpg_quiet_notices(handle)
        self.handle = handle
        cancelRequest = PostgresCancelRequest(connection: handle)
    }

    deinit {
        cancelRequest?.free()
        if let handle { cpg_finish(handle) }
    }

    /// Closes the connection; every later call throws `storage.closed`. Idempotent.
    public func close() {
        cancelRequest?.free()
        cancelRequest = nil
        if let handle { cpg_finish(handle) }
        handle = nil
        statements = [:]
        queued = []
    }

    /// The SCRAM-SHA-256 verifier the server stores for `password` of role `user`, made by
    /// libpq (`PQencryptPasswordConn`, as `psql`'s `\password`: SASLprep, a random salt,
    /// 4,096 iterations), so `CREATE ROLE ... PASSWORD` carries it and never the password.
    /// - Throws: `storage.closed`; `storage.other` with libpq's reason when it cannot make one.
    public func passwordVerifier(_ password: String, user: String) throws -> String {
        let handle = try openHandle()
        guard let verifier = cpg_encrypt_password(handle, password, user, "scram-sha-256") else {
            let reason = Self.oneLine(cpg_error_message(handle).map { String(cString: $0) } ?? "")
            throw StorageError(.other, message: "cannot make the password's verifier: \(reason)")
        }
        defer { cpg_freemem(verifier) }
        return String(cString: verifier)
    }

    /// Whether `close()` ran.
    public var isClosed: Bool { handle == nil }

    /// Whether the server dropped this connection (a restart, a terminated backend, a
    /// network gone): libpq says so once a statement found it out. Nothing more runs on it.
    public var isLost: Bool { handle.map { Int(cpg_status($0)) != CPG_CONNECTION_OK } ?? false }

    /// Whether this idle connection is still open, with no round trip and no wait: a server
    /// that shut down or ended the session wrote its goodbye on it, which this reads first
    /// (`cpg_still_open`). A network gone silently still looks open.
    public var isStillOpen: Bool { handle.map { cpg_still_open($0) != 0 } ?? false }

    /// The server process serving this connection (`pg_backend_pid()`).
    public var backendProcessID: Int32 { handle.map { cpg_backend_pid($0) } ?? 0 }

    /// The server's version, e.g. 150018.
    public var serverVersion: Int { handle.map { Int(cpg_server_version($0)) } ?? 0 }

    /// A parameter the server reported at the login, with no round trip (`PQparameterStatus`):
    /// PostgreSQL reports `session_authorization` (the session user) and `is_superuser`,
    /// among others. Nil when it did not report it (an engine that only speaks the protocol).
    public func parameterStatus(_ name: String) -> String? {
        guard let handle, let value = cpg_parameter_status(handle, name) else { return nil }
        return String(cString: value)
    }

    /// Forgets every prepared statement (`DEALLOCATE ALL`), so the next use prepares it
    /// again: after DDL, a plan whose result columns changed would fail with `0A000`.
    public func forgetStatements() throws {
        guard !statements.isEmpty else { return }
        try executeScript("DEALLOCATE ALL")
        statements = [:]
    }

    /// Statements prepared on this connection so far.
    public var preparedStatementCount: Int { statements.count }

    /// Whether a transaction is open on this connection (`transaction` or a `BEGIN`),
    /// including one whose `BEGIN` waits for its first statement.
    public var isInTransaction: Bool {
        guard let handle else { return false }
        if !queued.isEmpty { return true }
        let status = Int(cpg_transaction_status(handle))
        return status == CPG_TRANS_INTRANS || status == CPG_TRANS_INERROR || status == CPG_TRANS_ACTIVE
    }

    // MARK: - Statements

    /// Runs one statement; returns the rows it inserted, updated or deleted itself (0 for a
    /// statement that is no INSERT, UPDATE, DELETE or MERGE).
    @discardableResult
    public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int {
        let result = try run(sql, arguments)
        defer { cpg_clear(result) }
        // libpq counts a SELECT's rows too; only writes count here, as in SQLite.
        guard let tag = cpg_cmd_status(result), case let first = UInt8(bitPattern: tag.pointee),
            first == UInt8(ascii: "I") || first == UInt8(ascii: "U") || first == UInt8(ascii: "D")
                || first == UInt8(ascii: "M")  // MERGE
        else { return 0 }
        return cpg_cmd_tuples(result).flatMap { Int(String(cString: $0)) } ?? 0
    }

    /// Runs a query and maps each row.
    public func query<Result>(
        _ sql: String, _ arguments: [SQLValue] = [], _ map: (Row) throws -> Result
    ) throws -> [Result] {
        var rows: [Result] = []
        try forEach(sql, arguments) { rows.append(try map($0)) }
        return rows
    }

    /// Runs a query and maps its first row, or returns nil when there is none.
    public func queryOne<Result>(
        _ sql: String, _ arguments: [SQLValue] = [], _ map: (Row) throws -> Result
    ) throws -> Result? {
        let result = try run(sql, arguments)
        defer { cpg_clear(result) }
        guard cpg_ntuples(result) > 0 else { return nil }
        return try map(Row(postgres: PostgresRow(result: result, row: 0)))
    }

    /// Calls `body` for each row of a query.
    public func forEach(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        let result = try run(sql, arguments)
        defer { cpg_clear(result) }
        let count = cpg_ntuples(result)
        var row: Int32 = 0
        while row < count {
            try body(Row(postgres: PostgresRow(result: result, row: row)))
            row += 1
        }
    }

    /// Runs queries that do not depend on one another in one pipeline (one round trip, with
    /// a waiting `BEGIN` and the PREPAREs of statements new to this connection), then calls
    /// each one's `body` for its rows, in order. The first failure is thrown once every
    /// answer is read.
    public func forEach(_ batch: [BatchQuery]) throws {
        guard batch.count > 1 else {
            if let query = batch.first { try forEach(query.sql, query.arguments, query.body) }
            return
        }
        let handle = try openHandle()
        let parameters = try batch.map { try PostgresParameters($0.arguments) }
        let results = try pipeline(batch.map(\.sql), parameters, on: handle)
        defer { results.forEach { cpg_clear($0) } }
        for (query, result) in zip(batch, results) {
            let count = cpg_ntuples(result)
            var row: Int32 = 0
            while row < count {
                try query.body(Row(postgres: PostgresRow(result: result, row: row)))
                row += 1
            }
        }
    }

    /// Runs a script of statements separated by semicolons, with no arguments and nothing
    /// prepared (migrations, `BEGIN`, `SET`).
    public func executeScript(_ sql: String) throws {
        let handle = try openHandle()
        // Waiting statements go first, in a pipeline of their own.
        if !onlyCommandsWait { try pipeline([], [PostgresParameters](), keep: false, on: handle) }
        // Waiting commands go first in the same simple query: an explicit BEGIN keeps the
        // transaction open after the script, as if it had been sent alone.
        let script = (waitingCommands + [sql]).joined(separator: "; ")
        queued = []
        roundTrips += 1
        let result = awaitingServer { cpg_exec(handle, script) }
        try check(result, sql)
        cpg_clear(result)
    }

    /// Rows of arguments sent in one pipeline (one round trip). Each answer is a few dozen
    /// bytes, so a batch's answers fit in the socket buffers and a blocking connection
    /// cannot deadlock sending while the server waits to send.
    static let pipelineBatch = 500

    /// Runs one statement for each row of arguments (bulk inserts): prepared once, sent in
    /// pipelines of up to 500 rows, one round trip each. All rows happen or none: outside a
    /// transaction they get one of their own. Every row's arguments are checked before
    /// anything is sent; the first failing row's error is thrown.
    public func executeEach(_ sql: String, _ rows: [[SQLValue]]) throws {
        guard !rows.isEmpty else { return }
        let handle = try openHandle()
        let batches = try rows.map(PostgresParameters.init)
        let own = !isInTransaction
        // Its BEGIN travels with the first pipeline, as a transaction's does.
        if own { queued = [.command("BEGIN")] }
        do {
            var start = 0
            while start < batches.count {
                let end = min(start + Self.pipelineBatch, batches.count)
                try pipeline([sql], batches[start..<end], keep: false, on: handle)
                start = end
            }
            if own { try commit() }
        } catch {
            if own { rollbackQuietly() }
            throw error
        }
    }

    /// Runs one statement for each row of arguments, as `executeEach`, but inside a
    /// transaction opened by `transaction` the executions wait and go with the next
    /// statement, script or `COMMIT` (no round trip of their own); an error then surfaces
    /// there and fails the transaction. For writes whose failure fails the transaction
    /// anyway (events). Outside such a transaction, `executeEach`.
    public func executeLater(_ sql: String, _ rows: [[SQLValue]]) throws {
        guard transactionDepth > 0 else { return try executeEach(sql, rows) }
        let parameters = try rows.map(PostgresParameters.init)
        queued += parameters.map { .run(sql: sql, parameters: $0) }
    }

    /// A query whose rows are not needed before the transaction ends (the event counter's
    /// `UPDATE ... RETURNING`): inside a transaction opened by `transaction` it waits and
    /// goes with the next statement, script or `COMMIT`, and `body` gets its rows when that
    /// answer arrives, which may be after the COMMIT; a failure fails the transaction there.
    /// So `body` cannot fail, and it is not called when the query did not run. Outside such
    /// a transaction, at once.
    public func forEachLater(_ sql: String, _ arguments: [SQLValue], _ body: @escaping (Row) -> Void) throws {
        guard transactionDepth > 0 else { return try forEach(sql, arguments) { body($0) } }
        queued.append(.read(sql: sql, parameters: try PostgresParameters(arguments), body: body))
    }

    /// What a pipeline sent, in order.
    private enum Step: Equatable {
        case command(String)
        case prepare(sql: String, name: String)
        /// A waiting execution: its answer is read and dropped.
        case waiting(sql: String)
        /// A waiting query: its rows go to the body of `reads[index]`.
        case waitingRead(sql: String, index: Int)
        case execute
    }

    /// Sends the waiting commands, the PREPARE of each statement this connection has not
    /// prepared, one execution per element of `parameters` (of `sqls[i]`, or of the one
    /// statement when `sqls` holds one) and one sync, then reads every answer: one round
    /// trip. Returns each execution's result when `keep` (to be cleared), else nothing.
    @discardableResult
    private func pipeline(
        _ sqls: [String], _ parameters: some Collection<PostgresParameters>, keep: Bool = true,
        on handle: OpaquePointer
    ) throws -> [OpaquePointer] {
        let waiting = queued
        queued = []
        let described = " (in: \(sqls.first?.prefix(80) ?? ""))"
        guard cpg_enter_pipeline_mode(handle) == 1 else { throw connectionError(described) }
        defer { cpg_exit_pipeline_mode(handle) }
        var steps: [Step] = []
        steps.reserveCapacity(waiting.count + parameters.count + 2)
        var reads: [(Row) -> Void] = []
        var planned = 0
        var names: [String: String] = [:]
        var fresh = 0
        /// The statement's name, sending its PREPARE first if this connection has none.
        func name(of sql: String) -> String? {
            if let name = names[sql] ?? statements[sql] { return name }
            // Names stay unique: after a failed PREPARE the server skips the rest of the
            // pipeline, so only the ones before it are kept and counted.
            fresh += 1
            let name = "app_\(statements.count + fresh)"
            names[sql] = name
            planned += 1
            guard cpg_send_prepare(handle, name, rewrite(sql), 0, nil) == 1 else { return nil }
            steps.append(.prepare(sql: sql, name: name))
            return name
        }
        func send(_ sql: String, _ arguments: PostgresParameters, as step: Step) -> Bool {
            guard let name = name(of: sql) else { return false }
            planned += 1
            let sent = arguments.withArrays { values, lengths, formats in
                cpg_send_query_prepared(handle, name, arguments.count, values, lengths, formats, 0)
            }
            guard sent == 1 else { return false }
            steps.append(step)
            return true
        }
        var sending = true
        for item in waiting where sending {
            switch item {
            case .command(let command):
                // Prepared once per connection like a statement: parsed anew every time,
                // `BEGIN ISOLATION LEVEL READ COMMITTED` cost the server 20 µs a transaction.
                sending = send(command, PostgresParameters.none, as: .command(command))
            case .run(let sql, let arguments):
                sending = send(sql, arguments, as: .waiting(sql: sql))
            case .read(let sql, let arguments, let body):
                sending = send(sql, arguments, as: .waitingRead(sql: sql, index: reads.count))
                if sending { reads.append(body) }
            }
        }
        for (index, arguments) in parameters.enumerated() where sending {
            sending = send(sqls.count == 1 ? sqls[0] : sqls[index], arguments, as: .execute)
        }
        if !sending { planned += 1 }  // something was not sent: never equal to the steps
        let synced = cpg_pipeline_sync(handle) == 1
        roundTrips += 1
        var first: StorageError?
        var kept: [OpaquePointer] = []
        var executed = 0
        awaitingServer {
            for step in steps {
                // Each statement's results end with NULL. After a failure the server skips the
                // rest (PIPELINE_ABORTED) up to the sync.
                let sql: String
                switch step {
                case .command(let command): sql = command
                case .prepare(let text, _): sql = text
                case .waiting(let text): sql = text
                case .waitingRead(let text, _): sql = text
                case .execute: sql = sqls.count == 1 ? sqls[0] : sqls[executed]
                }
                var answered = false
                while let result = cpg_get_result(handle) {
                    let status = Int(cpg_result_status(result))
                    if status == CPG_FATAL_ERROR {
                        if first == nil { first = error(of: result, sql) }
                    } else if case .prepare(let text, let name) = step, status == CPG_COMMAND_OK {
                        // Prepared for good: a statement outlives a rolled-back transaction.
                        statements[text] = name
                    } else if case .waitingRead(_, let index) = step, status == CPG_TUPLES_OK {
                        let count = cpg_ntuples(result)
                        var row: Int32 = 0
                        while row < count {
                            reads[index](Row(postgres: PostgresRow(result: result, row: row)))
                            row += 1
                        }
                    } else if step == .execute, keep, !answered, status == CPG_TUPLES_OK || status == CPG_COMMAND_OK {
                        answered = true
                        kept.append(result)
                        continue
                    }
                    cpg_clear(result)
                }
                if step == .execute { executed += 1 }
            }
            if synced, let result = cpg_get_result(handle) { cpg_clear(result) }
        }
        if first != nil || steps.count != planned || !synced {
            kept.forEach { cpg_clear($0) }
            throw first ?? connectionError(described)
        }
        return kept
    }

    // MARK: - Transactions

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// After a serialization failure or deadlock (`storage.conflict`), in the body or at
    /// COMMIT, the server has rolled everything back, so the whole body runs again, up to
    /// `retry.attempts` times, after a jittered wait. When the connection is lost during
    /// COMMIT the outcome is unknown: that is `storage.outcome_unknown` and never retried. A
    /// body that swallowed a statement's error cannot commit (the server aborted the
    /// transaction): `storage.error`. Inside another transaction on this connection, a
    /// savepoint that rolls back alone (and is never retried by itself).
    @discardableResult
    public func transaction<Result>(
        isolation: PostgresIsolation = .readCommitted, retry: PostgresRetryPolicy = .standard,
        _ body: (PostgresConnection) throws -> Result
    ) throws -> Result {
        if transactionDepth > 0 { return try savepoint(body) }
        var attempt = 1
        while true {
            queued = [.command("BEGIN ISOLATION LEVEL \(isolation.rawValue)")]
            transactionDepth = 1
            do {
                let result = try body(self)
                try commit()
                transactionDepth = 0
                return result
            } catch let error as StorageError where error.failure == .conflict && attempt < retry.attempts {
                transactionDepth = 0
                rollbackQuietly()
                retry.wait(after: attempt)
                attempt += 1
            } catch {
                transactionDepth = 0
                rollbackQuietly()
                if let error = error as? StorageError, error.failure == .conflict, attempt > 1 {
                    throw StorageError(.conflict, message: "\(error.message) (after \(attempt) attempts)")
                }
                throw error
            }
        }
    }

    private func commit() throws {
        let handle = try openHandle()
        if nothingSent && onlyCommandsWait {
            // No statement ran: nothing was opened on the server, so nothing to commit.
            queued = []
            return
        }
        if Int(cpg_transaction_status(handle)) == CPG_TRANS_INERROR {
            throw StorageError(
                .other, message: "the transaction was aborted by an earlier failed statement, so it cannot commit")
        }
        let (answer, cutShort) = watchingCommit { () throws -> Void in
            if onlyCommandsWait {
                // Waiting RELEASEs travel with the COMMIT, in one simple query.
                let script = (waitingCommands + ["COMMIT"]).joined(separator: "; ")
                queued = []
                roundTrips += 1
                let result = awaitingServer { cpg_exec(handle, script) }
                try check(result, script)
                cpg_clear(result)
            } else {
                // Waiting executions too: a pipeline that ends with the COMMIT, which the
                // server skips when one of them failed.
                queued.append(.command("COMMIT"))
                try pipeline([], [PostgresParameters](), keep: false, on: handle)
            }
        }
        switch answer {
        case .success where cutShort:
            // Cancelled while it waited, yet answered success: PostgreSQL's "canceling wait
            // for synchronous replication": committed here, maybe not on the standby.
            throw waitCutShort("the COMMIT", committed: "the transaction")
        case .success:
            return
        case .failure(let error as StorageError) where error.failure == .unavailable:
            throw Self.lostWhileCommitting(error, "the transaction")
        case .failure(let error):
            throw error
        }
    }

    /// `SAVEPOINT` and `RELEASE SAVEPOINT` wait for the next thing sent (a savepoint in
    /// which nothing ran sends neither); a rollback to it is sent at once.
    private func savepoint<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        let name = "app_savepoint_\(transactionDepth)"
        let opening = "SAVEPOINT \(name)"
        queued.append(.command(opening))
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body(self)
            if queued.last?.isCommand(opening) == true {
                queued.removeLast()
            } else {
                queued.append(.command("RELEASE SAVEPOINT \(name)"))
            }
            return result
        } catch {
            if let start = queued.lastIndex(where: { $0.isCommand(opening) }) {
                // Not sent yet, nor anything after it: nothing to roll back on the server.
                queued.removeSubrange(start...)
            } else {
                // Everything still waiting was queued after the SAVEPOINT went out (the queue
                // goes out whole), so it belongs to what is rolled back: drop it. Fails only
                // when the connection is gone or the whole transaction is doomed; the
                // outermost transaction then rolls back.
                queued = []
                try? executeScript("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
    }

    private func rollbackQuietly() {
        let sent = !nothingSent
        queued = []
        guard sent, let handle, Int(cpg_status(handle)) == CPG_CONNECTION_OK,
            Int(cpg_transaction_status(handle)) != CPG_TRANS_IDLE
        else { return }
        roundTrips += 1
        if let result = awaitingServer({ cpg_exec(handle, "ROLLBACK") }) { cpg_clear(result) }
    }

    // MARK: - Running statements

    /// Runs `body`, which waits for the server, with this connection's cancel request
    /// registered (`BlockingWaits`): a stop of the script cancels the statement.
    private func awaitingServer<Result>(_ body: () throws -> Result) rethrows -> Result {
        if let commitWatch {
            return try BlockingWaits.shared.during({ commitWatch.cancel() }, within: commitLimit, body)
        }
        guard let cancelRequest else { return try body() }
        return try BlockingWaits.shared.during({ cancelRequest.send() }, body)
    }

    private func openHandle() throws -> OpaquePointer {
        guard let handle else { throw StorageError(.closed, message: "the database is closed") }
        return handle
    }

    /// Runs a prepared statement and returns its successful result (to be cleared).
    ///
    /// Outside a transaction a write commits as it ends, and on a primary with a synchronous
    /// standby waits for the standby, which `statement_timeout` does not count: its wait is
    /// watched as a `COMMIT`'s is (`PostgresCommitWatch`), and one cut short that still
    /// answers success is `storage.outcome_unknown`. The limit, the session's
    /// `statement_timeout`, counts from when the statement is sent, its run and the wait
    /// together: a write that itself ran long leaves the standby the rest (twice the limit
    /// would reach the scripts' 60-s callback deadline at the defaults, which would stop a
    /// hook before it could catch the error). A write is a statement that starts with
    /// `INSERT`, `UPDATE`, `DELETE` or `MERGE`, or with `SQLDialect.writesMark` (`writes`); a
    /// read is not watched, so a waiting loop's looks start no watcher thread. A write whose
    /// connection is lost once sent is `storage.outcome_unknown` too, as a `COMMIT`'s is: the
    /// server may have committed it before the connection went (a read stays
    /// `storage.unavailable`).
    private func run(_ sql: String, _ arguments: [SQLValue]) throws -> OpaquePointer {
        let handle = try openHandle()
        let parameters = try PostgresParameters(arguments)
        guard !isInTransaction, Self.writes(sql) else {
            return try runNow(sql, parameters, on: handle)
        }
        let sent = Int(cpg_status(handle)) == CPG_CONNECTION_OK
        let (answer, cutShort) = watchingCommit { try runNow(sql, parameters, on: handle) }
        let result: OpaquePointer
        switch answer {
        case .success(let answered): result = answered
        case .failure(let error as StorageError) where error.failure == .unavailable && sent:
            throw Self.lostWhileCommitting(error, "the statement")
        case .failure(let error): throw error
        }
        guard cutShort else { return result }
        cpg_clear(result)
        throw waitCutShort("the statement", committed: "it", in: sql)
    }

    /// Runs `body`, which waits for a commit's answer, with a `PostgresCommitWatch`
    /// registered (`awaitingServer`) when the connection can cancel; returns its outcome and
    /// whether the watch cancelled meanwhile.
    private func watchingCommit<Result>(_ body: () throws -> Result) -> (
        answer: Swift.Result<Result, any Error>, cutShort: Bool
    ) {
        guard let cancelRequest else { return (Swift.Result { try body() }, false) }
        let watch = PostgresCommitWatch(request: cancelRequest)
        commitWatch = watch
        let answer = Swift.Result { try body() }
        commitWatch = nil
        return (answer, watch.finish())
    }

    /// `storage.outcome_unknown` for `what` (the transaction, a write outside one), whose
    /// connection was `lost` while its commit was on the way: the server may have committed it.
    private static func lostWhileCommitting(_ lost: StorageError, _ what: String) -> StorageError {
        StorageError(
            .outcomeUnknown, message: "\(lost.message); whether \(what) was committed is unknown, so it was not retried"
        )
    }

    /// `storage.outcome_unknown` for `what` (a `COMMIT`, a write outside a transaction),
    /// cancelled by its watch (at the statement timeout, or by the script's stop) while it
    /// waited, and still answered success.
    private func waitCutShort(_ what: String, committed: String, in sql: String? = nil) -> StorageError {
        let limit = commitLimit.map { " (the statement timeout, \($0))" } ?? ""
        return StorageError(
            .outcomeUnknown,
            message: "\(what) was cancelled while it waited\(limit), most likely for the server's synchronous "
                + "standby: the server committed \(committed) but the standby may not have it, so whether it "
                + "survives a failover is unknown; it was not retried" + (sql.map { " (in: \($0.prefix(80)))" } ?? ""))
    }

    /// Whether `sql` may write, by its first word: `INSERT`, `UPDATE`, `DELETE` or `MERGE`,
    /// or `SQLDialect.writesMark` before it. A `WITH` is read as a read: the app's are.
    static func writes(_ sql: String) -> Bool {
        let text = sql.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        if text.hasPrefix(SQLDialect.writesMark) { return true }
        var word: [UInt8] = []
        for byte in text.utf8 {
            guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) else { break }
            guard word.count < 6 else { return false }
            word.append(byte & 0xDF)  // upper case
        }
        return Self.writingWords.contains(word)
    }

    private static let writingWords: Set<[UInt8]> = Set(
        ["INSERT", "UPDATE", "DELETE", "MERGE"].map { Array($0.utf8) })

    /// `run`'s statement, sent.
    private func runNow(_ sql: String, _ parameters: PostgresParameters, on handle: OpaquePointer) throws
        -> OpaquePointer
    {
        guard let name = statements[sql], queued.isEmpty else {
            // The waiting commands, a PREPARE and the statement, in one round trip.
            guard let result = try pipeline([sql], [parameters], on: handle).first else {
                throw connectionError(" (in: \(sql.prefix(80)))")
            }
            return result
        }
        roundTrips += 1
        let result = awaitingServer {
            parameters.withArrays { values, lengths, formats in
                cpg_exec_prepared(handle, name, parameters.count, values, lengths, formats, 0)
            }
        }
        return try check(result, sql)
    }

    /// The result when it succeeded; otherwise clears it and throws the mapped error.
    @discardableResult
    private func check(_ result: OpaquePointer?, _ sql: String) throws -> OpaquePointer {
        let statement = " (in: \(sql.prefix(80)))"
        guard let result else { throw connectionError(statement) }
        let status = Int(cpg_result_status(result))
        if status == CPG_COMMAND_OK || status == CPG_TUPLES_OK || status == CPG_EMPTY_QUERY { return result }
        defer { cpg_clear(result) }
        throw error(of: result, sql)
    }

    /// The storage error of a failed result, by its SQLSTATE.
    private func error(of result: OpaquePointer, _ sql: String) -> StorageError {
        let statement = " (in: \(sql.prefix(80)))"
        guard let code = cpg_result_error_field(result, Int32(CPG_DIAG_SQLSTATE)).map({ String(cString: $0) }) else {
            return connectionError(statement)
        }
        let state = SQLState(code)
        let primary = cpg_result_error_field(result, Int32(CPG_DIAG_MESSAGE_PRIMARY)).map { String(cString: $0) }
        if state.isUnavailable { return connectionError(statement, reason: primary) }
        return StorageError(state.failure, message: "\(primary ?? "error \(code)")\(statement)")
    }

    /// `.unavailable` for a connection that is gone (or a failure with no SQLSTATE).
    private func connectionError(_ statement: String, reason: String? = nil) -> StorageError {
        let lost = handle.map { Int(cpg_status($0)) != CPG_CONNECTION_OK } ?? true
        let detail = reason ?? handle.flatMap { cpg_error_message($0) }.map { Self.oneLine(String(cString: $0)) } ?? ""
        let place = "database \"\(database)\" on \(host):\(port)"
        let what = lost ? "lost the connection to \(place)" : "no answer from \(place)"
        return StorageError(.unavailable, message: "\(what): \(detail)\(statement)")
    }

    // MARK: - Connection strings

    /// Only libpq's URL schemes: anything else with `://` would be read as key=value words.
    private static func checkScheme(_ conninfo: String) throws {
        guard let separator = conninfo.firstRange(of: "://") else { return }
        let scheme = conninfo[..<separator.lowerBound]
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw AppError.invalidArgument(
                "'\(scheme.prefix(20))://' is not a PostgreSQL URL; use postgres:// or postgresql://", field: "db")
        }
    }

    /// The password written in a string libpq could not parse, to keep it out of messages.
    private static func likelyPassword(in conninfo: String) -> String? {
        if let separator = conninfo.firstRange(of: "://") {
            let rest = conninfo[separator.upperBound...]
            guard let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return nil }
            return String(rest[rest.index(after: colon)..<at])
        }
        guard let found = conninfo.firstRange(of: "password") else { return nil }
        let value = conninfo[found.upperBound...].drop { $0 == " " || $0 == "=" }
        return String(value.prefix { $0 != " " })
    }

    /// `text` without `secret` (nor its URL-decoded form).
    static func scrub(_ text: String, _ secret: String?) -> String {
        guard let secret, secret.count >= 3 else { return text }
        var scrubbed = text.replacing(secret, with: CredentialRedaction.mask)
        if let decoded = percentDecoded(secret), decoded != secret, decoded.count >= 3 {
            scrubbed = scrubbed.replacing(decoded, with: CredentialRedaction.mask)
        }
        return scrubbed
    }

    /// A NUL-terminated message buffer as text.
    private static func text(_ buffer: [CChar]) -> String {
        String(cBuffer: buffer)
    }

    /// libpq's multi-line messages as one line.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\t" }).map { String($0).trimmingWhitespace }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `%XX` escapes of a URL part decoded; nil when they do not make UTF-8.
    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            else {
                bytes.append(byte)
                continue
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
