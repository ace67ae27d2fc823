/// A line of styled text, painted only when written, so its width can be measured and
/// limited to the window first (a line that wrapped would break the redraw).
package struct StyledLine: Sendable, Hashable {
    package var segments: [Segment]

    package struct Segment: Sendable, Hashable {
        package var text: String
        package var style: TextStyle
    }

    package init(_ segments: [(String, TextStyle)] = []) {
        self.segments = segments.map { Segment(text: $0.0, style: $0.1) }
    }

    package mutating func add(_ text: String, _ style: TextStyle = .plain) {
        segments.append(Segment(text: text, style: style))
    }

    /// The text without styles.
    package var plain: String { segments.map(\.text).joined() }

    /// The cells the line takes.
    package var width: Int { segments.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// Painted, cut to `columns` cells.
    package func painted(_ painter: Painter, columns: Int) -> String {
        var room = columns
        var out = ""
        for s in segments {
            guard room > 0 else { break }
            let cut = DisplayWidth.prefix(s.text, cells: room)
            room -= DisplayWidth.of(cut)
            out += painter.paint(cut, s.style)
        }
        return out
    }
}

/// Character cells a text takes: wide East Asian characters and emoji take two, combining
/// marks none.
package enum DisplayWidth {
    package static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

    package static func of(_ c: Character) -> Int {
        guard let v = c.unicodeScalars.first?.value else { return 0 }
        if v < 0x300 { return 1 }
        if (0x300...0x36F).contains(v) || (0x200B...0x200F).contains(v) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// The longest prefix of `text` that fits in `cells`.
    package static func prefix(_ text: String, cells: Int) -> String {
        var used = 0
        var end = text.startIndex
        for i in text.indices {
            let w = of(text[i])
            if used + w > cells { break }
            used += w
            end = text.index(after: i)
        }
        return String(text[..<end])
    }

    /// `text` broken into lines of at most `cells`, at spaces where it can.
    package static func wrap(_ text: String, cells: Int) -> [String] {
        guard cells > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if of(candidate) <= cells {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                var rest = String(word)
                while of(rest) > cells {
                    let head = prefix(rest, cells: cells)
                    lines.append(head)
                    rest = String(rest.dropFirst(head.count))
                }
                line = rest
            }
        }
        lines.append(line)
        return lines
    }
}
