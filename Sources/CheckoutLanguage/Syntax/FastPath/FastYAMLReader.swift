/// A fast path for the YAML reader: the common subset of YAML that flow files use, read
/// straight from the bytes into the same `YAMLNode` tree (ranges included) that the libyaml
/// path builds.
///
/// The subset: block mappings and sequences (compact `- key: v` and indentless sequences
/// included), plain and quoted scalars on one line, literal and folded block scalars in their
/// simple forms, flow mappings and sequences on one line, comments, blank lines and a leading
/// `---`. On anything else — tabs, CR line breaks, anchors, aliases, tags, multi-line plain or
/// quoted scalars, complex keys, directives, a second document, duplicate keys, any syntax
/// error, control characters or invalid UTF-8, nesting near the depth limit — the reader
/// bails out (`read` returns `nil`) and the caller reads the file with libyaml. So every
/// diagnostic still comes from the libyaml path: the fast path only ever returns a tree
/// without findings.
///
/// Positions follow libyaml's marks: a scalar starts at its first character (a quoted one at
/// its quote) and ends after its last non-space character (after the closing quote); an empty
/// value sits just after its `:` or `-`; a block collection starts at its first key or `-`
/// and ends where the next token starts (after comments and blank lines), or at the end of
/// the input; a flow collection ends after its closing bracket; a block scalar ends at the
/// start of the line after its last line break. Columns count Unicode scalars, offsets count
/// bytes. `FastYAMLReaderTests` and `FastYAMLGeneratedTests` compare both paths on the
/// shipped flows, fixtures, the YAML test suite, mutations and generated documents, and the
/// fuzzer compares them on every input it makes (`fast-path-mismatch`).
struct FastYAMLReader {
    /// Thrown when the input leaves the subset; the caller falls back to libyaml.
    struct Bail: Error {
        /// The reader's source line that bailed, to tell why (`bailOut(_:limits:)`).
        let file: StaticString
        let line: UInt
        init(file: StaticString = #fileID, line: UInt = #line) {
            self.file = file
            self.line = line
        }
    }

    /// Keys longer than this bail: libyaml rejects a simple key of more than 1024 characters.
    static let maxKeyLength = 1000
    /// Nesting deeper than this bails (the recursion stays shallow; libyaml reports limits).
    static let maxNesting = 64

    let bytes: UnsafeBufferPointer<UInt8>
    /// Bytes before `bytes` in the file (a byte order mark).
    let baseOffset: Int
    /// The deepest nesting read here; deeper input bails.
    let maxDepth: Int
    /// The whole file, when the caller has it as an array: big scalar tables then keep offsets
    /// into it instead of nodes (`YAMLScalarTable`).
    var source: [UInt8]? = nil
    /// The next byte to read.
    var pos = 0
    /// The current 1-based line and the offset where it starts.
    var line = 1
    var lineStart = 0
    /// The last line seen to hold a non-ASCII character (0: none), whose columns are counted.
    var nonASCIILine = 0
    /// Collections open around the reader.
    var depth = 0
    /// A known column on a line with non-ASCII characters (see `nonASCIILocation`).
    var columnCursor = (line: 0, byte: 0, column: 1)
    /// Set once past the document's optional `---`: a later `---` or `...` bails.
    var started = false

