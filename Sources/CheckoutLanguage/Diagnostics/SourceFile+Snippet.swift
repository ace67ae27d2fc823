/// Cuts the lines of one source file into snippets for diagnostics: at most `width` columns of
/// a line, around the start of the span, with `…` where the line goes on, and the caret line
/// under it. A file's lines are indexed once, and findings in source order on one long line
/// are found by walking on from the previous one, so rendering N findings costs about the
/// file's size plus N × `width`, not N × the file's size.
struct SnippetCutter {
    let source: SourceFile
    let width: Int
    /// Byte offsets where each line starts and where its text ends (before the break);
    /// built on the first snippet.
    private var starts: [Int] = []
    private var ends: [Int] = []
    /// The last column found: line, 1-based column, byte offset.
    private var cursor = (line: 0, column: 1, byte: 0)

    init(source: SourceFile, width: Int) {
        self.source = source
        self.width = max(width, 8)
    }

    /// The source line at `range.start` as shown (control characters replaced, cut to the
    /// width) and the 0-based scalar indices of the span within it; nil when the line does
    /// not exist.
    mutating func cut(_ range: SourceRange) -> (line: String, start: Int, end: Int)? {
        if starts.isEmpty { indexLines() }
        let number = range.start.line
        guard number >= 1, number <= starts.count else { return nil }
        let bytes = source.bytes
        let lineStart = starts[number - 1], lineEnd = ends[number - 1]
        let column = max(1, range.start.column)
        // The byte where the span starts: walk from the line start or from the last finding.
        var (col, pos) = (1, lineStart)
        if cursor.line == number, cursor.column <= column { (col, pos) = (cursor.column, cursor.byte) }
        while col < column, pos < lineEnd {
            pos = nextScalar(after: pos, limit: lineEnd)
            col += 1
        }
        cursor = (number, col, pos)
        // A line of at most `width` scalars is shown whole; a longer one through a window of
        // up to a third of the width before the span and the rest after it.
        var fits = lineStart, count = 0
        while count <= width, fits < lineEnd {
            fits = nextScalar(after: fits, limit: lineEnd)
            count += 1
        }
        let whole = count <= width
        var windowStart = whole ? lineStart : pos
        var before = whole ? col - 1 : 0
        while !whole, before < width / 3, windowStart > lineStart {
            windowStart = previousScalar(before: windowStart, limit: lineStart)
            before += 1
        }
        var windowEnd = windowStart
        var shown = 0
        while shown < width, windowEnd < lineEnd {
            windowEnd = nextScalar(after: windowEnd, limit: lineEnd)
            shown += 1
        }
        // Near the end of the line: the width is filled from before the span instead.
        while shown < width, windowStart > lineStart {
            windowStart = previousScalar(before: windowStart, limit: lineStart)
            before += 1
            shown += 1
        }
        let clippedStart = windowStart > lineStart
        let clippedEnd = windowEnd < lineEnd
        let text = String(decoding: bytes[windowStart..<windowEnd], as: UTF8.self).replacingControlCharacters
        let lead = clippedStart ? 1 : 0
        let startIndex = min(lead + before + max(0, column - col), lead + shown)
        var endIndex: Int
        if range.end.line == number {
            endIndex = startIndex + max(0, range.end.column - column)
        } else {
            endIndex = lead + shown
        }
        endIndex = min(endIndex, lead + shown)
        return ((clippedStart ? "…" : "") + text + (clippedEnd ? "…" : ""), startIndex, endIndex)
    }

    private mutating func indexLines() {
        let bytes = source.bytes
        var i = 0
        starts.append(0)
        while i < bytes.count {
            let n = source.breakLength(at: i)
            if n == 0 {
                i += 1
                continue
            }
            ends.append(i)
            i += n
            starts.append(i)
        }
        ends.append(bytes.count)
    }

    /// The offset of the scalar after the one at `i` (UTF-8 continuation bytes skipped).
    private func nextScalar(after i: Int, limit: Int) -> Int {
        var j = i + 1
        while j < limit, source.bytes[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }

    /// The offset of the scalar before the one at `i`.
    private func previousScalar(before i: Int, limit: Int) -> Int {
        var j = i - 1
        while j > limit, source.bytes[j] & 0xC0 == 0x80 { j -= 1 }
        return j
    }
}
