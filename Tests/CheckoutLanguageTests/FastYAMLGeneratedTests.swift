import CheckoutLanguage
import Testing

/// Generated documents in (and at the edges of) the fast path's subset, laid out at random —
/// comments and blank lines at any indentation, trailing spaces, empty values, block scalars,
/// indentless sequences, no final line break — so that every position rule is exercised far
/// more often than in real flows. Whenever the fast path reads one, libyaml must agree.
@Suite("Fast YAML reader, generated documents")
struct FastYAMLGeneratedTests {
    @Test func generatedDocumentsMatchLibYAML() {
        var random = SplitMix(seed: 0xF1A5_0001)
        let count = 3000
        var fast = 0
        var reasons: [String: Int] = [:]
        for i in 0..<count {
            var generator = YAMLGenerator(random: random)
            let text = generator.document()
            random = generator.random
            if FastYAMLReaderTests.compare(Array(text.utf8), name: "generated-\(i).yaml") {
                fast += 1
            } else {
                // "at L:C (CheckoutLanguage/File.swift:N)": count by the reader's line that bailed.
                let why = YAMLParser.fastPathBailOut(Array(text.utf8)) ?? ""
                reasons[String(why.split(separator: "/").last?.dropLast() ?? ""), default: 0] += 1
            }
        }
        #expect(fast * 2 >= count, "only \(fast) of \(count) generated documents on the fast path")
        print("fast YAML reader: generated: \(fast) of \(count) on the fast path")
        print("fast YAML reader: generated, bailed at: \(reasons.sorted { $0.value > $1.value }.map { "\($0.key) ×\($0.value)" })")
    }
}

/// A seeded generator of YAML documents of the fast path's shapes.
struct YAMLGenerator {
    var random: SplitMix
    private var out = ""
    private var keyNumber = 0

    init(random: SplitMix) { self.random = random }