    /// Reads `bytes` (which start `baseOffset` bytes into the file) into a tree, or returns
    /// `nil` when the input is outside the subset (the libyaml path must read it).
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, baseOffset: Int, limits: YAMLLimits, source: [UInt8]? = nil
    ) -> YAMLNode? {
        var reader = FastYAMLReader(
            bytes: bytes, baseOffset: baseOffset, maxDepth: min(limits.maxDepth - 1, maxNesting), source: source)
        do {
            return try reader.document()
        } catch {
            return nil
        }
    }

    /// Where and why the reader bails out on `bytes` (the input's line and column, and the
    /// line of this reader's source that gave up), or `nil` when it reads them: for tests and
    /// for finding what keeps a file off the fast path.
    static func bailOut(_ bytes: [UInt8], limits: YAMLLimits) -> String? {
        bytes.withUnsafeBufferPointer { input -> String? in
            var reader = FastYAMLReader(bytes: input, baseOffset: 0, maxDepth: min(limits.maxDepth - 1, maxNesting))
            do throws(Bail) {
                _ = try reader.document()
                return nil
            } catch {
                let at = reader.location(min(reader.pos, input.count))
                return "at \(at) (\(error.file):\(error.line))"
            }
        }
    }

    // MARK: - Cursor

    /// The byte `k` places ahead, or 0 past the end (a real NUL byte bails where it is read).
    @inline(__always)
    func peek(_ k: Int = 0) -> UInt8 {
        let i = pos + k
        return i < bytes.count ? bytes[i] : 0
    }

    /// True at the end of the input.
    @inline(__always)
    var atEnd: Bool { pos >= bytes.count }

    /// The 0-based column of the current position, in bytes (equal to characters in indentation).
    @inline(__always)
    var indentation: Int { pos - lineStart }

    /// The location of byte `p` on the current line.
    @inline(__always)
    mutating func location(_ p: Int) -> SourceLocation {
        guard nonASCIILine == line else {
            return SourceLocation(line: line, column: p - lineStart + 1, offset: baseOffset + p)
        }
        return nonASCIILocation(p)
    }

    /// The location of byte `p` on a line with non-ASCII characters: columns are counted
    /// from a cursor that moves forward along the line (locations come almost in order), so
    /// a long line costs linear time, not quadratic.
    private mutating func nonASCIILocation(_ p: Int) -> SourceLocation {
        if columnCursor.line != line || columnCursor.byte > p {
            columnCursor = (line, lineStart, 1)
        }
        var (_, i, column) = columnCursor
        while i < p {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        columnCursor = (line, p, column)
        return SourceLocation(line: line, column: column, offset: baseOffset + p)
    }

    /// Steps over the line break at `pos`.
    @inline(__always)
    mutating func newLine() {
        pos += 1
        line += 1
        lineStart = pos
    }

    /// Skips spaces; returns how many.
    @inline(__always)
    mutating func skipSpaces() -> Int {
        let start = pos
        while pos < bytes.count, bytes[pos] == 0x20 { pos += 1 }
        return pos - start
    }

    /// Ends the line after a complete value: spaces, an optional comment (after a space),
    /// then a line break or the end of the input; then skips blank and comment lines.
    @inline(__always)
    mutating func finishLine() throws(Bail) {
        _ = skipSpaces()
        let b = peek()
        if b == 0x23 {  // '#'
            try skipComment()
        } else if b != 0x0A {
            guard atEnd else { throw Bail() }
        }
        try skipBlankLines()
    }

    /// From a line break (or the end), skips blank lines and comment lines, leaving `pos` at
    /// the first significant character of a line, or at the end of the input.
    mutating func skipBlankLines() throws(Bail) {
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x0A {
                newLine()
            } else if b == 0x20 {
                pos += 1
            } else if b == 0x23 {
                try skipComment()
            } else if b < 0x20 || b == 0x7F {
                throw Bail()  // a tab, CR or another control character
            } else {
                // Document markers at column 0 end the document: leave those to libyaml.
                // (`document()` reads a `---` before the first node.)
                if pos == lineStart, b == 0x2D || b == 0x2E, peek(1) == b, peek(2) == b {
                    let after = peek(3)
                    if after == 0x20 || after == 0x0A || after == 0 {
                        guard !started, b == 0x2D else { throw Bail() }
                    }
                }
                return
            }
        }
    }

    /// Skips a comment (a `#` at a line's start or after a space) up to, not over, its line
    /// break, checking its characters.
    mutating func skipComment() throws(Bail) {
        guard pos == lineStart || bytes[pos - 1] == 0x20 else { throw Bail() }
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x0A { return }
            if b >= 0x20, b < 0x7F {
                pos += 1
            } else {
                try skipNonASCII()
            }
        }
    }

    /// Steps over one non-ASCII character at `pos`, or bails on a byte libyaml would reject
    /// or treat specially: control characters, tabs, CR, invalid UTF-8, the NEL/LS/PS line
    /// breaks, byte order marks, non-characters.
    mutating func skipNonASCII() throws(Bail) {
        let lead = bytes[pos]
        let scalar: UInt32
        let length: Int
        switch lead {
        case 0xC2...0xDF:
            length = 2
            scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            scalar = UInt32(lead & 0x07)
        default:
            throw Bail()
        }
        guard pos + length <= bytes.count else { throw Bail() }
        var value = scalar
        for k in 1..<length {
            let b = bytes[pos + k]
            guard b & 0xC0 == 0x80 else { throw Bail() }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest, value >= 0xA0, value <= 0x10FFFF else { throw Bail() }
        guard !(0xD800...0xDFFF).contains(value), value != 0x2028, value != 0x2029 else { throw Bail() }
        guard value != 0xFEFF, value != 0xFFFE, value != 0xFFFF else { throw Bail() }
        pos += length
        nonASCIILine = line
    }

    // MARK: - Document

    /// The whole input: an optional `---` line, one block mapping or sequence (or a flow
    /// collection), and nothing after it but blank lines and comments.
    mutating func document() throws(Bail) -> YAMLNode {
        try skipBlankLines()
        if pos == lineStart, peek() == 0x2D, peek(1) == 0x2D, peek(2) == 0x2D, [0x20, 0x0A, 0].contains(peek(3)) {
            pos += 3
            started = true
            try finishLine()
        }
        started = true
        guard !atEnd else { throw Bail() }
        let root = try blockNode(parentIndent: -1)
        guard atEnd else { throw Bail() }
        return root
    }
}
