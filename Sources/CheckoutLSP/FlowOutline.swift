import CheckoutDomain
import CheckoutLanguage

/// A flow's explicit pipeline as written: each stage with its id, kind, title, condition and
/// routes, and every place that names a stage id (a route target, `outcome.<id>` in a
/// condition, a translated screen's key), with source ranges. Read from the YAML syntax tree
/// alone, so it needs text that parses as YAML but not a flow that compiles; the language
/// server's go to definition, references, rename, hover and document symbols use it.
struct FlowOutline {
    /// One screen or step.
    struct Stage {
        /// Its id: `id:` when written, else its kind (as the compiler names it).
        var id: String
        /// `kind:` as written ("" when missing).
        var kind: String
        var isScreen: Bool
        /// The item's mapping.
        var item: YAMLNode
        /// The `id:` value, when written.
        var idNode: YAMLNode?
        /// The `kind:` value, when written.
        var kindNode: YAMLNode?
        var title: String?
        /// The `when:` value.
        var when: YAMLNode?
        var routes: [Route] = []
        /// True when the item is written `{ kind: …, … }`.
        var isFlowMapping = false

        /// Where the id is: its `id:` value, else its `kind:` value, else the item.
        var idRange: SourceRange { idNode?.range ?? kindNode?.range ?? item.range }
    }

    /// `outcome: target` under a stage's `on:`.
    struct Route {
        var outcome: String
        var target: String
        var key: YAMLNode
        var value: YAMLNode
    }

    /// A place that names a stage id.
    struct Reference {
        enum Kind { case route, condition, translation }
        var id: String
        /// The id's own characters (inside any quotes for a route or key).
        var range: SourceRange
        var kind: Kind
    }

    /// The document's root mapping.
    let root: YAMLNode
    /// The document's top-level pairs, in order.
    let sections: YAMLPairs
    /// The document's bytes and lines.
    let offsets: OffsetTable
    private(set) var stages: [Stage] = []
    private(set) var references: [Reference] = []
    /// The `extends:` value.
    private(set) var extends: YAMLNode?

    /// The outline of `text`; nil when it is not YAML with a mapping at the top.
    init?(_ text: String) {
        let document = YAMLParser.parse(text, file: nil)
        guard let root = document.root, let pairs = root.mapping else { return nil }
        self.root = root
        sections = pairs
        let offsets = OffsetTable(text)
        self.offsets = offsets
        for pair in pairs {
            switch pair.key.scalar?.value {
            case "extends": extends = pair.value
            case "screens": readStages(pair.value, isScreen: true, offsets)
            case "steps": readStages(pair.value, isScreen: false, offsets)
            default: break
            }
        }
        for stage in stages {
            for route in stage.routes where route.target != "end" {
                references.append(Reference(id: route.target, range: Self.inner(route.value), kind: .route))
            }
            if let when = stage.when {
                for (id, range) in Self.outcomeNames(in: when, offsets: offsets) {
                    references.append(Reference(id: id, range: range, kind: .condition))
                }
            }
        }
        readTranslations()
    }

    /// The document's line end: `\r\n` when its first line ends so, else `\n`.
    var newline: String {
        guard let lf = offsets.bytes.firstIndex(of: 10) else { return "\n" }
        return lf > 0 && offsets.bytes[lf - 1] == 13 ? "\r\n" : "\n"
    }

    /// The first stage with the id `id` (the one the compiler keeps; a second is `duplicate-id`).
    func stage(_ id: String) -> Stage? { stages.first { $0.id == id } }

    /// Every stage id, in order, each once.
    var ids: [String] {
        var seen = Set<String>()
        return stages.map(\.id).filter { seen.insert($0).inserted }
    }

    private mutating func readStages(_ list: YAMLNode, isScreen: Bool, _ offsets: OffsetTable) {
        for item in list.sequence ?? [] {
            guard item.mapping != nil else { continue }
            let kindNode = item.pair("kind")?.value
            let idNode = item.pair("id")?.value.scalar == nil ? nil : item.pair("id")?.value
            let kind = kindNode?.scalar?.value ?? ""
            var stage = Stage(
                id: idNode?.scalar?.value ?? kind, kind: kind, isScreen: isScreen, item: item, idNode: idNode, kindNode: kindNode,
                title: item.pair("title")?.value.scalar?.value, when: item.pair("when")?.value)
            let start = item.range.start.offset
            stage.isFlowMapping = start >= 0 && start < offsets.bytes.count && offsets.bytes[start] == UInt8(ascii: "{")
            for route in item.pair("on")?.value.mapping ?? [] {
                guard let outcome = route.key.scalar?.value, let target = route.value.scalar?.value else { continue }
                stage.routes.append(Route(outcome: outcome, target: target, key: route.key, value: route.value))
            }
            stages.append(stage)
        }
    }

