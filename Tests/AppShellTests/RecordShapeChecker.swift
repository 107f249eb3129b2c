import Core
import Time

/// Checks a returned `Value` against a declared return type (`habit`, `habit[]`, `day`,
/// `"male"|"female"`, `table<string, string>`): every field a shape requires is present, no key is undeclared, and
/// every value has its field's type, down through nested shapes and lists.
struct RecordShapeChecker {
    let shapes: [String: RecordShape]

    init(_ shapes: [RecordShape]) {
        self.shapes = Dictionary(shapes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What does not match, one line each with its path (`habit.tracking_periods[0].start`);
    /// empty when `value` has the type.
    func problems(_ value: Value, as type: String, at path: String) -> [String] {
        if type.hasSuffix("[]") {
            guard case .array(let items) = value else {
                // An empty list may come back as an empty table.
                if case .table(let record) = value, record.isEmpty { return [] }
                return ["\(path): \(value.kindName), expected a list of \(type.dropLast(2))"]
            }
            let element = String(type.dropLast(2))
            return items.enumerated().flatMap { index, item in problems(item, as: element, at: "\(path)[\(index)]") }
        }
        if type.hasPrefix("table<string, "), type.hasSuffix(">") {
            // A map from names to values of one type (`table<string, string>`).
            let element = String(type.dropFirst("table<string, ".count).dropLast())
            switch value {
            case .table(let record):
                return record.flatMap { key, item in problems(item, as: element, at: "\(path).\(key)") }
            case .array(let items) where items.isEmpty: return []
            default: return ["\(path): \(value.kindName), expected a \(type)"]
            }
        }
        if type.hasSuffix("?") {
            // `string?`: the type, or nil.
            return value.isNull ? [] : problems(value, as: String(type.dropLast()), at: path)
        }
        if type.hasPrefix("\"") {
            let allowed = type.split(separator: "|").map { $0.trimmingCharacters(in: "\"") }
            guard let text = value.stringValue, allowed.contains(text) else {
                return ["\(path): \(value), expected one of \(type)"]
            }
            return []
        }
        switch type {
        case "nil":
            return value.isNull ? [] : ["\(path): \(value.kindName), expected nil"]
        case "string":
            // Bytes (a JPEG) are a Lua string as well.
            return value.stringValue != nil || value.bytesValue != nil
                ? [] : ["\(path): \(value.kindName), expected a string"]
        case "integer":
            if case .int = value { return [] }
            return ["\(path): \(value), expected an integer"]
        case "number":
            switch value {
            case .int, .double: return []
            default: return ["\(path): \(value.kindName), expected a number"]
            }
        case "boolean":
            return value.boolValue != nil ? [] : ["\(path): \(value.kindName), expected a boolean"]
        case "day":
            guard let text = value.stringValue, LocalDay(parsing: text) != nil else {
                return ["\(path): \(value), expected a day (YYYY-MM-DD)"]
            }
            return []
        case "instant":
            guard let text = value.stringValue, Instant(iso8601: text) != nil else {
                return ["\(path): \(value), expected an ISO-8601 instant"]
            }
            return []
        case "table":
            switch value {
            case .table, .array: return []
            default: return ["\(path): \(value.kindName), expected a table"]
            }
        default:
            guard let shape = shapes[type] else { return ["\(path): the type \(type) is not a declared shape"] }
            return problems(value, shape: shape, at: path)
        }
    }

    private func problems(_ value: Value, shape: RecordShape, at path: String) -> [String] {
        guard case .table(let record) = value else {
            return ["\(path): \(value.kindName), expected the record \(shape.name)"]
        }
        var found: [String] = []
        let declared = Set(shape.fields.map(\.name))
        for key in record.keys where !declared.contains(key) {
            found.append("\(path).\(key): not a field of \(shape.name)")
        }
        for field in shape.fields {
            guard let fieldValue = record[field.name], !fieldValue.isNull else {
                if !field.isOptional { found.append("\(path).\(field.name): missing from \(shape.name)") }
                continue
            }
            found += problems(fieldValue, as: field.type, at: "\(path).\(field.name)")
        }
        return found
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
