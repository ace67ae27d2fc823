/// How `character` in an LSP position counts: UTF-16 code units (the default) or UTF-8 bytes.
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// An open document's text, edited in place by `textDocument/didChange`.
public struct TextDocument: Sendable, Equatable {
    /// The whole text.
    public private(set) var text: String
    /// The version the client gave it.
    public var version: Int

    /// Creates a document.
    public init(text: String, version: Int) {
        self.text = text
        self.version = version
    }

    /// Replaces the text from `start` to `end` (LSP positions: 0-based line, `character` in
    /// `encoding` units) with `newText`. A position past the end of its line means the line's
    /// end; a line past the last means the end of the text (as the specification says).
    public mutating func replace(from start: LSPPosition, to end: LSPPosition, with newText: String, encoding: PositionEncoding) {
        let a = index(of: start, encoding: encoding)
        let b = max(a, index(of: end, encoding: encoding))
        text.replaceSubrange(a..<b, with: newText)
    }

    /// The string index of an LSP position (clamped to the line, and to the text).
    public func index(of position: LSPPosition, encoding: PositionEncoding) -> String.Index {
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        var line = 0
        while line < position.line {
            guard i < scalars.endIndex else { return text.endIndex }
            let c = scalars[i]
            i = scalars.index(after: i)
            if c == "\n" {
                line += 1
            } else if c == "\r" {
                if i < scalars.endIndex, scalars[i] == "\n" { i = scalars.index(after: i) }
                line += 1
            }
        }
        var units = 0
        while i < scalars.endIndex, units < position.character {
            let c = scalars[i]
            if c == "\n" || c == "\r" { break }
            units += encoding == .utf16 ? UTF16.width(c) : UTF8.width(c)
            // A position inside a character (between a surrogate pair's halves) rounds up to its end.
            i = scalars.index(after: i)
        }
        return i
    }
}

/// An LSP position: 0-based line and character.
public struct LSPPosition: Sendable, Hashable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}