    private mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }
    private mutating func pick<T>(_ options: [T]) -> T { options[random.below(options.count)] }

    mutating func document() -> String {
        out = ""
        if chance(20) { out += "# yaml-language-server: $schema=../schema/flow.schema.json\n" }
        trivia(indent: 0)
        if chance(10) { out += pick(["---\n", "--- # start\n", "---  \n"]) }
        trivia(indent: 0)
        let indent = chance(10) ? 1 + random.below(2) : 0
        if chance(15) {
            blockSequence(indent: indent, depth: 0)
        } else {
            blockMapping(indent: indent, depth: 0, firstInline: false)
        }
        trivia(indent: random.below(4))
        switch random.below(4) {
        case 0: if out.last == "\n" { out.removeLast() }
        case 1: out += pick(["\n", "  \n", "# end", "# end\n", "   "])
        default: break
        }
        return out
    }

    /// Blank and comment lines, sometimes none.
    private mutating func trivia(indent: Int) {
        while chance(25) {
            switch random.below(4) {
            case 0: out += "\n"
            case 1: out += String(repeating: " ", count: random.below(6)) + "\n"
            default: out += String(repeating: " ", count: random.below(indent + 3)) + pick(["# note", "#", "# — ü"]) + "\n"
            }
        }
    }

    private mutating func key() -> String {
        keyNumber += 1
        let base = pick(["id", "kind", "when", "name", "a b", "é", "x-1", "k"]) + "\(keyNumber)"
        switch random.below(10) {
        case 0: return "'\(base)'"
        case 1: return "\"\(base)\""
        default: return base
        }
    }

    private mutating func plainScalar(flow: Bool) -> String {
        let words =
            flow
            ? ["card", "1.50", "-5", "São Paulo", "a b  c", "x-y", "true", "~", "😀", "v.1"]
            : ["card", "1.50", "-5", "São Paulo", "a b  c", "http://x.y/z", "b#c", "12:30", "a [b] {c}", "x, y", "a - b"]
        // Now and then a scalar that leaves the subset (a `?` or `!` start, a colon in flow).
        return chance(2) ? pick(["?q", "!t", "&a x", "*a", "a:b", "%"]) : pick(words)
    }

    private mutating func quotedScalar() -> String {
        pick(["'it''s'", "''", "\"\"", "\"a\\\"b\\\\c\\n\"", "'# not a comment'", "\"é: x\"", "\"[0-9]{8}\"", "' lead'"])
    }

    private mutating func flowCollection(depth: Int) -> String {
        let count = random.below(4)
        let open = chance(50)
        var parts: [String] = []
        for _ in 0..<count {
            let value: String
            if depth < 2, chance(20) {
                value = flowCollection(depth: depth + 1)
            } else {
                value = chance(70) ? plainScalar(flow: true) : quotedScalar()
            }
            parts.append(open ? "\(key()): \(value)" : value)
        }
        let space = chance(50) ? " " : ""
        let body = parts.joined(separator: pick([", ", ",", " , "]))
        if parts.isEmpty { return open ? "{}" : "[]" }
        return open ? "{\(space)\(body)\(space)}" : "[\(space)\(body)\(space)]"
    }

    /// The rest of a line after a complete value.
    private mutating func endOfLine() {
        if chance(15) { out += String(repeating: " ", count: 1 + random.below(2)) }
        if chance(15) { out += " # comment" }
        out += "\n"
    }

    private mutating func blockScalar(indent: Int) {
        out += pick(["|", ">", "|-", ">-", "|+", ">+"]) + (chance(10) ? " # c" : "") + "\n"
        let lines = 1 + random.below(4)
        for i in 0..<lines {
            if i > 0, chance(25) { out += "\n" }
            out += String(repeating: " ", count: indent) + pick(["text", "more text", "# hash", "a: b", "- item", "tail  "]) + "\n"
        }
        if chance(20) { out += "\n" }
    }

    /// A value after `key:` of a mapping at `indent` (the `:` is written).
    private mutating func value(indent: Int, depth: Int) {
        let nested = indent + 1 + random.below(3)
        switch random.below(depth < 3 ? 9 : 5) {
        case 0:
            endOfLine()  // empty
        case 1:
            out += " " + quotedScalar()
            endOfLine()
        case 2:
            out += " " + flowCollection(depth: 0)
            endOfLine()
        case 3:
            out += " "
            blockScalar(indent: nested)
        case 4:
            out += pick([" ", "  "]) + plainScalar(flow: false)
            endOfLine()
        case 5:
            endOfLine()
            trivia(indent: nested)
            blockMapping(indent: nested, depth: depth + 1, firstInline: false)
        case 6, 7:
            endOfLine()
            trivia(indent: nested)
            blockSequence(indent: chance(50) ? indent : nested, depth: depth + 1)
        default:
            out += " " + plainScalar(flow: false)
            endOfLine()
        }
    }

    private mutating func blockMapping(indent: Int, depth: Int, firstInline: Bool) {
        for i in 0..<(1 + random.below(4)) {
            if i > 0 || !firstInline { out += String(repeating: " ", count: indent) }
            out += key() + (chance(5) ? " :" : ":")
            value(indent: indent, depth: depth)
            trivia(indent: indent)
        }
    }

    private mutating func blockSequence(indent: Int, depth: Int) {
        for _ in 0..<(1 + random.below(4)) {
            out += String(repeating: " ", count: indent) + "-"
            let nested = indent + 2 + random.below(2)
            switch random.below(depth < 3 ? 7 : 4) {
            case 0:
                endOfLine()  // empty
            case 1:
                out += " " + (chance(50) ? plainScalar(flow: false) : quotedScalar())
                endOfLine()
            case 2:
                out += " " + flowCollection(depth: 0)
                endOfLine()
            case 3:
                out += " "
                blockScalar(indent: nested)
            case 4:
                out += String(repeating: " ", count: nested - indent - 1)
                blockMapping(indent: nested, depth: depth + 1, firstInline: true)
            case 5:
                endOfLine()
                trivia(indent: nested)
                if chance(50) {
                    blockMapping(indent: nested, depth: depth + 1, firstInline: false)
                } else {
                    blockSequence(indent: nested, depth: depth + 1)
                }
            default:
                out += " "
                blockSequenceInline(indent: indent + 2, depth: depth + 1)
            }
            trivia(indent: indent)
        }
    }

    /// `- - a`: a sequence whose first `-` follows another on the same line.
    private mutating func blockSequenceInline(indent: Int, depth: Int) {
        out += "- " + plainScalar(flow: false)
        endOfLine()
        if chance(50) {
            out += String(repeating: " ", count: indent) + "- " + quotedScalar()
            endOfLine()
        }
    }
}
