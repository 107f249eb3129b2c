import Core

/// What `os.getenv` shows a script in the sandbox: no variable of libpq's (`PG*`: the
/// password, the password and service files, the host and login they go with), and any
/// other value with its passwords masked (`CredentialRedaction`: a `DATABASE_URL`'s or
/// `APP_SHELL_TEST_POSTGRES`'s `user:password@`, a `password=` word). With `--allow-io`
/// a script can read the whole environment anyway, and `os.getenv` is lua5.4's.
enum SandboxEnvironment {
    /// Whether the variable `name` is hidden from scripts: every name that starts with `PG`.
    static func hides(_ name: [UInt8]) -> Bool {
        name.starts(with: [UInt8(ascii: "P"), UInt8(ascii: "G")])
    }

    /// The value a script sees for `name`, given the process's `value`: nil when the
    /// variable is hidden, unset, or its name holds a NUL (which the C library would cut).
    static func visibleValue(of name: [UInt8], value: [UInt8]?) -> [UInt8]? {
        guard !hides(name), !name.contains(0), let value else { return nil }
        return CredentialRedaction.redacted(value)
    }
}
