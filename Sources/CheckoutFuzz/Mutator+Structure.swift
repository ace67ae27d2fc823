/// Mutations over lines and YAML structure.
extension Mutator {
    func mutateLines(_ kind: Kind, _ bytes: inout [UInt8], using rng: inout Xoshiro256) {
        var lines = Lines(bytes)
        guard lines.count > 0 else {
            bytes += Array("a: b\n".utf8)
            return
        }
        let i = rng.below(lines.count)
        switch kind {
        case .duplicateLine:
            lines.items.insert(lines.items[i], at: rng.below(lines.count + 1))
        case .deleteLine:
            lines.items.remove(at: i)
        case .swapLines:
            lines.items.swapAt(i, rng.below(lines.count))
        case .repeatBlock:
            let end = min(lines.count, i + rng.size(max: 8))
            let block = Array(lines.items[i..<end])
            let times = rng.size(max: 64)
            for _ in 0..<times { lines.items.insert(contentsOf: block, at: end) }
        case .indent:
            // Shift a run of lines right or left, as a bad paste would.
            let end = min(lines.count, i + rng.size(max: 16))
            let shift = rng.int(in: -4...4)
            for j in i..<end {
                if shift > 0 {
                    lines.items[j].insert(contentsOf: repeatElement(UInt8(0x20), count: shift), at: 0)
                } else {
                    let spaces = lines.items[j].prefix { $0 == 0x20 }.count
                    lines.items[j].removeFirst(min(spaces, -shift))
                }
            }
        case .tabIndent:
            let spaces = lines.items[i].prefix { $0 == 0x20 }.count
            lines.items[i].replaceSubrange(0..<spaces, with: rng.chance(50) ? [0x09] : [0x20, 0x09])
        case .lineBreaks:
            let breaks: [[UInt8]] = [[0x0D, 0x0A], [0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]
            let replacement = rng.element(of: breaks) ?? [0x0A]
            let all = rng.chance(50)
            for j in lines.items.indices where (all || j == i) && lines.items[j].last == 0x0A {
                lines.items[j].removeLast()
                lines.items[j] += replacement
            }
        case .insertKeyLine:
            let indent = lines.items[rng.below(lines.count)].prefix { $0 == 0x20 }.count
            var line = [UInt8](repeating: 0x20, count: indent)
            line += rng.element(of: corpus.keys) ?? []
            line += rng.chance(80) ? Array(": ".utf8) + (rng.element(of: corpus.scalars) ?? []) : Array(":".utf8)
            lines.items.insert(line + [0x0A], at: rng.below(lines.count + 1))
        default:  // .documentMarkers
            let markers = ["---\n", "...\n", "--- |\n", "--- \n", "--- # c\n", "---\n---\n", "...\n---\n"]
            lines.items.insert(Array((rng.element(of: markers) ?? "---\n").utf8), at: rng.below(lines.count + 1))
        }
        bytes = lines.joined(0..<lines.count)
    }

    func insertStructure(_ kind: Kind, _ bytes: inout [UInt8], using rng: inout Xoshiro256) {
        var piece: [UInt8] = []
        switch kind {
        case .anchorAndAlias:
            // An anchor on one value and an alias on a later (or earlier) one.
            let name = rng.element(of: ["a", "b", "x", "long-anchor-name", "é"]) ?? "a"
            bytes.insert(contentsOf: Array("&\(name) ".utf8), at: position(in: bytes, using: &rng))
            piece = Array("*\(name)".utf8)
        case .aliasBomb:
            let levels = rng.int(in: 1...12), width = rng.int(in: 2...10)
            var text = "lol0: &l0 [x]\n"
            for level in 1...levels {
                let refs = Array(repeating: "*l\(level - 1)", count: width).joined(separator: ", ")
                text += "lol\(level): &l\(level) [\(refs)]\n"
            }
            piece = Array(text.utf8)
        case .longLine:
            let length = rng.size(max: 200_000)
            let unit: [UInt8] = rng.element(of: [[0x61], [0x20], [0x61, 0x2C, 0x20], [0xC3, 0xA9], [0x5B], [0x22]]) ?? [0x61]
            for _ in 0..<(length / unit.count) { piece += unit }
        default:  // .deepNesting
            let depth = rng.size(max: 512)
            switch rng.below(4) {
            case 0: piece = Array(String(repeating: "[", count: depth).utf8) + [0x31] + Array(String(repeating: "]", count: depth).utf8)
            case 1:
                piece = Array(String(repeating: "{a: ", count: depth).utf8) + [0x31]
                piece += Array(String(repeating: "}", count: depth).utf8)
            case 2:
                for level in 0..<depth { piece += Array((String(repeating: " ", count: level) + "k\(level):\n").utf8) }
            default:
                for level in 0..<depth { piece += Array((String(repeating: "  ", count: level) + "- ").utf8) + [0x0A] }
            }
            if rng.chance(30), !piece.isEmpty { piece.removeLast(rng.below(min(piece.count, 8)) + 1) }  // unbalanced
        }
        bytes.insert(contentsOf: piece, at: position(in: bytes, using: &rng))
    }

    /// Replaces a key (the text before `:` on a line) or a value (after `: `) with `word`.
    func replaceWord(in bytes: inout [UInt8], key: Bool, with word: [UInt8], using rng: inout Xoshiro256) {
        var lines = Lines(bytes)
        guard lines.count > 0 else { return }
        let start = rng.below(lines.count)
        for step in 0..<lines.count {
            let i = (start + step) % lines.count
            let line = lines.items[i]
            guard let colon = line.firstIndex(of: 0x3A) else { continue }
            let indent = line.prefix { $0 == 0x20 || $0 == 0x2D }.count
            if key {
                guard indent < colon else { continue }
                lines.items[i].replaceSubrange(indent..<colon, with: word)
            } else {
                var end = line.count
                while end > colon + 1, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
                let valueStart = min(colon + 2, end)
                lines.items[i].replaceSubrange(valueStart..<end, with: word)
            }
            bytes = lines.joined(0..<lines.count)
            return
        }
    }

    /// Misspells a key the way people do: two letters swapped, one dropped, doubled or
    /// changed, or the case changed.
    func typoInKey(_ bytes: inout [UInt8], using rng: inout Xoshiro256) {
        var lines = Lines(bytes)
        guard lines.count > 0 else { return }
        let i = rng.below(lines.count)
        let line = lines.items[i]
        let indent = line.prefix { $0 == 0x20 || $0 == 0x2D }.count
        guard let colon = line.firstIndex(of: 0x3A), colon > indent + 1 else { return }
        var key = Array(line[indent..<colon])
        let j = rng.below(key.count - 1)
        switch rng.below(5) {
        case 0: key.swapAt(j, j + 1)
        case 1: key.remove(at: j)
        case 2: key.insert(key[j], at: j)
        case 3: key[j] = UInt8(ascii: "a") + UInt8(rng.below(26))
        default: key[j] ^= 0x20  // case flip for letters
        }
        lines.items[i].replaceSubrange(indent..<colon, with: key)
        bytes = lines.joined(0..<lines.count)
    }
}

/// A file's lines, each with its line feed.
struct Lines {
    var items: [[UInt8]]

    init(_ bytes: [UInt8]) {
        items = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            items.append(Array(bytes[start...i]))
            start = i + 1
        }
        if start < bytes.count { items.append(Array(bytes[start...])) }
    }

    var count: Int { items.count }

    /// The bytes of lines `range`, concatenated.
    func joined(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        for line in items[range] { out += line }
        return out
    }
}
