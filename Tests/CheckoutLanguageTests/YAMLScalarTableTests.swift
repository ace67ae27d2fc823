import Testing

@testable import CheckoutLanguage

/// Big mappings of one-line scalars held as a `YAMLScalarTable` (issue 21): the same pairs,
/// ranges and diagnostics as the ordinary tree, at and around the threshold, and a fall-back
/// to nodes for every table the compact form could not give back exactly.
@Suite struct YAMLScalarTableTests {
    static let threshold = YAMLTreeBuilder.largeCollection

    /// `n` tax rows, `  FR-1: 1.1`, with `row(i)` in place of row `i` where it gives one.
    static func rows(_ n: Int, _ row: (Int) -> String? = { _ in nil }) -> String {
        let countries = ["FR", "DE", "IT", "ES", "NL", "BE"]
        return (0..<n).map { row($0) ?? "  \(countries[$0 / 999])-\($0 % 999 + 1): \($0 % 25).\($0 % 10)\n" }.joined()
    }

    static func flow(_ rows: String, prefix: String = "") -> [UInt8] {
        Array((prefix + "flow: t\ndsl: 1\ntax:\n" + rows + "theme:\n  preset: standard\n").utf8)
    }

    /// The `tax` mapping as the fast path reads it (nil when it bails), and the difference
    /// between its whole document and libyaml's, which builds nodes only.
    func read(_ bytes: [UInt8]) -> (pairs: YAMLPairs?, difference: String?) {
        let slow = YAMLParser.parseWithLibYAML(bytes, file: "t.yaml")
        guard let fast = YAMLParser.parseWithFastPath(bytes, file: "t.yaml") else { return (nil, "the fast path bailed") }
        let tax = fast.root?.mapping?.first { $0.key.scalar?.value == "tax" }?.value.mapping
        return (tax, fast.firstDifference(from: slow))
    }

    @Test(arguments: [threshold - 1, threshold, threshold + 1, 5_000])
    func aTableIsCompactFromTheThresholdOnAndReadsTheSame(n: Int) throws {
        let (pairs, difference) = read(Self.flow(Self.rows(n)))
        #expect(difference == nil)
        let table = try #require(pairs)
        #expect(table.count == n)
        #expect(table.isCompact == (n >= Self.threshold))
    }

    @Test func everyPairComesBackWithItsTextStyleAndRange() throws {
        let text = Self.rows(3_000) { i in
            switch i {
            case 5: return "  'FR-Q1': \"7.5\"  # quoted both ways\n"
            case 2_500: return "  FR-E:\n"
            case 2_600: return "  FR-SP   :    12   \n"
            case 2_700: return "  FR-É: 5 # é\n"
            case 2_800: return "\n  # a comment line\n  FR-C: 1\n"
            default: return nil
            }
        }
        for prefix in ["", "\u{FEFF}", "# é first\n"] {
            let (pairs, difference) = read(Self.flow(text, prefix: prefix))
            #expect(difference == nil, "\(prefix.debugDescription)")
            #expect(try #require(pairs).isCompact)
        }
    }

