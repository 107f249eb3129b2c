import Core
import Time

/// Reads KOReader's JSON export of highlights (its exporter's "JSON" target): one book as
/// `{title, author, entries = {{text, note?, page, time, chapter, sort, drawer}}, created_on,
/// version}`, or several as `{documents = {book, ...}}` (a list of books is taken too).
/// `time` is seconds since 1970 (one outside the years 1 to 9999 is left out and reported);
/// `page` a number (a string of digits is taken, anything
/// else is no page).
public enum KOReaderExport {
    /// The books of a parsed export, or nil when `value` is not one.
    public static func books(_ value: Value) -> [HighlightBook]? {
        let documents: [Value]
        if let record = value.recordValue, let listed = record["documents"]?.arrayValue {
            documents = listed
        } else if let record = value.recordValue, record["entries"] != nil {
            documents = [value]
        } else if let listed = value.arrayValue, !listed.isEmpty, listed.allSatisfy({ $0["entries"].arrayValue != nil })
        {
            documents = listed
        } else {
            return nil
        }
        return documents.compactMap { document in
            guard let entries = document["entries"].arrayValue else { return nil }
            var book = HighlightBook(
                title: document["title"].stringValue ?? "Untitled", author: document["author"].stringValue)
            for entry in entries {
                let note = entry["note"].stringValue.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
                guard let text = entry["text"].stringValue, !text.trimmingWhitespace.isEmpty else {
                    if let note { book.looseNotes.append(note) }
                    continue
                }
                let page = entry["page"].intValue ?? entry["page"].stringValue.flatMap { Int($0) }
                var addedAt: Instant?
                if let seconds = entry["time"].intValue {
                    addedAt = Instant(checkedSecondsSince1970: seconds)
                    if addedAt == nil {
                        book.problems.append(
                            "highlight \(book.highlights.count + 1) in \(book.title.prefix(40)): its time \(seconds) "
                                + "is not an instant in the years 1 to 9999 (seconds since 1970); taken without one")
                    }
                }
                book.highlights.append(Highlight(text: text, page: page, note: note, addedAt: addedAt))
            }
            return book
        }
    }

    /// What an export holds that a story cannot: each entry's chapter, drawer (the
    /// highlight's style) and colour, one line for each kind that some entry has.
    public static func unkept(_ value: Value) -> [String] {
        let documents = value["documents"].arrayValue ?? value.arrayValue ?? [value]
        let entries = documents.flatMap { $0["entries"].arrayValue ?? [] }
        return [("chapter", "chapters"), ("drawer", "drawers (highlight styles)"), ("color", "colours")].compactMap {
            key, kind in
            let count = entries.filter { !$0[key].isNull }.count
            return count == 0 ? nil : "\(count) \(count == 1 ? "highlight's" : "highlights'") \(kind): not kept"
        }
    }

    /// Whether `bytes` look like an export: JSON naming `entries`, not an app-shell document.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(65_536), as: UTF8.self).trimmingWhitespace
        return (head.hasPrefix("{") || head.hasPrefix("[")) && head.contains("\"entries\"")
            && !head.contains("app-shell-export")
    }
}
