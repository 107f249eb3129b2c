import Core

/// Stories as Markdown, one file per book, the way Obsidian and Readwise users keep them: a
/// `# Title` heading, the author, then each story's quotes as block quotes (with `p. N`),
/// its content as a paragraph and its keywords as `#tags`, stories oldest first.
///
/// File names come from titles and are made safe: `/`, `\`, NUL, control characters and
/// bidi controls become `_`, leading dots and spaces go, at most 200 bytes of UTF-8 cut
/// between characters (Linux allows 255 bytes a name; Hangul and emoji kept); an empty name
/// is `Untitled`; two books with one name get ` (2)`, ` (3)`.
public enum StoryMarkdown {
    /// The longest file name stem, in bytes of UTF-8 (before ` (2)` and `.md`).
    public static let maximumNameBytes = 200

    /// The files for the `bookstories` section of an export document: names and texts.
    public static func files(fromSection section: Value) -> [(name: String, text: String)] {
        var order: [String] = []
        var books: [String: (title: String, author: String, stories: [Value])] = [:]
        for story in section["stories"].arrayValue ?? [] {
            let title = story["book"]["title"].stringValue ?? "Untitled"
            let author = story["book"]["author"].stringValue ?? ""
            let key = title + "\u{0}" + author
            if books[key] == nil {
                order.append(key)
                books[key] = (title, author, [])
            }
            books[key]?.stories.append(story)
        }
        var used: Set<String> = []
        return order.compactMap { key in
            guard let book = books[key] else { return nil }
            let stem = safeName(book.title)
            var name = stem + ".md"
            var number = 2
            while used.contains(name.lowercased()) {
                name = "\(stem) (\(number)).md"
                number += 1
            }
            used.insert(name.lowercased())
            return (name, text(title: book.title, author: book.author, stories: book.stories))
        }
    }

    /// The Markdown of one book.
    static func text(title: String, author: String, stories: [Value]) -> String {
        var lines = ["# \(oneLine(title))", ""]
        if !author.isEmpty { lines += ["by \(oneLine(author))", ""] }
        for story in stories {
            for quote in story["quotes"].arrayValue ?? [] {
                let text = quote["text"].stringValue ?? ""
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "> \($0)" }
                if let page = quote["page"].intValue { lines.append("> — p. \(page)") }
                lines.append("")
            }
            if let content = story["content"].stringValue, !content.isEmpty { lines += [content, ""] }
            let tags = (story["keywords"].arrayValue ?? []).compactMap(\.stringValue).map { "#" + tag($0) }
            if !tags.isEmpty { lines += [tags.joined(separator: " "), ""] }
            lines += ["---", ""]
        }
        return lines.joined(separator: "\n")
    }

    /// A tag: white space becomes `_` and a leading `#` is dropped (Obsidian's tag syntax).
    static func tag(_ keyword: String) -> String {
        let trimmed = keyword.hasPrefix("#") ? String(keyword.dropFirst()) : keyword
        return String(trimmed.map { $0.isWhitespace ? "_" : $0 })
    }

    private static func oneLine(_ text: String) -> String { String(text.map { $0.isNewline ? " " : $0 }) }

    /// `title` made into a safe file name stem.
    public static func safeName(_ title: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in title.unicodeScalars {
            let value = scalar.value
            let unsafe =
                value < 0x20 || (0x7F...0x9F).contains(value) || scalar == "/" || scalar == "\\"
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
            scalars.append(unsafe ? "_" : scalar)
        }
        var name = String(scalars)
        while let first = name.first, first == "." || first.isWhitespace { name.removeFirst() }
        var cut = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            guard bytes <= maximumNameBytes else { break }
            cut.append(character)
        }
        name = cut.trimmingWhitespace
        return name.isEmpty ? "Untitled" : name
    }
}