    @Test(arguments: [
        "  FR-X: 7.5\n    continued\n", "  FR-X: |\n    7.5\n", "  FR-X: \"7.5\n    more\"\n", "  FR-X: {rate: 7.5}\n",
        "  FR-X:\n    rate: 7.5\n", "  FR-X: \"7\\x35\"\n", "  FR-X: '7''5'\n", "  FR-X: [1]\n",
    ])
    func aPairTheTableCannotHoldTurnsItBackIntoNodes(row: String) throws {
        for at in [3, Self.threshold - 1, Self.threshold, 2_900] {
            // The reader the compiler uses: the fast path, or libyaml where that bails.
            let bytes = Self.flow(Self.rows(3_000) { $0 == at ? row : nil })
            let document = YAMLParser.parse(bytes, file: "t.yaml")
            #expect(
                document.firstDifference(from: YAMLParser.parseWithLibYAML(bytes, file: "t.yaml")) == nil,
                "\(row.debugDescription) at \(at)")
            let pairs = try #require(document.root?.mapping?[2].value.mapping)
            #expect(pairs.count == 3_000 && !pairs.isCompact, "\(row.debugDescription) at \(at)")
        }
    }

    @Test func aReaderWithoutTheFilesArrayKeepsNodes() throws {
        let bytes = Self.flow(Self.rows(3_000))
        let root = try #require(bytes.withUnsafeBufferPointer { FastYAMLReader.read($0, baseOffset: 0, limits: .default) })
        let tax = try #require(root.mapping?[2].value.mapping)
        #expect(tax.count == 3_000)
        #expect(!tax.isCompact)
        #expect(YAMLDocument(root: root).firstDifference(from: YAMLParser.parseWithLibYAML(bytes, file: nil)) == nil)
    }

    @Test func aDuplicateKeyIsReportedAsTheOrdinaryTreeReportsIt() {
        for (at, copy) in [(2_500, 3), (Self.threshold, 10), (Self.threshold - 1, 2_000), (2_999, 2_100)] {
            let bytes = Self.flow(Self.rows(3_000) { $0 == at ? Self.rows(copy + 1).split(separator: "\n").last! + "\n" : nil })
            let bailed = YAMLParser.parseWithFastPath(bytes, file: "t.yaml") == nil
            #expect(bailed, "the fast path leaves duplicates to libyaml")
            let document = YAMLParser.parse(bytes, file: "t.yaml")
            #expect(document.diagnostics.map(\.rule) == [.duplicateKey])
            #expect(document.diagnostics == YAMLParser.parseWithLibYAML(bytes, file: "t.yaml").diagnostics)
            #expect(document.diagnostics.first?.range?.start.line == at + 4)
        }
    }

    /// The compiler's findings on a compact table are those on the same table read by libyaml
    /// (a tab in a last comment sends the reader there without moving any position).
    @Test func compileFindingsAreThoseOfTheOrdinaryTree() throws {
        let bad = [100: "  FR-1x: 7.5\n", 2_100: "  FR-B: abc\n", 2_200: "  fr-b: 1\n", 2_300: "  FR-C: 150\n", 2_400: "  FR-D: -1\n"]
        let bytes = Self.flow(Self.rows(3_000) { bad[$0] })
        let (pairs, _) = read(bytes)
        #expect(try #require(pairs).isCompact)
        let compact = FlowCompiler.compile(bytes, file: "t.yaml", sources: .fileSystem).diagnostics
        let ordinary = FlowCompiler.compile(bytes + Array("# \t\n".utf8), file: "t.yaml", sources: .fileSystem).diagnostics
        #expect(compact.count >= bad.count)
        #expect(compact == ordinary)
    }

    /// Rows the compiler reads from the bytes and rows it checks as nodes (a state it knows by
    /// name, 100, -0, quoted, 19 digits) give the table the ordinary tree gives.
    @Test func theCompiledTaxTableIsTheOrdinaryTreesTable() throws {
        let odd = [
            10: "  US-NY: 8.875\n", 2_100: "  FR-A: 100\n", 2_101: "  FR-B: -0\n", 2_102: "  'FR-C': \"7.25\"\n",
            2_103: "  FR-D: 1.000000000000000000\n", 2_104: "  FR-E: 099.5\n", 2_105: "  FR: 0\n",
        ]
        let bytes = Self.flow(Self.rows(3_000) { odd[$0] }, prefix: "request:\n  price: { amount: 10 }\n")
        #expect(try #require(read(bytes).pairs).isCompact)
        let compact = FlowCompiler.compile(bytes, file: "t.yaml", sources: .fileSystem)
        let ordinary = FlowCompiler.compile(bytes + Array("# \t\n".utf8), file: "t.yaml", sources: .fileSystem)
        #expect(compact.diagnostics == ordinary.diagnostics)
        let table = try #require(compact.flow?.definition.tax)
        #expect(table.rates.count == 3_000)
        #expect(table == ordinary.flow?.definition.tax)
        #expect(Array(table.rates) == ordinary.flow.map { Array($0.definition.tax.rates) })
    }

    /// The compact form must not make every node bigger (`YAMLPairs` holds the table inline,
    /// and Swift still packs the node's kind in the 64 bytes it had).
    @Test func aNodeStaysSixtyFourBytes() {
        #expect(MemoryLayout<YAMLNode>.stride == 64)
        #expect(MemoryLayout<YAMLPair>.stride == 128)
    }

    @Test func keyTextIsTheKeysValue() throws {
        let (pairs, _) = read(Self.flow(Self.rows(3_000) { $0 == 2_222 ? "  \"FR-Q\": 1\n" : nil }))
        let table = try #require(pairs)
        guard let compact = table.compactTable else {
            Issue.record("not compact")
            return
        }
        for i in [0, 2_047, 2_222, 2_999] { #expect(compact.keyText(i) == table[i].key.scalar?.value) }
        #expect(compact.keyText(2_222) == "FR-Q")
    }
}
