import Core
import Formats
import Time

/// Drops as a script sees them (the `drop` shape).
enum DropValues {
    /// `drop` for `userID`: its id, state and end; the code and its QR code for the dropper
    /// while nobody caught it (the QR code when libqrencode can be loaded); the words and the other person (user name, nickname, dog,
    /// thumbnail) once caught.
    static func value(_ drop: MateDrop, for userID: String, _ context: Context) throws -> Value {
        let now = context.clock.now()
        let state = drop.state(at: now)
        var fields: [(String, Value)] = [
            ("id", .string(drop.id)), ("state", .string(state.rawValue)),
            ("expires_at", .string(drop.expiresAt.iso8601(in: context.clock.timeZone))),
        ]
        if drop.dropperID == userID && drop.catcherID == nil {
            fields.append(("code", .string(drop.code)))
            // Without libqrencode the drop still works by its code: the QR code is left out.
            if state == .connecting, let code = try? QRCode(encoding: drop.code) {
                fields.append(("qr", .string(code.terminalText)))
            }
        }
        if let words = drop.words { fields.append(("words", .string(words))) }
        fields.append(("confirmed", .bool(drop.confirmed(by: userID))))
        let otherID = drop.dropperID == userID ? drop.catcherID : drop.dropperID
        if let otherID {
            let name = try context.resolve((any UserRepository).self).users(ids: [otherID])[otherID]?.name
            fields.append(("with", name.map(Value.string) ?? .null))
            if let entry = try context.resolve((any ProfileDirectory).self).entry(for: otherID) {
                fields.append(
                    (
                        "profile",
                        .table(
                            Record([
                                ("nickname", .string(entry.nickname)), ("dog_name", .string(entry.dogName)),
                                ("dog_keywords", .array(entry.dogKeywords.map(Value.string))),
                                ("thumbnail", entry.thumbnail?.value ?? .null),
                            ]))
                    ))
            }
        }
        return .table(Record(fields))
    }
}
