/// One small change to a flow file: the file's text with one scalar rewritten.
package struct FlowMutant: Sendable {
    /// The operator that made it (`number`, `route`).
    package var operatorName: String
    /// The flow file.
    package var file: String
    /// Where the changed scalar is (line and column of its first character).
    package var location: SourceLocation
    /// The key path of the changed scalar (`tax.US-NY`, `steps[charge].retry.attempts`).
    package var keyPath: String
    /// The scalar's text before.
    package var before: String
    /// The scalar's text after.
    package var after: String
    /// The mutated file.
    package var bytes: [UInt8]

    /// `file:line`.
    package var position: String { "\(file):\(location.line)" }

    /// The change for people: `tax rate US-NY 8.875 → 0`, `steps[charge].on.declined card → end`.
    package var change: String { "\(label) \(before) → \(after)" }

    /// What the changed scalar is, in words where the path alone would be cryptic.
    package var label: String {
        if keyPath.hasPrefix("tax.") { return "tax rate \(keyPath.dropFirst(4))" }
        if keyPath.hasPrefix("currencies.rates.") { return "currency rate \(keyPath.dropFirst(17))" }
        return keyPath
    }
}

/// Makes the mutants of a flow file from its syntax tree and `MutationOperator.all`.
package enum FlowMutator {
    /// Every mutant of the flow file `bytes` (named `file`), in source order, each site's
    /// operators in table order. A file that does not parse has none.
    package static func mutants(of bytes: [UInt8], file: String, operators: [MutationOperator] = MutationOperator.all) -> [FlowMutant] {
        guard let root = YAMLParser.parse(bytes, file: file).root else { return [] }
        var out: [FlowMutant] = []
        for site in MutationSites.collect(root) {
            let range = site.node.range
            guard range.start.offset >= 0, range.start.offset < range.end.offset, range.end.offset <= bytes.count else { continue }
            let style = site.node.scalar?.style ?? .plain
            for op in operators {
                for after in op.changes(site) where after != site.text {
                    var mutated = bytes
                    if after == MutationOperator.removed {
                        guard let (span, text) = removal(site, in: bytes), span.upperBound <= bytes.count else { continue }
                        mutated.replaceSubrange(span, with: Array(text.utf8))
                    } else {
                        mutated.replaceSubrange(
                            range.start.offset..<range.end.offset, with: Array(YAMLScalarText.written(after, style: style).utf8))
                    }
                    out.append(
                        FlowMutant(
                            operatorName: op.name, file: file, location: range.start, keyPath: site.keyPath, before: site.text,
                            after: after, bytes: mutated))
                }
            }
        }
        return out
    }

    /// The bytes to replace, and with what, to take a list item out: from the item to the next
    /// one's start (`visa, ` of `[visa, mastercard]`; `visa`, the line break and `- ` of a block
    /// list), for the last item from the previous one's end, and the only item's list becomes `[]`
    /// (a flow list `[x]` whole; a block list from its `-` to the item's end, keeping the break
    /// after it).
    static func removal(_ site: MutationSite, in bytes: [UInt8]) -> (Range<Int>, String)? {
        let ranges = site.listRanges
        let i = site.listIndex
        guard ranges.indices.contains(i) else { return nil }
        if ranges.count == 1 {
            guard let list = site.listRange, bytes.indices.contains(list.start.offset) else { return nil }
            let end = bytes[list.start.offset] == UInt8(ascii: "[") ? list.end.offset : ranges[i].end.offset
            return list.start.offset < end ? (list.start.offset..<end, "[]") : nil
        }
        let span =
            i + 1 < ranges.count
            ? ranges[i].start.offset..<ranges[i + 1].start.offset : ranges[i - 1].end.offset..<ranges[i].end.offset
        return span.isEmpty ? nil : (span, "")
    }
}

/// Writes a scalar's new text into YAML source in place of the old one.
enum YAMLScalarText {
    /// `text` plain when the original was plain and plain YAML reads it back unchanged in
    /// block and flow context alike; double-quoted otherwise.
    static func written(_ text: String, style: YAMLScalar.Style) -> String {
        if style == .plain, isPlainSafe(text) { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// No indicator that could end or retype the scalar: letters, digits, spaces inside, and
    /// `. - _ ( ) < > = !` after the first character.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last, first != " ", last != " " else { return false }
        if "-?!|>%@&*'\"#:,[]{}`=<(".unicodeScalars.contains(first) { return false }
        if ["true", "false", "null", "~"].contains(text) { return true }
        return text.unicodeScalars.allSatisfy { s in
            (s.properties.isAlphabetic && s.isASCII) || ("0"..."9").contains(s) || " .-_()<>=!".unicodeScalars.contains(s)
        }
    }
}