    /// Where a node's text ends: a block collection's range runs on to the next token (the
    /// next item's `-`), so it ends with its last value instead.
    func end(of node: YAMLNode) -> SourceLocation {
        let start = node.range.start.offset
        let flow =
            start >= 0 && start < offsets.bytes.count
            && (offsets.bytes[start] == UInt8(ascii: "{") || offsets.bytes[start] == UInt8(ascii: "["))
        switch node.kind {
        case .scalar: return node.range.end
        case .mapping(let pairs):
            guard !flow, let last = pairs.last else { return node.range.end }
            return max(last.key.range.end, end(of: last.value))
        case .sequence(let items):
            guard !flow, let last = items.last else { return node.range.end }
            return end(of: last)
        }
    }

    /// A pair's range, from its key to the end of its value.
    func range(of pair: YAMLPair) -> SourceRange {
        SourceRange(start: pair.key.range.start, end: max(pair.key.range.end, end(of: pair.value)))
    }

    /// `translations.<language>.screens.<id>` keys.
    private mutating func readTranslations() {
        guard let languages = root.pair("translations")?.value.mapping else { return }
        for language in languages {
            for screen in language.value.pair("screens")?.value.mapping ?? [] {
                guard let id = screen.key.scalar?.value else { continue }
                references.append(Reference(id: id, range: Self.inner(screen.key), kind: .translation))
            }
        }
    }

    /// A scalar's range without its quotes.
    static func inner(_ node: YAMLNode) -> SourceRange {
        var r = node.range
        guard let style = node.scalar?.style, style == .singleQuoted || style == .doubleQuoted, r.start.line == r.end.line,
            r.end.column - r.start.column >= 2
        else { return r }
        r.start.column += 1
        r.start.offset += 1
        r.end.column -= 1
        r.end.offset -= 1
        return r
    }

    /// The ids of the `outcome.<id>` names a condition reads, each with the range of the id. The
    /// condition's names are lexed from its value; each is then found in its source text
    /// (which holds an id as written, whatever the quoting or folding). When the two lists
    /// disagree (a string literal holding `outcome.x`), a one-line condition without escapes
    /// is mapped column for column, and any other yields nothing.
    static func outcomeNames(in node: YAMLNode, offsets: OffsetTable) -> [(String, SourceRange)] {
        guard let value = node.scalar?.value, let names = ConditionNameTokens.names(in: value) else { return [] }
        let prefix = "outcome."
        let lexed = names.filter { $0.name.hasPrefix(prefix) }
        guard !lexed.isEmpty else { return [] }
        let ids = lexed.map { String($0.name.dropFirst(prefix.count)) }
        let found = offsets.find(prefix, from: node.range.start.offset, to: node.range.end.offset)
        if found.map(\.0) == ids { return found }
        guard let style = node.scalar?.style, node.range.start.line == node.range.end.line else { return [] }
        let quote: Int
        switch style {
        case .plain: quote = 0
        case .singleQuoted, .doubleQuoted: quote = 1
        default: return []
        }
        guard node.range.end.column - node.range.start.column - 2 * quote == value.unicodeScalars.count else { return [] }
        let start = node.range.start
        return zip(ids, lexed).map { id, token in
            let from = start.column + quote + token.range.lowerBound + prefix.count
            return (
                id,
                SourceRange(
                    start: SourceLocation(line: start.line, column: from),
                    end: SourceLocation(line: start.line, column: from + id.unicodeScalars.count))
            )
        }
    }
}

/// A text's lines by byte offset: a byte offset to a 1-based line and column (in Unicode
/// scalars, as the syntax tree counts).
struct OffsetTable {
    let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    init(_ text: String) {
        bytes = Array(text.utf8)
        for (i, b) in bytes.enumerated() {
            if b == 10 || (b == 13 && (i + 1 >= bytes.count || bytes[i + 1] != 10)) { lineStarts.append(i + 1) }
        }
    }

    func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        // Scalars: every byte that does not continue a UTF-8 sequence.
        let column = bytes[start..<min(offset, bytes.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(line: low + 1, column: column + 1, offset: offset)
    }

    /// Each `prefix` followed by a name in `from..<to` and not itself following a name
    /// character, as (the name, its range).
    func find(_ prefix: String, from: Int, to: Int) -> [(String, SourceRange)] {
        let p = Array(prefix.utf8)
        var out: [(String, SourceRange)] = []
        var i = max(from, 0)
        let end = min(to, bytes.count)
        func isName(_ b: UInt8) -> Bool {
            b == 95 || (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b >= 0x80
        }
        while i + p.count < end {
            if bytes[i..<i + p.count].elementsEqual(p), i == 0 || !(isName(bytes[i - 1]) || bytes[i - 1] == 46) {
                var j = i + p.count
                while j < end, isName(bytes[j]) { j += 1 }
                if j > i + p.count {
                    let name = String(decoding: bytes[(i + p.count)..<j], as: UTF8.self)
                    out.append((name, SourceRange(start: location(ofOffset: i + p.count), end: location(ofOffset: j))))
                }
                i = j
            } else {
                i += 1
            }
        }
        return out
    }
}
