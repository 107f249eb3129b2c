import Core
import Time

/// Reads a Kindle's `My Clippings.txt`: entries separated by a line of ten `=`, each a title
/// line `Title (Author)`, a header line `- Your Highlight on page 12 | Location 170-172 |
/// Added on Sunday, March 3, 2019 10:11:12 PM`, a blank line and the text.
///
/// The file may start (or an entry may start) with a byte-order mark and use CRLF. Header
/// lines are localized; English (US `March 3, 2019 10:11:12 PM` and UK `3 March 2019
/// 22:11:12` dates) and Korean (`- 12페이지 | 위치 170-172의 하이라이트 | 추가된 날짜: 2019년
/// 3월 3일 일요일 오후 10:11:12`) are understood; in another language an entry is still read,
/// without its page or date. Bookmarks carry no text and are counted as left out. A note is
/// attached to the latest of the book's last `noteReach` highlights whose location range
/// holds the note's location; one with none is a loose note of the book.
public enum KindleClippings {
    /// The separator line.
    public static let separator = "=========="

    /// What a header line says the entry is.
    enum Kind { case highlight, note, bookmark }

    /// The books of `text`, in the order each first appears, and the number of bookmarks.
    public static func parse(_ text: String, zone: TimeZoneRules) -> (books: [HighlightBook], bookmarks: Int) {
        var books: [HighlightBook] = []
        var indexByKey: [String: Int] = [:]
        var bookmarks = 0
        // Notes by book and highlight, joined once at the end (appending each to the note
        // so far copied it again: quadratic in a highlight with many notes).
        var notes: [Int: [Int: [String]]] = [:]
        let normalized = text.replacingCRLF.filter { $0 != "\u{FEFF}" }
        for entry in normalized.split(separator: separator, omittingEmptySubsequences: false) {
            let all = entry.split(separator: "\n", omittingEmptySubsequences: false)
            // Blank lines before the title are skipped by index (removing them one by one from
            // the front was quadratic in a file of many blank lines).
            guard let start = all.firstIndex(where: { !String($0).trimmingWhitespace.isEmpty }) else { continue }
            let lines = all[start...].map(String.init)
            guard lines.count >= 2, lines[1].hasPrefix("- ") else { continue }
            let (title, author) = titleAndAuthor(lines[0].trimmingWhitespace)
            let header = lines[1]
            let body = lines.dropFirst(2).joined(separator: "\n").trimmingWhitespace
            let kind = self.kind(of: header)
            if kind == .bookmark {
                bookmarks += 1
                continue
            }
            guard !body.isEmpty else { continue }
            let key = title + "\u{0}" + (author ?? "")
            let index: Int
            if let known = indexByKey[key] {
                index = known
            } else {
                index = books.count
                indexByKey[key] = index
                books.append(HighlightBook(title: title, author: author))
            }
            let location = self.location(in: header)
            if kind == .note {
                // A Kindle writes a note right after its highlight: the search looks back over
                // the book's last `noteReach` highlights only, so a file of many notes that
                // match nothing costs no more than its length times that.
                let highlights = books[index].highlights
                if let location,
                    let target = highlights[max(0, highlights.count - Self.noteReach)...].lastIndex(where: {
                        $0.location.map { $0.contains(location.lowerBound) } ?? false
                    })
                {
                    notes[index, default: [:]][target, default: []].append(body)
                } else {
                    books[index].looseNotes.append(body)
                }
                continue
            }
            books[index].highlights.append(
                Highlight(
                    text: body, page: page(in: header), location: location, addedAt: addedAt(in: header, zone: zone)))
        }
        for (book, byHighlight) in notes {
            for (highlight, bodies) in byHighlight {
                books[book].highlights[highlight].note = bodies.joined(separator: "\n\n")
            }
        }
        return (books, bookmarks)
    }

    /// How many of a book's latest highlights a note looks back over for the one it belongs
    /// to; one further back is kept as a loose note of the book.
    public static let noteReach = 64

