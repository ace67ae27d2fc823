/// Mutations that matter to a YAML reader and a flow compiler: bytes, YAML tokens, lines,
/// indentation, line breaks, splices of two files, and scalars and keys swapped for others.
///
/// Everything random comes from the generator passed in, so one seed gives one sequence of
/// inputs.
struct Mutator {
    /// Keys and scalars to splice in.
    let corpus: SeedCorpus
    /// Mutated inputs are cut back to this many bytes.
    var maxBytes = 256 * 1024

    /// The kinds of mutation, picked uniformly.
    enum Kind: CaseIterable {
        case flipBit, setByte, insertBytes, deleteBytes, insertToken, invalidUTF8, byteOrderMark
        case duplicateLine, deleteLine, swapLines, repeatBlock, indent, tabIndent
        case lineBreaks, truncate, splice, replaceScalar, replaceKey, typoInKey, insertKeyLine
        case anchorAndAlias, aliasBomb, longLine, deepNesting, documentMarkers
    }

    /// Tokens that change how YAML reads what follows them.
    static let tokens: [[UInt8]] =
        [
            "&a ", "*a", "&b ", "*b", "[", "]", "{", "}", ": ", ":", "- ", "? ", ", ", "!!str ", "!!map ", "!!seq ",
            "!!int ", "!<tag:yaml.org,2002:str> ", "!local ", "|", ">", "|-", ">+", "|2", "\t", "---", "...", "--- ", "# ",
            "#", "\"", "'", "\\", "\u{FEFF}", "%YAML 1.2\n", "%YAML 1.1\n", "%TAG ! tag:x,2000:\n", "<<: ", "<<: *a",
            "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "@", "`", "%", " ", "  ", "~", "\"\\", "'\n'", "\n  ",
            "\n- ", ": |\n  ", ": >-\n    ", "? - a\n: b\n",
        ].map { Array($0.utf8) } + [[0x00], [0x1B], [0x7F], [0x0B], [0x0C]]

    /// Byte sequences that are not UTF-8.
    static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0xFE], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xC3], [0xF0, 0x9F, 0x92],
        [0xFE, 0xFF], [0xFF, 0xFE],
    ]

    /// Bytes worth writing over another byte.
    static let interestingBytes: [UInt8] = [
        0x00, 0x09, 0x0A, 0x0D, 0x20, 0x22, 0x23, 0x26, 0x27, 0x2A, 0x2C, 0x2D, 0x3A, 0x3E, 0x3F, 0x40, 0x5B, 0x5D,
        0x7B, 0x7C, 0x7D, 0x7F, 0x80, 0xC2, 0xE2, 0xEF, 0xFF,
    ]

    /// Applies one to four random mutations to `input`; `other` is a second corpus entry for
    /// splicing.
    func mutate(_ input: [UInt8], other: [UInt8], using rng: inout Xoshiro256) -> [UInt8] {
        var bytes = input
        let count = 1 + (rng.chance(50) ? 0 : rng.below(4))
        for _ in 0..<count {
            let kind = Kind.allCases[rng.below(Kind.allCases.count)]
            apply(kind, to: &bytes, other: other, using: &rng)
        }
        if bytes.count > maxBytes { bytes.removeSubrange(maxBytes...) }
        return bytes
    }

    func apply(_ kind: Kind, to bytes: inout [UInt8], other: [UInt8], using rng: inout Xoshiro256) {
        switch kind {
        case .flipBit:
            guard !bytes.isEmpty else { return }
            bytes[rng.below(bytes.count)] ^= 1 << UInt8(rng.below(8))
        case .setByte:
            guard !bytes.isEmpty else { return }
            let value = rng.chance(50) ? UInt8(truncatingIfNeeded: rng.next()) : rng.element(of: Self.interestingBytes) ?? 0
            bytes[rng.below(bytes.count)] = value
        case .insertBytes:
            let run = (0..<rng.size(max: 16)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            bytes.insert(contentsOf: run, at: rng.below(bytes.count + 1))
        case .deleteBytes:
            guard !bytes.isEmpty else { return }
            let start = rng.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + rng.size(max: 64)))
        case .insertToken:
            bytes.insert(contentsOf: rng.element(of: Self.tokens) ?? [], at: position(in: bytes, using: &rng))
        case .invalidUTF8:
            bytes.insert(contentsOf: rng.element(of: Self.invalidUTF8) ?? [], at: position(in: bytes, using: &rng))
        case .byteOrderMark:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: rng.chance(50) ? 0 : rng.below(bytes.count + 1))
        case .truncate:
            guard !bytes.isEmpty else { return }
            bytes.removeSubrange(rng.below(bytes.count)...)
        case .splice:
            let cut = rng.below(bytes.count + 1)
            let from = rng.below(other.count + 1)
            if rng.chance(50) {
                // At line boundaries, so that both halves stay YAML-shaped.
                let lines = Lines(bytes), others = Lines(other)
                bytes = lines.joined(0..<rng.below(lines.count + 1)) + others.joined(rng.below(others.count + 1)..<others.count)
            } else {
                bytes = Array(bytes[..<cut]) + other[from...]
            }
        case .replaceScalar:
            replaceWord(in: &bytes, key: false, with: rng.element(of: corpus.scalars) ?? [], using: &rng)
        case .replaceKey:
            replaceWord(in: &bytes, key: true, with: rng.element(of: corpus.keys) ?? [], using: &rng)
        case .typoInKey:
            typoInKey(&bytes, using: &rng)
        case .duplicateLine, .deleteLine, .swapLines, .repeatBlock, .indent, .tabIndent, .lineBreaks, .insertKeyLine,
            .documentMarkers:
            mutateLines(kind, &bytes, using: &rng)
        case .anchorAndAlias, .aliasBomb, .longLine, .deepNesting:
            insertStructure(kind, &bytes, using: &rng)
        }
    }

    /// A position that is often where YAML decides something: a line start, after `: ` or
    /// `- `, or the end; otherwise any byte.
    func position(in bytes: [UInt8], using rng: inout Xoshiro256) -> Int {
        guard !bytes.isEmpty, rng.chance(60) else { return rng.below(bytes.count + 1) }
        let start = rng.below(bytes.count)
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x0A { return i + 1 }
            if i + 1 < bytes.count, bytes[i + 1] == 0x20, bytes[i] == 0x3A || bytes[i] == 0x2D { return i + 2 }
            i += 1
        }
        return bytes.count
    }
}
