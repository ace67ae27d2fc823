import CYAML

/// Turns libyaml positions into `SourceLocation`s.
///
/// libyaml marks count characters (`index`) with 0-based line and column; a location also
/// needs the byte offset. For ASCII input the two agree; otherwise a cursor walks the UTF-8
/// bytes, and since marks arrive almost in order, the walk is linear over the whole parse.
struct YAMLSourceMap {
    /// The bytes libyaml reads (after any byte order mark).
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Bytes before `bytes` in the file (a UTF-8 byte order mark).
    private let baseOffset: Int
    /// True when every byte is ASCII, so character index and byte offset agree.
    private let isASCII: Bool
    /// True when the input ends with a line break (or is empty).
    private let endsWithBreak: Bool
    /// Where the input ends, once needed (see `location(_:)`).
    private var endOfInput: SourceLocation?
    private var cursorCharacter = 0
    private var cursorByte = 0

    /// The number of bytes libyaml reads.
    var byteCount: Int { bytes.count }

    /// A map over `bytes`, which start `baseOffset` bytes into the file.
    init(bytes: UnsafeBufferPointer<UInt8>, baseOffset: Int) {
        self.bytes = bytes
        self.baseOffset = baseOffset
        self.isASCII = Self.isASCII(bytes)
        // LF, CR, NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9) — whole sequences: 0x85, 0xA8
        // and 0xA9 also end ordinary letters (`é` is C3 A9).
        let n = bytes.count
        func ends(with suffix: [UInt8]) -> Bool { n >= suffix.count && Array(bytes[(n - suffix.count)...]) == suffix }
        self.endsWithBreak =
            n == 0 || bytes[n - 1] == 0x0A || bytes[n - 1] == 0x0D || ends(with: [0xC2, 0x85]) || ends(with: [0xE2, 0x80, 0xA8])
            || ends(with: [0xE2, 0x80, 0xA9])
    }

    /// The byte at a file offset (as in `SourceLocation.offset`), if there is one.
    func byte(at offset: Int) -> UInt8? {
        let index = offset - baseOffset
        return bytes.indices.contains(index) ? bytes[index] : nil
    }

    /// The location of a libyaml mark.
    ///
    /// At the end of an input without a final line break, libyaml pretends there was one and
    /// marks the start of the next line; the location is then recounted from the bytes, so that
    /// it lies on the file's last line.
    @inline(__always)
    mutating func location(_ mark: yaml_mark_t) -> SourceLocation {
        let offset = byteOffset(ofCharacter: mark.index)
        if offset == bytes.count, !endsWithBreak { return endLocation() }
        return SourceLocation(line: mark.line + 1, column: mark.column + 1, offset: baseOffset + offset)
    }

    private mutating func endLocation() -> SourceLocation {
        if let endOfInput { return endOfInput }
        let end = location(ofByte: bytes.count)
        endOfInput = end
        return end
    }

    /// The location of a byte offset into `bytes`, counting lines and columns as libyaml does
    /// (for reader errors, which libyaml reports as a byte offset only).
    func location(ofByte target: Int) -> SourceLocation {
        let end = min(max(target, 0), bytes.count)
        var line = 1
        var column = 1
        var i = 0
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if i + 1 < end, bytes[i + 1] == 0x0A { i += 1 }
                line += 1
                column = 1
            } else if isUnicodeBreak(at: i, end: end) {
                line += 1
                column = 1
                i += byte == 0xC2 ? 1 : 2
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourceLocation(line: line, column: column, offset: baseOffset + end)
    }

    /// NEL (U+0085), LS (U+2028) and PS (U+2029), which libyaml also counts as line breaks.
    private func isUnicodeBreak(at i: Int, end: Int) -> Bool {
        switch bytes[i] {
        case 0xC2: return i + 1 < end && bytes[i + 1] == 0x85
        case 0xE2: return i + 2 < end && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
        default: return false
        }
    }

    @inline(__always)
    private mutating func byteOffset(ofCharacter index: Int) -> Int {
        if isASCII { return min(index, bytes.count) }
        return byteOffset(ofNonASCIICharacter: index)
    }

    private mutating func byteOffset(ofNonASCIICharacter index: Int) -> Int {
        while cursorCharacter < index, cursorByte < bytes.count {
            cursorByte += Self.sequenceLength(bytes[cursorByte])
            cursorCharacter += 1
        }
        while cursorCharacter > index, cursorByte > 0 {
            cursorByte -= 1
            while cursorByte > 0, bytes[cursorByte] & 0xC0 == 0x80 { cursorByte -= 1 }
            cursorCharacter -= 1
        }
        cursorByte = min(cursorByte, bytes.count)
        return cursorByte
    }

    @inline(__always)
    private static func sequenceLength(_ lead: UInt8) -> Int {
        if lead < 0xC0 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let words = bytes.count / 8
        var high: UInt64 = 0
        for w in 0..<words {
            high |= raw.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self)
        }
        for i in (words * 8)..<bytes.count {
            high |= UInt64(bytes[i])
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
