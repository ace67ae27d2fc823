/// Where a position is in a flow as YAML, read from the text around it alone: the keys from
/// the top down to the mapping it is in (`"[]"` for an item of a list), and whether a key or
/// a value is being written there. The document being typed is usually not valid YAML, so
/// nothing is parsed: each line above is read by its indentation (block style) and the line
/// itself by its brackets (flow style: `on: { declined: ca`, `methods: [card, pa`).
struct CursorContext: Equatable {
    /// The keys from the top to the mapping (or, for a value, to the key) at the position.
    var path: [String]
    /// A value of `path.last` (a list's item when it is `"[]"`) is being written; else a key
    /// of the mapping at `path`.
    var isValue: Bool
    /// What is written of the key or value before the position (quotes dropped).
    var partial: String
    /// The value's text before the position, for a value (a condition's, for `when`).
    var valueText: String = ""
    /// The line is a list item with neither `:` nor brackets (`- ca`): a key of the item's
    /// mapping or a scalar item, as the shape at `path` says.
    var keyOrItem = false
    /// The position is inside `{ … }` or `[ … ]`.
    var inFlow = false

    /// The context at the end of `prefix` (the position's line up to it), with `above` the
    /// document's lines before that line.
    init?(prefix: String, above: [Substring]) {
        // In a comment: nothing to complete or explain.
        guard !Self.endsInComment(prefix) else { return nil }
        let line = Self.read(Substring(prefix))
        var path: [String] = []
        var indent = line.keyColumn
        var inList = false
        if let dash = line.dashColumn {
            path = ["[]"]
            indent = dash
            inList = true
        }
        // The owners of the position's mapping, nearest first.
        var blockScalarKey: String?
        for text in above.reversed() {
            if indent == 0 && !inList { break }
            let l = Self.read(text)
            guard !l.content.isEmpty, !l.content.hasPrefix("#") else { continue }
            if inList {
                if l.dashColumn == nil, l.keyColumn <= indent, let key = l.key {
                    guard l.value.isEmpty else { return nil }
                    path.insert(key, at: 0)
                    indent = l.keyColumn
                    inList = false
                }
                continue
            }
            if let dash = l.dashColumn, dash < indent, l.keyColumn <= indent {
                // `- key:` above a deeper line: that key holds the position, in the item.
                if l.keyColumn < indent, let key = l.key, l.value.isEmpty { path.insert(key, at: 0) }
                path.insert("[]", at: 0)
                indent = dash
                inList = true
            } else if l.dashColumn == nil, l.keyColumn < indent, let key = l.key {
                if l.value.hasPrefix("|") || l.value.hasPrefix(">") {
                    // Inside a block scalar: the position is in that key's value.
                    guard path.isEmpty, blockScalarKey == nil else { return nil }
                    blockScalarKey = key
                } else if !l.value.isEmpty {
                    return nil
                }
                path.insert(key, at: 0)
                indent = l.keyColumn
            }
        }
        if blockScalarKey != nil {
            // (`path` ends with the key.)
            self.path = path
            isValue = true
            valueText = String(line.content)
            partial = Self.trailingWord(valueText)
            return
        }
        self.path = path
        isValue = false
        partial = ""
        read(line)
        // A condition's word, not the whole condition.
        if isValue, self.path.last == "when" { partial = Self.trailingWord(valueText) }
    }

    /// Reads the position's own line: a key, a value after `key:`, or inside `{ … }` / `[ … ]`.
    private mutating func read(_ line: Line) {
        if let key = line.key {
            path.append(key)
            if line.value.hasPrefix("{") || line.value.hasPrefix("[") {
                readFlow(line.value)
            } else {
                isValue = true
                valueText = String(line.value)
                partial = Self.unquoted(valueText)
            }
        } else if line.content.hasPrefix("{") || line.content.hasPrefix("[") {
            readFlow(line.content)
        } else {
            // A key being typed, or a list's scalar item (`- card`): the caller tells by the shape.
            isValue = false
            keyOrItem = line.dashColumn != nil
            partial = Self.unquoted(String(line.content))
            valueText = String(line.content)
        }
    }

