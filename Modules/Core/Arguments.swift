import Time

/// The arguments of one route call, by parameter name.
///
/// The router checks them against the route's parameters before the handler runs, so a
/// handler's typed reads fail only for a name the route does not declare. Days and
/// instants are parsed here, once, at the edge.
public struct Arguments: Sendable, Equatable {
    /// The values by parameter name; an absent optional parameter has no entry.
    public private(set) var values: [String: Value]

    /// Arguments with these values.
    public init(_ values: [String: Value] = [:]) {
        // Most calls pass no nil; filtering copies the dictionary even then.
        self.values = values.contains { $0.value.isNull } ? values.filter { !$0.value.isNull } : values
    }

    /// The value of `name`, or `.null` when absent.
    public subscript(name: String) -> Value {
        get { values[name] ?? .null }
        set { values[name] = newValue.isNull ? Value?.none : newValue }
    }

    /// Whether `name` was passed.
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// A required string.
    public func string(_ name: String) throws -> String {
        guard let text = values[name]?.stringValue else { throw Self.missing(name, "string") }
        return text
    }

    /// An optional string.
    public func optionalString(_ name: String) -> String? { values[name]?.stringValue }

    /// A required integer.
    public func int(_ name: String) throws -> Int {
        guard let number = values[name]?.intValue else { throw Self.missing(name, "integer") }
        return number
    }

    /// An optional integer.
    public func optionalInt(_ name: String) -> Int? { values[name]?.intValue }

    /// A required number.
    public func double(_ name: String) throws -> Double {
        guard let number = values[name]?.doubleValue else { throw Self.missing(name, "number") }
        return number
    }

    /// An optional number.
    public func optionalDouble(_ name: String) -> Double? { values[name]?.doubleValue }

    /// A boolean, or `defaultValue` when absent.
    public func bool(_ name: String, default defaultValue: Bool) -> Bool {
        values[name]?.boolValue ?? defaultValue
    }

    /// `text` as a day, or `invalid_argument` naming `field`.
    private static func parseDay(_ text: String, field: String) throws(AppError) -> LocalDay {
        do {
            return try LocalDay.parse(text, field: field)
        } catch {
            throw AppError.wrapping(error)
        }
    }

    /// A required day.
    public func day(_ name: String) throws -> LocalDay {
        guard let text = values[name]?.stringValue else { throw Self.missing(name, "day") }
        return try Self.parseDay(text, field: name)
    }

    /// An optional day.
    public func optionalDay(_ name: String) throws -> LocalDay? {
        guard let text = values[name]?.stringValue else { return nil }
        return try Self.parseDay(text, field: name)
    }

    /// An optional instant.
    public func optionalInstant(_ name: String) throws -> Instant? {
        guard let text = values[name]?.stringValue else { return nil }
        guard let instant = Instant(iso8601: text) else {
            throw AppError.invalidArgument(
                "\(name): '\(text)' is not an ISO-8601 instant with an offset", field: name)
        }
        return instant
    }

    /// A required instant.
    public func instant(_ name: String) throws -> Instant {
        guard let instant = try optionalInstant(name) else { throw Self.missing(name, "instant") }
        return instant
    }

    private static func missing(_ name: String, _ type: String) -> AppError {
        .invalidArgument("\(name): \(type) expected", field: name)
    }
}
