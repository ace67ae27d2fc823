#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A big mapping of one-line scalar pairs (`  US-NY: 8.875`), held as byte offsets into the
/// file instead of a node per scalar: 20 bytes a pair where `YAMLPair` takes 128 (issue 21).
///
/// The fast path switches a block mapping to this form when it reaches
/// `YAMLTreeBuilder.largeCollection` pairs and every pair so far qualifies (`entry(...)`), and
/// back to nodes when a later pair does not. A pair qualifies only when the table gives back
/// exactly the pair the reader made — the same text, style and range — which `entry` checks
/// on the spot: a key and value without tags, plain or quoted, on one line, whose text is the
/// bytes between the quotes. Lines are kept; columns are counted again from the line's start.
struct YAMLScalarTable: Sendable {
    /// One pair: file offsets of the key's and the value's ranges, and the line and styles.
    struct Entry: Sendable {
        var keyStart, keyEnd, valueStart, valueEnd: UInt32
        /// `line << 4 | keyStyle << 2 | valueStyle` (styles: 0 plain, 1 single-, 2 double-quoted).
        var info: UInt32
    }

    /// The whole file, shared with the caller's array (not copied).
    let source: [UInt8]
    /// Where the text starts in `source` (after a byte order mark): line 1 starts there.
    let baseOffset: Int
    private(set) var entries: [Entry] = []

    init(source: [UInt8], baseOffset: Int) {
        self.source = source
        self.baseOffset = baseOffset
    }

    var count: Int { entries.count }

    mutating func reserveCapacity(_ capacity: Int) { entries.reserveCapacity(capacity) }

    mutating func append(_ entry: Entry) { entries.append(entry) }

    /// The pair at `index`, as the reader made it.
    func pair(_ index: Int) -> YAMLPair {
        let e = entries[index]
        return source.withUnsafeBufferPointer { s in
            let at = Self.locations(e, in: s, baseOffset: baseOffset)
            let key = YAMLNode(
                kind: .scalar(Self.scalar(s, Int(e.keyStart), Int(e.keyEnd), style: e.info >> 2 & 3)),
                range: SourceRange(start: at.0, end: at.1))
            let value = YAMLNode(
                kind: .scalar(Self.scalar(s, Int(e.valueStart), Int(e.valueEnd), style: e.info & 3)),
                range: SourceRange(start: at.2, end: at.3))
            return YAMLPair(key: key, value: value)
        }
    }

    /// The key and value scalars of the pair at `index`, without their ranges.
    func scalars(_ index: Int) -> (key: YAMLScalar, value: YAMLScalar) {
        let e = entries[index]
        return source.withUnsafeBufferPointer { s in
            (
                Self.scalar(s, Int(e.keyStart), Int(e.keyEnd), style: e.info >> 2 & 3),
                Self.scalar(s, Int(e.valueStart), Int(e.valueEnd), style: e.info & 3)
            )
        }
    }

    /// Calls `body` with each pair's index and the UTF-8 of its key's and value's text (inside
    /// the quotes when quoted: the bytes are the text), in order, without making strings.
    func forEachText(_ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        source.withUnsafeBufferPointer { s in
            for (i, e) in entries.enumerated() {
                let kq = e.info >> 2 & 3 == 0 ? 0 : 1
                let vq = e.info & 3 == 0 ? 0 : 1
                body(
                    i, UnsafeBufferPointer(rebasing: s[(Int(e.keyStart) + kq)..<(Int(e.keyEnd) - kq)]),
                    UnsafeBufferPointer(rebasing: s[(Int(e.valueStart) + vq)..<(Int(e.valueEnd) - vq)]))
            }
        }
    }

    /// The key text of the pair at `index` (for duplicate-key checks).
    func keyText(_ index: Int) -> String {
        let e = entries[index]
        return source.withUnsafeBufferPointer { Self.text($0, Int(e.keyStart), Int(e.keyEnd), quoted: e.info >> 2 & 3 != 0) }
    }