    /// Follows the brackets of a flow collection to the position.
    private mutating func readFlow(_ text: Substring) {
        inFlow = true
        // Each open collection: a mapping (with the key whose value is being written) or a list.
        var frames: [(mapping: Bool, key: String?)] = []
        var segment = ""
        var quote: Character?
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            if let q = quote {
                if c == q { quote = nil }
                segment.append(c)
            } else {
                switch c {
                case "\"", "'":
                    quote = c
                    segment.append(c)
                case "{", "[":
                    frames.append((c == "{", nil))
                    segment = ""
                case "}", "]":
                    if !frames.isEmpty { frames.removeLast() }
                    segment = ""
                case ",":
                    if !frames.isEmpty, frames[frames.count - 1].mapping { frames[frames.count - 1].key = nil }
                    segment = ""
                case ":" where next == text.endIndex || text[next] == " ":
                    if !frames.isEmpty, frames[frames.count - 1].mapping {
                        frames[frames.count - 1].key = Self.unquoted(segment.trimmingSpaces)
                    }
                    segment = ""
                default:
                    segment.append(c)
                }
            }
            i = next
        }
        for (n, frame) in frames.enumerated() {
            let innermost = n == frames.count - 1
            if frame.mapping {
                if let key = frame.key { path.append(key) } else if !innermost { return }
            } else {
                path.append("[]")
            }
        }
        guard let last = frames.last else {
            isValue = true
            return
        }
        isValue = !last.mapping || last.key != nil
        valueText = segment
        partial = Self.unquoted(segment.trimmingSpaces)
    }

    /// The keys already written in the block mapping of the position's line (`prefix`), with
    /// their values as written: the lines above and below at its keys' column, up to the lines
    /// that end the mapping.
    static func siblings(prefix: String, above: [Substring], below: [Substring]) -> [String: String] {
        let line = read(Substring(prefix))
        let column = line.keyColumn
        var keys: [String: String] = [:]
        func scan(_ lines: some Sequence<Substring>, upward: Bool) {
            for text in lines {
                let l = read(text)
                guard !l.content.isEmpty, !l.content.hasPrefix("#") else { continue }
                if let dash = l.dashColumn, dash < column {
                    // The item's first key (above), or the next item (below).
                    if upward, l.keyColumn == column, let key = l.key { keys[key] = unquoted(l.value.trimmingSpaces) }
                    return
                }
                if l.keyColumn < column { return }
                if l.keyColumn == column, l.dashColumn == nil, let key = l.key { keys[key] = unquoted(l.value.trimmingSpaces) }
            }
        }
        if line.dashColumn == nil { scan(above.reversed(), upward: true) }
        scan(below, upward: false)
        return keys
    }

    /// One line read by its indentation.
    struct Line {
        /// Where the first key (or scalar) starts, after any `- `.
        var keyColumn: Int
        /// Where the line's `-` is, for a list item.
        var dashColumn: Int?
        /// The text from `keyColumn` on.
        var content: Substring
        /// The key, when the content is `key:` or `key: value`.
        var key: String?
        /// What follows `key:`, spaces dropped at its start and a comment at its end.
        var value: Substring = ""
    }

    static func read(_ text: Substring) -> Line {
        var i = text.startIndex
        var column = 0
        while i < text.endIndex, text[i] == " " {
            i = text.index(after: i)
            column += 1
        }
        var dash: Int?
        if i < text.endIndex, text[i] == "-" {
            let after = text.index(after: i)
            if after == text.endIndex || text[after] == " " {
                dash = column
                i = after
                column += 1
                while i < text.endIndex, text[i] == " " {
                    i = text.index(after: i)
                    column += 1
                }
            }
        }
        var line = Line(keyColumn: column, dashColumn: dash, content: text[i...])
        // `key:` then the end or a space; a key is not a flow collection or a comment.
        guard let first = line.content.first, !"{[#".contains(first) else { return line }
        var j = line.content.startIndex
        var quote: Character?
        while j < line.content.endIndex {
            let c = line.content[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if j == line.content.startIndex, c == "\"" || c == "'" {
                quote = c
            } else if c == ":" {
                let after = line.content.index(after: j)
                if after == line.content.endIndex || line.content[after] == " " {
                    line.key = unquoted(String(line.content[..<j]).trimmingSpaces)
                    var value = line.content[after...].drop { $0 == " " }
                    if value.hasPrefix("#") { value = value[value.endIndex...] }
                    if let hash = value.range(of: " #") { value = value[..<hash.lowerBound] }
                    line.value = value
                    return line
                }
            } else if c == "{" || c == "[" || c == "," {
                return line
            }
            j = line.content.index(after: j)
        }
        return line
    }

    /// True when the end of `prefix` is inside a comment: a `#` at the start or after a space,
    /// outside quotes.
    static func endsInComment(_ prefix: String) -> Bool {
        var quote: Character?
        var previous: Character = " "
        for c in prefix {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                // A quote opens a quoted scalar only where one can start (not inside a word: `don't`).
                if previous == " " || "[{,:".contains(previous) { quote = c }
            } else if c == "#", previous == " " || previous == "\t" {
                return true
            }
            previous = c
        }
        return false
    }

    /// `text` without an opening quote.
    static func unquoted(_ text: String) -> String {
        guard let first = text.first, first == "\"" || first == "'" else { return text }
        var rest = text.dropFirst()
        if rest.last == first { rest = rest.dropLast() }
        return String(rest)
    }

    /// The name (letters, digits, `_`, `.`) at the end of `text`.
    static func trailingWord(_ text: String) -> String {
        String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.reversed())
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
