/// Literal (`|`) and folded (`>`) block scalars in their plain form: an optional chomping
/// indicator (`-`, `+`), the indentation taken from the first line, no empty lines before
/// it, no lines of only spaces as long as the indentation or longer, and for folded scalars
/// no more-indented lines. Anything else
/// (an explicit indentation indicator, an empty scalar, a tab) bails.
///
/// The scalar starts at its indicator and, as libyaml marks it, ends at the start of the line
/// after its last line break: the line that ends it (even a comment line), or the end of
/// the input.
extension FastYAMLReader {
    /// The block scalar whose indicator is at `pos`, in a collection indented by
    /// `parentIndent`. Leaves `pos` at the start of the line that ends it (or at the end).
    mutating func literalOrFolded(parentIndent: Int) throws(Bail) -> YAMLNode {
        let start = location(pos)
        let isLiteral = peek() == 0x7C
        pos += 1
        var chomping = 0  // -1 strip, 0 clip, +1 keep
        if peek() == 0x2D {
            chomping = -1
            pos += 1
        } else if peek() == 0x2B {
            chomping = 1
            pos += 1
        }
        _ = skipSpaces()
        if peek() == 0x23 { try skipComment() }
        guard pos < bytes.count, bytes[pos] == 0x0A else { throw Bail() }
        newLine()
        let indent = spacesAhead()
        guard indent > parentIndent, indent >= 1, pos + indent < bytes.count, bytes[pos + indent] != 0x0A else { throw Bail() }

        var value: [UInt8] = []
        var emptyLines = 0  // since the last content line
        var isFirst = true
        var endsWithBreak = false
        while true {
            // A line of fewer spaces than the indentation is empty (one of as many or more
            // would be content); at the end of the input, it ends the scalar at its start.
            let n = spacesAhead()
            if pos + n >= bytes.count {
                guard n < indent else { throw Bail() }
                break
            }
            if bytes[pos + n] == 0x0A {
                guard n < indent else { throw Bail() }
                emptyLines += 1
                pos += n
                newLine()
                continue
            }
            if n < indent { break }
            guard n == indent || isLiteral else { throw Bail() }  // folding around more-indented lines
            if !isFirst {
                if isLiteral {
                    value.append(contentsOf: repeatElement(0x0A, count: 1 + emptyLines))
                } else if emptyLines == 0 {
                    value.append(0x20)
                } else {
                    value.append(contentsOf: repeatElement(0x0A, count: emptyLines))
                }
            }
            isFirst = false
            emptyLines = 0
            pos += indent
            let content = pos
            try skipLineContent()
            value.append(contentsOf: bytes[content..<pos])
            endsWithBreak = pos < bytes.count
            if !endsWithBreak { break }
            newLine()
        }
        if endsWithBreak, chomping >= 0 {
            value.append(contentsOf: repeatElement(0x0A, count: chomping > 0 ? 1 + emptyLines : 1))
        }
        return YAMLNode(
            kind: .scalar(YAMLScalar(value: String(decoding: value, as: UTF8.self), style: isLiteral ? .literal : .folded)),
            range: SourceRange(start: start, end: location(pos))
        )
    }

    /// How many spaces start the input at `pos`.
    @inline(__always)
    private func spacesAhead() -> Int {
        var n = 0
        while pos + n < bytes.count, bytes[pos + n] == 0x20 { n += 1 }
        return n
    }

    /// Steps to the end of the line (its line break or the end of the input), checking its
    /// characters.
    private mutating func skipLineContent() throws(Bail) {
        while pos < bytes.count {
            let b = bytes[pos]
            if b >= 0x20, b < 0x7F {
                pos += 1
            } else if b == 0x0A {
                return
            } else if b >= 0x80 {
                try skipNonASCII()
            } else {
                throw Bail()
            }
        }
    }
}