    /// The entry for `key: value`, or nil when the table could not give back that exact pair.
    /// `bytes` are the reader's bytes, which start `baseOffset` bytes into `source`.
    static func entry(_ key: YAMLNode, _ value: YAMLNode, bytes: UnsafeBufferPointer<UInt8>, baseOffset: Int) -> Entry? {
        guard key.tag == nil, value.tag == nil, case .scalar(let k) = key.kind, case .scalar(let v) = value.kind,
            let keyStyle = styleBits(k.style), let valueStyle = styleBits(v.style)
        else { return nil }
        let (kr, vr) = (key.range, value.range)
        let line = kr.start.line
        guard kr.end.line == line, vr.start.line == line, vr.end.line == line, line < 1 << 27,
            kr.start.offset >= baseOffset, kr.start.offset <= kr.end.offset, kr.end.offset <= vr.start.offset,
            vr.start.offset <= vr.end.offset, vr.end.offset - baseOffset <= bytes.count, vr.end.offset < Int(UInt32.max)
        else { return nil }
        let entry = Entry(
            keyStart: UInt32(kr.start.offset), keyEnd: UInt32(kr.end.offset),
            valueStart: UInt32(vr.start.offset), valueEnd: UInt32(vr.end.offset),
            info: UInt32(line) << 4 | keyStyle << 2 | valueStyle)
        // The bytes `bytes` holds start at file offset `baseOffset`; read them at file offsets.
        guard let base = bytes.baseAddress?.advanced(by: -baseOffset) else { return nil }
        let file = UnsafeBufferPointer(start: base, count: bytes.count + baseOffset)
        guard sameText(k.value, file, Int(entry.keyStart), Int(entry.keyEnd), quoted: keyStyle != 0),
            sameText(v.value, file, Int(entry.valueStart), Int(entry.valueEnd), quoted: valueStyle != 0)
        else { return nil }
        let at = locations(entry, in: file, baseOffset: baseOffset)
        guard at == (kr.start, kr.end, vr.start, vr.end) else { return nil }
        return entry
    }

    private static func styleBits(_ style: YAMLScalar.Style) -> UInt32? {
        switch style {
        case .plain: return 0
        case .singleQuoted: return 1
        case .doubleQuoted: return 2
        case .literal, .folded: return nil
        }
    }

    private static func style(_ bits: UInt32) -> YAMLScalar.Style {
        bits == 0 ? .plain : bits == 1 ? .singleQuoted : .doubleQuoted
    }

    /// The four locations of an entry: columns counted in Unicode scalars from the line's start.
    /// (`file` is indexed by file offset; indices below `baseOffset` are never read.)
    private static func locations(
        _ e: Entry, in file: UnsafeBufferPointer<UInt8>, baseOffset: Int
    ) -> (SourceLocation, SourceLocation, SourceLocation, SourceLocation) {
        let line = Int(e.info >> 4)
        var p = Int(e.keyStart)
        while p > baseOffset, file[p - 1] != 0x0A { p -= 1 }
        var column = 1
        func location(_ offset: UInt32) -> SourceLocation {
            let o = Int(offset)
            while p < o {
                if file[p] & 0xC0 != 0x80 { column += 1 }
                p += 1
            }
            return SourceLocation(line: line, column: column, offset: o)
        }
        return (location(e.keyStart), location(e.keyEnd), location(e.valueStart), location(e.valueEnd))
    }

    private static func scalar(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, style bits: UInt32) -> YAMLScalar {
        YAMLScalar(value: text(file, start, end, quoted: bits != 0), style: style(bits))
    }

    private static func text(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, quoted: Bool) -> String {
        let q = quoted ? 1 : 0
        return String(decoding: UnsafeBufferPointer(rebasing: file[(start + q)..<(end - q)]), as: UTF8.self)
    }

    /// True when `text`'s UTF-8 is the bytes of `start..<end` (inside the quotes when quoted).
    private static func sameText(_ text: String, _ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, quoted: Bool) -> Bool {
        let q = quoted ? 1 : 0
        guard end - start >= 2 * q else { return false }
        let bytes = UnsafeBufferPointer(rebasing: file[(start + q)..<(end - q)])
        guard text.utf8.count == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return text.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
            ?? text.utf8.elementsEqual(bytes)
    }
}
