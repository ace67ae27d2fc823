/// Scalars on one line: plain (block or flow context), single-quoted, and double-quoted with
/// the simple escapes.
extension FastYAMLReader {
    /// A plain or quoted scalar at `pos` in block context. Leaves `pos` just after it (after
    /// the closing quote, or after the plain scalar's last non-space character).
    @inline(__always)
    mutating func blockScalar() throws(Bail) -> YAMLNode {
        switch peek() {
        case 0x27: return try singleQuoted()
        case 0x22: return try doubleQuoted()
        default: return try plain(flow: false)
        }
    }

    /// A plain or quoted scalar at `pos` in a flow collection.
    @inline(__always)
    mutating func flowScalar() throws(Bail) -> YAMLNode {
        switch peek() {
        case 0x27: return try singleQuoted()
        case 0x22: return try doubleQuoted()
        default: return try plain(flow: true)
        }
    }

    /// True for a byte that may start a plain scalar here. Indicators bail (`-` only when
    /// followed by a letter, digit or `.`, as in `-5`); so do `?` and `:` (YAML 1.1 lets them
    /// start a plain scalar, libyaml and YAML 1.2 disagree on details).
    @inline(__always)
    func canStartPlain(_ b: UInt8) -> Bool {
        switch b {
        case 0x2D:  // '-'
            let next = peek(1)
            return (next >= 0x30 && next <= 0x39) || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) || next == 0x2E
        case 0x3F, 0x3A, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x27, 0x22, 0x25, 0x40, 0x60:
            return false  // ? : , [ ] { } # & * ! | > ' " % @ `
        default:
            return b > 0x20 && b != 0x7F
        }
    }

    /// A plain scalar on one line. In block context it ends at `: `, ` #` or the line's end;
    /// in flow context at `: `, `,`, `[`, `]`, `{` or `}`, and `#`, `?`, a line break or any
    /// other `:` bail. Leaves `pos` after its last non-space character.
    mutating func plain(flow: Bool) throws(Bail) -> YAMLNode {
        let start = pos
        guard canStartPlain(peek()) else { throw Bail() }
        var end = pos
        scan: while pos < bytes.count {
            // Most bytes are printable ASCII that cannot end the scalar: skip them in a tight loop.
            let next = Self.skipOrdinary(bytes, from: pos, flow: flow)
            if next > pos {
                pos = next
                end = next
            }
            guard pos < bytes.count else { break }
            let b = bytes[pos]
            switch b {
            case 0x20:
                if !flow, peek(1) == 0x23 { break scan }
                pos += 1
                continue
            case 0x0A:
                if flow { throw Bail() }
                break scan
            case 0x3A:  // ':'
                let next = peek(1)
                if next == 0x20 || next == 0x0A || pos + 1 >= bytes.count { break scan }
                if flow { throw Bail() }
            case 0x2C, 0x5B, 0x5D, 0x7B, 0x7D:  // , [ ] { }
                if flow { break scan }
            case 0x23, 0x3F:  // '#', '?'
                if flow { throw Bail() }
            default:
                if b < 0x20 || b == 0x7F { throw Bail() }
                if b >= 0x80 {
                    try skipNonASCII()
                    end = pos
                    continue
                }
            }
            pos += 1
            end = pos
        }
        pos = end
        return makePlain(start, end)
    }

    /// The first byte at or after `start` that is not printable ASCII other than `:` (and
    /// in flow context other than `,[]{}#?`).
    @inline(__always)
    static func skipOrdinary(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, flow: Bool) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var i = start
        if flow {
            // , # ? : [ ] as bits of (byte - 0x20) for 0x20...0x5F; { } and DEL as bits of
            // (byte - 0x60) for 0x60...0x7F.
            let low: UInt64 =
                1 << (0x2C - 0x20) | 1 << (0x23 - 0x20) | 1 << (0x3F - 0x20) | 1 << (0x3A - 0x20) | 1 << (0x5B - 0x20) | 1 << (0x5D - 0x20)
            let high: UInt64 = 1 << (0x7B - 0x60) | 1 << (0x7D - 0x60) | 1 << (0x7F - 0x60)
            while i < count {
                let b = base[i]
                guard b > 0x20, b < 0x80 else { break }
                let bit = UInt64(b &- 0x20)
                if (bit < 64 ? low >> bit : high >> (bit &- 64)) & 1 != 0 { break }
                i += 1
            }
        } else {
            while i < count {
                let b = base[i]
                guard b > 0x20, b < 0x7F, b != 0x3A else { break }
                i += 1
            }
        }
        return i
    }

    @inline(__always)
    mutating func makePlain(_ start: Int, _ end: Int) -> YAMLNode {
        YAMLNode(
            kind: .scalar(YAMLScalar(value: text(start, end), style: .plain)),
            range: SourceRange(start: location(start), end: location(end))
        )
    }

    /// The text of bytes `start..<end`.
    @inline(__always)
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A single-quoted scalar on one line (`''` is a quote).
    mutating func singleQuoted() throws(Bail) -> YAMLNode {
        let start = pos
        pos += 1
        var hasEscape = false
        while true {
            guard pos < bytes.count else { throw Bail() }
            let b = bytes[pos]
            if b == 0x27 {
                if peek(1) == 0x27 {
                    hasEscape = true
                    pos += 2
                    continue
                }
                break
            }
            if b >= 0x20, b < 0x7F {
                pos += 1
            } else if b >= 0x80 {
                try skipNonASCII()
            } else {
                throw Bail()  // a line break (a multi-line scalar), a tab or a control character
            }
        }
        pos += 1
        var value = text(start + 1, pos - 1)
        if hasEscape { value = value.replacingAll("''", with: "'") }
        return YAMLNode(
            kind: .scalar(YAMLScalar(value: value, style: .singleQuoted)),
            range: SourceRange(start: location(start), end: location(pos))
        )
    }

    /// A double-quoted scalar on one line with the escapes `\\`, `\"`, `\/`, `\n`, `\t`, `\r`.
    mutating func doubleQuoted() throws(Bail) -> YAMLNode {
        let start = pos
        pos += 1
        var escaped: [UInt8] = []
        var hasEscape = false
        var copied = pos  // bytes before this are in `escaped` (once there is an escape)
        while true {
            guard pos < bytes.count else { throw Bail() }
            let b = bytes[pos]
            if b == 0x22 { break }
            if b == 0x5C {
                let replacement: UInt8
                switch peek(1) {
                case 0x5C: replacement = 0x5C
                case 0x22: replacement = 0x22
                case 0x2F: replacement = 0x2F
                case 0x6E: replacement = 0x0A
                case 0x74: replacement = 0x09
                case 0x72: replacement = 0x0D
                default: throw Bail()
                }
                hasEscape = true
                escaped.append(contentsOf: bytes[copied..<pos])
                escaped.append(replacement)
                pos += 2
                copied = pos
                continue
            }
            if b >= 0x20, b < 0x7F {
                pos += 1
            } else if b >= 0x80 {
                try skipNonASCII()
            } else {
                throw Bail()
            }
        }
        let value: String
        if hasEscape {
            escaped.append(contentsOf: bytes[copied..<pos])
            value = String(decoding: escaped, as: UTF8.self)
        } else {
            value = text(start + 1, pos)
        }
        pos += 1
        return YAMLNode(
            kind: .scalar(YAMLScalar(value: value, style: .doubleQuoted)),
            range: SourceRange(start: location(start), end: location(pos))
        )
    }
}