    /// Whether `bytes` look like clippings: a separator line and a `- ` header line.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        let head =
            "\n" + String(decoding: bytes.prefix(65_536), as: UTF8.self).replacingCRLF.filter { $0 != "\u{FEFF}" }
        return head.contains("\n" + separator) && head.contains("\n- ")
    }

    /// `Title (Author)`: the last parenthesised group at the end is the author.
    static func titleAndAuthor(_ line: String) -> (String, String?) {
        guard line.hasSuffix(")"), let open = line.lastIndex(of: "(") else { return (line, nil) }
        let title = String(line[..<open]).trimmingWhitespace
        let author = String(line[line.index(after: open)..<line.index(before: line.endIndex)]).trimmingWhitespace
        guard !title.isEmpty else { return (line, nil) }
        return (title, author.isEmpty ? nil : author)
    }

    static func kind(of header: String) -> Kind {
        let lower = header.lowercased()
        if lower.contains("bookmark") || header.contains("북마크") || lower.contains("lesezeichen")
            || lower.contains("marque-page") || lower.contains("marcador")
        {
            return .bookmark
        }
        if lower.contains("note") || header.contains("메모") || lower.contains("notiz") || lower.contains("nota") {
            return .note
        }
        return .highlight
    }

    /// The first number after `page` (English) or before `페이지` (Korean).
    static func page(in header: String) -> Int? {
        for part in header.split(separator: "|") {
            let lower = part.lowercased()
            if let range = lower.firstRange(of: "page ") {
                return Int(lower[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
            }
            if let range = part.firstRange(of: "페이지") {
                let digits = part[..<range.lowerBound].reversed().prefix { $0.isASCII && $0.isNumber }
                return Int(String(digits.reversed()))
            }
        }
        return nil
    }

    /// `Location 170-172`, `Loc. 170-72`, `위치 170-172`: the second number may be shortened
    /// to its last digits, as Kindles write it.
    static func location(in header: String) -> ClosedRange<Int>? {
        for part in header.split(separator: "|") {
            let lower = part.lowercased()
            guard
                let range = lower.firstRange(of: "location ") ?? lower.firstRange(of: "loc. ")
                    ?? lower.firstRange(of: "위치 ")
            else { continue }
            let rest = lower[range.upperBound...]
            let first = rest.prefix { $0.isASCII && $0.isNumber }
            guard let start = Int(first) else { return nil }
            let afterDash = rest.dropFirst(first.count)
            guard afterDash.hasPrefix("-") else { return start...start }
            let second = afterDash.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard var end = Int(second) else { return start...start }
            if second.count < first.count {
                let scale = Int(pow10(second.count))
                end = start - start % scale + end
            }
            return start...max(start, end)
        }
        return nil
    }

    private static func pow10(_ count: Int) -> Int { (0..<count).reduce(1) { value, _ in value * 10 } }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]

    /// The date after `Added on` or `추가된 날짜:`, read in `zone`.
    static func addedAt(in header: String, zone: TimeZoneRules) -> Instant? {
        guard let last = header.split(separator: "|").last else { return nil }
        let text = String(last)
        if let range = text.firstRange(of: "추가된 날짜:") {
            return korean(String(text[range.upperBound...]), zone: zone)
        }
        if let range = text.firstRange(of: "Added on ") {
            return english(String(text[range.upperBound...]), zone: zone)
        }
        return nil
    }

    /// `2019년 3월 3일 일요일 오후 10:11:12`.
    private static func korean(_ text: String, zone: TimeZoneRules) -> Instant? {
        let words = text.split(separator: " ").map(String.init)
        var year: Int?
        var month: Int?
        var day: Int?
        var afternoon = false
        var clock: [Int] = []
        for word in words {
            if word.hasSuffix("년") { year = Int(word.dropLast()) }
            if word.hasSuffix("월") { month = Int(word.dropLast()) }
            if word.hasSuffix("일"), let number = Int(word.dropLast()) { day = number }
            if word == "오후" { afternoon = true }
            if word.contains(":") { clock = word.split(separator: ":").compactMap { Int($0) } }
        }
        guard let year, let month, let day, let date = LocalDay(year: year, month: month, day: day) else { return nil }
        var hour = clock.first ?? 0
        if afternoon, hour < 12 { hour += 12 }
        if !afternoon, words.contains("오전"), hour == 12 { hour = 0 }
        return time(date, hour, clock, zone)
    }

    /// `Sunday, March 3, 2019 10:11:12 PM` or `Sunday, 3 March 2019 22:11:12`.
    private static func english(_ text: String, zone: TimeZoneRules) -> Instant? {
        let words = text.replacing(",", with: " ").split(separator: " ").map(String.init)
        var month: Int?
        var numbers: [Int] = []
        var clock: [Int] = []
        var meridiem: String?
        for word in words {
            if let index = months.firstIndex(of: word.lowercased()) {
                month = index + 1
            } else if word.contains(":") {
                clock = word.split(separator: ":").compactMap { Int($0) }
            } else if let number = Int(word) {
                numbers.append(number)
            } else if word.uppercased() == "AM" || word.uppercased() == "PM" {
                meridiem = word.uppercased()
            }
        }
        guard let month, numbers.count >= 2 else { return nil }
        let (day, year) = numbers[0] > 31 ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
        guard let date = LocalDay(year: year, month: month, day: day) else { return nil }
        var hour = clock.first ?? 0
        if meridiem == "PM", hour < 12 { hour += 12 }
        if meridiem == "AM", hour == 12 { hour = 0 }
        return time(date, hour, clock, zone)
    }

    private static func time(_ date: LocalDay, _ hour: Int, _ clock: [Int], _ zone: TimeZoneRules) -> Instant? {
        let minute = clock.count > 1 ? clock[1] : 0
        let second = clock.count > 2 ? clock[2] : 0
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<61).contains(second) else { return nil }
        return Instant(local: date, seconds: hour * 3600 + minute * 60 + second, in: zone)
    }
}

extension String {
    /// The text with CRLF and lone CR line ends made LF.
    fileprivate var replacingCRLF: String {
        replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }
}
