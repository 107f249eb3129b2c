import CPostgres
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// The keywords app-shell hands libpq in front of the connection string a person gave:
/// defaults that the string (expanded from `dbname`) and the `PG*` variables override.
///
/// - `fallback_application_name=app-shell`;
/// - `connect_timeout`: `defaultConnectTimeout` (5 s) unless the string or
///   `PGCONNECT_TIMEOUT` sets one; a `connectTimeout` given (`--connect-timeout`) wins over
///   both: an unreachable server is given up after that long;
/// - for a server reached over a network (any host but a Unix socket, `localhost`,
///   `127.0.0.1` or `::1`), `sslmode=require` and `channel_binding=require` unless the
///   string or `PGSSLMODE` / `PGCHANNELBINDING` says otherwise: a server that declines TLS
///   never receives a password, and channel binding refuses the cleartext and MD5
///   exchanges a server in the middle would ask for. Where the string chooses a `sslmode`
///   that may end without TLS (`disable`, `allow`, `prefer`), no channel binding is added;
/// - every statement bounded in time (`serverLimits`, sent as the server's `options`):
///   `statement_timeout` 30 s, `lock_timeout` 5 s (another member's lock makes a call fail
///   with `storage.busy`, never hang), `idle_in_transaction_session_timeout` 30 s;
/// - every prepared statement planned once for the session (`planSettings`:
///   `plan_cache_mode=force_generic_plan`). PostgreSQL otherwise plans a statement for its
///   parameters at each of its first five runs, and at every run where the generic plan's
///   estimate looks dearer (a page's `LIMIT $n OFFSET $n`); through the policies such a
///   plan costs 0.3 to 0.9 ms, which every one of a thousand sessions pays for every
///   statement. No statement of app-shell's needs its parameters' values to find its index
///   (no pattern is a parameter), and the measured plans walked the same indexes
///   (docs/performance.md).
///
/// The string's own `options` (or `PGOPTIONS`) come after these, so a setting it names wins.
struct PostgresConnectSettings {
    /// Seconds a connection attempt waits for a server that does not answer, unless the
    /// string, `PGCONNECT_TIMEOUT` or `--connect-timeout` says otherwise.
    static let defaultConnectTimeout = 5

    /// The server settings every connection starts with, as `-c name=value` words.
    static let serverLimits = [
        ("statement_timeout", "30s"), ("lock_timeout", "5s"), ("idle_in_transaction_session_timeout", "30s"),
    ]

    /// How every session plans its prepared statements, as `-c name=value` words after
    /// `serverLimits`: once, for any parameters.
    static let planSettings = [("plan_cache_mode", "force_generic_plan")]

    /// The keywords and values, in the order they are handed over (`dbname`, then
    /// `options`, last).
    let keywords: [(String, String)]

    /// The sessions' `statement_timeout`, as the `options` handed over set it (the string's
    /// own wins over `serverLimits`); nil for none (`0`). PostgreSQL stops counting it
    /// before a `COMMIT` (or a write outside a transaction) waits for a synchronous
    /// standby, so the connection bounds that wait itself by the same time
    /// (`PostgresCommitWatch`).
    let statementTimeout: Duration?

    /// - Parameters:
    ///   - conninfo: the string a person gave (a URL or key=value words).
    ///   - option: what the string itself sets for a libpq keyword (nil when it sets none).
    ///   - environment: a variable of the process (`PGHOST` ...), nil when unset.
    ///   - connectTimeout: seconds, set after the string so it wins (`--connect-timeout`).
    init(
        conninfo: String, option: (String) -> String?, environment: (String) -> String?, connectTimeout: Int? = nil
    ) {
        var keywords: [(String, String)] = [("fallback_application_name", "app-shell")]
        if environment("PGCONNECT_TIMEOUT") == nil {
            keywords.append(("connect_timeout", String(Self.defaultConnectTimeout)))
        }
        let hosts = option("host") ?? environment("PGHOST") ?? ""
        let addresses = option("hostaddr") ?? environment("PGHOSTADDR") ?? ""
        if !Self.isLocal(hosts: hosts, addresses: addresses) {
            let chosenMode = option("sslmode") ?? environment("PGSSLMODE")
            if chosenMode == nil { keywords.append(("sslmode", "require")) }
            let mayBeClear = ["disable", "allow", "prefer"].contains(chosenMode ?? "require")
            if option("channel_binding") == nil, environment("PGCHANNELBINDING") == nil, !mayBeClear {
                keywords.append(("channel_binding", "require"))
            }
        }
        keywords.append(("dbname", conninfo))
        // After dbname: its expansion would replace an `options` given before it, so the
        // string's own options are carried over, after the limits (the last -c wins).
        let limits = (Self.serverLimits + Self.planSettings).map { "-c \($0.0)=\($0.1)" }.joined(separator: " ")
        let own = option("options") ?? environment("PGOPTIONS") ?? ""
        keywords.append(("options", own.isEmpty ? limits : limits + " " + own))
        if let connectTimeout { keywords.append(("connect_timeout", String(connectTimeout))) }
        self.keywords = keywords
        statementTimeout = Self.statementTimeout(in: own.isEmpty ? limits : limits + " " + own)
    }

