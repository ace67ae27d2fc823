import CheckoutLanguage
import Foundation
import Testing

/// The fast path of the YAML reader against the libyaml path: whenever the fast path reads an
/// input (does not bail out), its document must equal libyaml's exactly — every node's kind,
/// value, style, tag and range (byte offsets included), pair order, and no diagnostics.
@Suite("Fast YAML reader")
struct FastYAMLReaderTests {
    /// The repository's root, found from this file.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `.yaml` file under `directory` (recursively), sorted, with its bytes.
    static func yamlFiles(under directory: String) -> [(path: String, bytes: [UInt8])] {
        let root = repository.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [(String, [UInt8])] = []
        while let next = walker.nextObject() as? String {
            guard next.hasSuffix(".yaml") || next.hasSuffix(".yml") else { continue }
            if let data = FileManager.default.contents(atPath: root.appendingPathComponent(next).path) {
                files.append(("\(directory)/\(next)", [UInt8](data)))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Reads `bytes` both ways; records a difference as a test failure. True when the fast
    /// path read the input.
    @discardableResult
    static func compare(_ bytes: [UInt8], name: String, limits: YAMLLimits = .default) -> Bool {
        let slow = YAMLParser.parseWithLibYAML(bytes, file: name, limits: limits)
        guard let fast = YAMLParser.parseWithFastPath(bytes, file: name, limits: limits) else { return false }
        let difference = fast.firstDifference(from: slow)
        #expect(difference == nil, "\(name): \(difference ?? "")")
        // And the public entry point gives the same document.
        #expect(YAMLParser.parse(bytes, file: name, limits: limits).firstDifference(from: slow) == nil, "\(name)")
        return true
    }

    @Test func everyShippedFlowTakesTheFastPathAndMatchesLibYAML() throws {
        let flows = Self.yamlFiles(under: "flows").filter { !$0.path.contains("/signers/") }
        try #require(flows.count >= 20, "only \(flows.count) files under flows/")
        var bailed: [String] = []
        for file in flows where !Self.compare(file.bytes, name: file.path) {
            bailed.append("\(file.path) \(YAMLParser.fastPathBailOut(file.bytes) ?? "")")
        }
        // Scenario files may use multi-line flow collections; the flows themselves must not bail.
        let bailedFlows = bailed.filter { !$0.contains(".scenarios.yaml") }
        #expect(bailedFlows.isEmpty, "the fast path bails on shipped flows: \(bailedFlows)")
        print("fast YAML reader: flows/: \(flows.count - bailed.count) of \(flows.count) files on the fast path; bailed: \(bailed)")
    }

    @Test func examplesAndFixturesMatchLibYAMLWheneverTheFastPathReadsThem() {
        var total = 0
        var fast = 0
        for directory in ["examples", "Tests/CheckoutLanguageTests/Fixtures", "Tests/CheckoutScenariosTests/Fixtures"] {
            for file in Self.yamlFiles(under: directory) {
                total += 1
                if Self.compare(file.bytes, name: file.path) { fast += 1 }
            }
        }
        #expect(total >= 100, "only \(total) example and fixture files")
        #expect(fast * 2 >= total, "the fast path reads only \(fast) of \(total) examples and fixtures")
        print("fast YAML reader: examples and fixtures: \(fast) of \(total) files on the fast path")
    }

    @Test func theYAMLTestSuiteMatchesLibYAMLWheneverTheFastPathReadsIt() throws {
        let directory = YAMLCorpusTests.suiteDirectory()
        try #require(FileManager.default.fileExists(atPath: directory.path), "the YAML test suite is missing: \(directory.path)")
        let cases = try YAMLCorpusTests.loadCases()
        try #require(cases.count >= 300)
        var fast = 0
        for testCase in cases where Self.compare(testCase.bytes, name: "\(testCase.id).yaml") {
            fast += 1
            #expect(!testCase.isInvalid, "\(testCase.id): invalid YAML read by the fast path")
        }
        #expect(fast >= 20, "only \(fast) suite cases on the fast path")
        print("fast YAML reader: yaml-test-suite: \(fast) of \(cases.count) cases on the fast path")
    }

    @Test func seededMutationsOfTheShippedFlowsMatchLibYAML() throws {
        let flows = Self.yamlFiles(under: "flows").filter { !$0.path.contains("/signers/") }.map(\.bytes) + Self.blockScalarSeeds
        try #require(flows.count > Self.blockScalarSeeds.count)
        var random = SplitMix(seed: 0x5EED_F1A5)
        var fast = 0
        let count = 4000
        for i in 0..<count {
            var bytes = flows[Int(random.next() % UInt64(flows.count))]
            for _ in 0...Int(random.next() % 3) { FlowMutation.apply(to: &bytes, using: &random) }
            if Self.compare(bytes, name: "mutation-\(i).yaml") { fast += 1 }
        }
        #expect(fast >= count / 10 && fast < count, "\(fast) of \(count) mutations on the fast path")
        print("fast YAML reader: mutations: \(fast) of \(count) on the fast path")
    }

    @Test func longLinesWithNonASCIIAndEscapesMatchLibYAML() {
        // Columns on a non-ASCII line and escapes are counted and copied in linear time.
        let items = (0..<5_000).map { "é\($0)" }.joined(separator: ", ")
        let escapes = String(repeating: "\\n\\\"ü", count: 5_000)
        let text = "list: [\(items)]\ntext: \"\(escapes)\"\n"
        #expect(Self.compare(Array(text.utf8), name: "long.yaml"))
    }

    /// Flows with block scalars (the shipped ones have none), so mutations reach them too.
    static let blockScalarSeeds: [[UInt8]] = [
        "flow: a\ndescription: >\n  Full billing, shipping and a theme,\n  on two lines.\n\n  And a paragraph.\nnotes: |-\n  one\n    two\n# end\n",
        "steps:\n  - kind: form\n    text: |+\n      kept\n\n  - kind: review\n    text: >\n      folded\n      text\n",
    ].map { Array($0.utf8) }

    @Test func smallDepthLimitsMakeTheFastPathBail() {
        let text = Array("a:\n  b:\n    c: [1, {d: 2}]\n".utf8)
        #expect(YAMLParser.parseWithFastPath(text, file: nil) != nil)
        // Five levels: the fast path reads them only with a level to spare.
        for depth in 0...7 {
            let taken = Self.compare(text, name: "depth.yaml", limits: YAMLLimits(maxDepth: depth))
            #expect(taken == (depth >= 6), "max depth \(depth)")
        }
    }

    /// Shapes whose positions follow libyaml's quirks: ends after comments, empty values,
    /// block scalars, the end of the input with and without a final line break, a byte order
    /// mark, non-ASCII columns.
    @Test(arguments: [
        "a:\n  b: 1\n  # c\n\nd:\n- x\n-\n- y # c\n  \ne: [a, b]\nf: {}\ng:  \nh: \"q\"\n", "a: 1\nb:", "a: 1\nb: 2",
        "- a: 1\n  b:\n- c\n", "d: >\n  text\n  more\n\ne: 1\n", "d: >\n  text\n\n# c\ne: 1\n", "a:\n  d: |\n    text\n  e: 1\n",
        "d: >\n  text", "d: >-\n  a\n  b\n\n  c\n", "d: |+\n  a\n\n\n", "- >\n  a\n  b\n- c\n", "d: |\n  a\n    b\n\n  c\n",
        "\u{FEFF}a: 1\n", "---\na: 1\n", "--- # c\na: 1\n", "a: é\nb: ü x # ö\n", "# — comment\na: [São Paulo, x]\nb: 'ç'\n",
        "a : b\n", "'a': \"b\"\n", "a: 'it''s'\n", "a: \"x\\\"y\\\\z\\n\"\n", "a: [[1, 2], {b: c}]\n", "- - a\n  - b\n- c\n",
        "a: http://x.y/z\n", "a: b#c\n", "a: -5\n", "  a: 1\n  b: 2\n", "a:\n  - b\n  -\n    c: d\ne: 1\n  # c\n   \n",
        "a:\n- b: 1\n  c:\n  - d\ne: 1\n", "[a, {b: c}]\n", "{a: 1}", "a: x  y  \n",
        "a: \"\\/\\t\\r\"\nb: ''\nc: \"\"\nd: \"\\\\\"\n", "a: 😀 ü\n\"é\": [😀]\n", "a:b: c\nd: e]f\n", "a: {x: 'y, z'}\n",
        "a:\n  { b: c }\nd:\n  - [e]\n  -\n    [f]\n",
    ])
    func trickyShapesTakeTheFastPathAndMatchLibYAML(_ text: String) {
        #expect(Self.compare(Array(text.utf8), name: "tricky.yaml"), "bailed on \(text.debugDescription)")
    }

    @Test(arguments: [
        "a: 1\nb: 1\na: 2\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: |2\n  text\n", "a: >\n  text\n    more\n", "a: |\n\n  text\n",
        "a: b\n  c\n", "a:\tb\n",
        "a: 1\r\nb: 2\r\n", "a: 1\n---\nb: 2\n", "---\n---\na: 1\n", "--- |\n  a\n", "%YAML 1.1\n---\na: 1\n", "? a\n: b\n",
        "a: \"x\\u0041\"\n",
        "", "# only a comment\n", "a: [1,\n  2]\n", "a: 'x\n  y'\n", "a: b: c\n", "- a\nb: c\n",
    ])
    func inputsOutsideTheSubsetBail(_ text: String) {
        #expect(YAMLParser.parseWithFastPath(Array(text.utf8), file: nil) == nil, "\(text.debugDescription)")
    }
}

/// A small seeded generator (SplitMix64), so mutations are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

/// Byte- and line-level edits that keep a flow mostly YAML: the shapes the fast path must
/// either read exactly as libyaml does or bail on.
enum FlowMutation {
    /// Characters YAML treats specially, spaces, breaks, and a multi-byte letter.
    static let interesting: [[UInt8]] = [
        ":", " ", "-", "- ", "#", " #", "\"", "'", "{", "}", "[", "]", ",", "\n", "\t", "&", "*", "!", "|", ">",
        "?", "%", "@", "`", "\\", "\r", "...", "---", "é", "\u{2028}", "\u{FEFF}", "  ", ": ", "\\n", "''",
    ].map { Array($0.utf8) }

    static func apply(to bytes: inout [UInt8], using random: inout SplitMix) {
        guard !bytes.isEmpty else { return }
        let at = random.below(bytes.count + 1)
        switch random.below(8) {
        case 0:  // insert an interesting token
            bytes.insert(contentsOf: interesting[random.below(interesting.count)], at: at)
        case 1:  // delete a short run
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(4)))
        case 2:  // indent or dedent a line
            let start = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            if random.below(2) == 0 {
                bytes.insert(contentsOf: [UInt8](repeating: 0x20, count: 1 + random.below(3)), at: start)
            } else {
                var n = 0
                while start + n < bytes.count, bytes[start + n] == 0x20, n < 2 { n += 1 }
                bytes.removeSubrange(start..<start + n)
            }
        case 3:  // duplicate a line
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            let i = random.below(lines.count)
            var copy = lines.map(Array.init)
            copy.insert(copy[i], at: i)
            bytes = Array(copy.joined(separator: [0x0A]))
        case 4:  // swap two lines
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            lines.swapAt(random.below(lines.count), random.below(lines.count))
            bytes = Array(lines.joined(separator: [0x0A]))
        case 5:  // truncate
            bytes.removeSubrange(at...)
        case 6:  // replace a byte with a printable one
            if at < bytes.count { bytes[at] = UInt8(0x20 + random.below(0x5F)) }
        default:  // drop or add the final line break
            if bytes.last == 0x0A { bytes.removeLast() } else { bytes.append(0x0A) }
        }
    }
}
