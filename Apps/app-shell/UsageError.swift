/// A command line that cannot be run: exit code 2.
struct UsageError: Error {
    let message: String
}