    /// The last `statement_timeout` an `options` string sets (`-c statement_timeout=5s`,
    /// `-cstatement_timeout=5s` or `--statement_timeout=5s`), in PostgreSQL's units (`us`,
    /// `ms`, `s`, `min`, `h`, `d`; none is milliseconds); nil when it sets none, sets `0`
    /// (no limit), or a value PostgreSQL would refuse (the connection then fails anyway).
    static func statementTimeout(in options: String) -> Duration? {
        let words = options.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var value: String?
        for (index, word) in words.enumerated() {
            let setting: String
            if word == "-c", index + 1 < words.count {
                setting = words[index + 1]
            } else if word.hasPrefix("-c") {
                setting = String(word.dropFirst(2))
            } else if word.hasPrefix("--") {
                setting = String(word.dropFirst(2))
            } else {
                continue
            }
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, String(parts[0].lowercased().map { $0 == "-" ? "_" : $0 }) == "statement_timeout" {
                value = parts[1]
            }
        }
        guard let value else { return nil }
        // As PostgreSQL reads it: a number (sign, decimals, exponent), a unit, the result
        // rounded to whole milliseconds (250us is 0, no limit).
        let digits = value.prefix { $0.isNumber || "+-.eE".contains($0) }
        let unit = String(value.dropFirst(digits.count)).trimmingWhitespace
        let scale: [String: Double] = ["us": 1e-3, "ms": 1, "": 1, "s": 1e3, "min": 6e4, "h": 3.6e6, "d": 8.64e7]
        guard let number = Double(digits), number.isFinite,
            let milliseconds = scale[unit].map({ ($0 * number).rounded() }),
            milliseconds >= 1, milliseconds < 1e12
        else { return nil }
        return .milliseconds(Int64(milliseconds))
    }

    /// Whether every server a host list (and its `hostaddr` list) names is on this machine:
    /// a Unix socket folder (`/...`, an abstract `@...`, or none given) or a loopback name
    /// or address.
    static func isLocal(hosts: String, addresses: String) -> Bool {
        let loopback: Set<String> = ["localhost", "127.0.0.1", "::1"]
        let hostsAreLocal = hosts.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { host in
            let name = String(host).trimmingWhitespace
            return name.isEmpty || name.hasPrefix("/") || name.hasPrefix("@") || loopback.contains(name.lowercased())
        }
        let addressesAreLocal = addresses.split(separator: ",", omittingEmptySubsequences: false).allSatisfy {
            let address = String($0).trimmingWhitespace
            return address.isEmpty || loopback.contains(address)
        }
        return hostsAreLocal && addressesAreLocal
    }

    /// The settings for `conninfo` in this process (its `PG*` variables).
    /// - Throws: `invalid_argument` (field `db`) when libpq cannot parse the string, with
    ///   libpq's reason, never the password.
    static func forProcess(_ conninfo: String, connectTimeout: Int? = nil, scrub: (String) -> String) throws -> Self {
        var failure: String?
        let settings = Self(
            conninfo: conninfo,
            option: { keyword in
                guard failure == nil else { return nil }
                do { return try PostgresConnectSettings.option(keyword, in: conninfo) } catch {
                    failure = (error as? AppError)?.message ?? String(describing: error)
                    return nil
                }
            },
            environment: { name in getenv(name).map { String(cString: $0) } }, connectTimeout: connectTimeout)
        if let failure {
            throw AppError.invalidArgument("not a PostgreSQL connection string: \(scrub(failure))", field: "db")
        }
        return settings
    }

    /// What `conninfo` itself sets for `keyword`, as libpq parses it (nil when nothing).
    /// - Throws: an `AppError` whose message is libpq's reason for refusing the string.
    static func option(_ keyword: String, in conninfo: String) throws -> String? {
        var message = [CChar](repeating: 0, count: 512)
        var found: UnsafeMutablePointer<CChar>?
        guard cpg_conninfo_option(conninfo, keyword, &found, &message, message.count) == 0 else {
            let text = String(cBuffer: message)
            throw AppError.invalidArgument(text, field: "db")
        }
        defer { free(found) }
        return found.map { String(cString: $0) }
    }

    /// Connects with these keywords (blocking, as `PQconnectdbParams`); nil when libpq
    /// could not even allocate the connection.
    func connect() -> OpaquePointer? {
        var names = keywords.map { strdup($0.0) }
        var values = keywords.map { strdup($0.1) }
        defer {
            names.forEach { free($0) }
            values.forEach { free($0) }
        }
        names.append(nil)
        values.append(nil)
        let nameArray = names.map { UnsafePointer($0) }
        let valueArray = values.map { UnsafePointer($0) }
        return nameArray.withUnsafeBufferPointer { namePointers in
            valueArray.withUnsafeBufferPointer { valuePointers in
                cpg_connectdb_params(namePointers.baseAddress, valuePointers.baseAddress, 1)
            }
        }
    }
}
