import CYAML

/// Builds a `YAMLDocument` from libyaml's event stream in one pass, with an explicit stack of
/// open collections instead of recursion. The innermost open collection (`top`) lives outside
/// the stack array, so the hot path touches it directly instead of through array accessors.
///
/// Each finished node is attached to the collection on top of the stack. Alongside the node
/// travels its size (`count`, nodes in the subtree, aliases expanded) and its `height`
/// (collection levels), so anchors record both once and every alias is checked against the
/// alias-node budget and the depth limit in constant time.
struct YAMLTreeBuilder {
    /// An open mapping or sequence.
    struct Frame {
        var isMapping: Bool
        var start: SourceLocation
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        /// The key waiting for its value.
        var key: YAMLNode?
        /// The next value belongs to a rejected key (duplicate or complex): drop it.
        var skipValue = false
        /// The keys, once the mapping outgrows a linear scan; entry `i` is `pairs[i].key`.
        var keyTable: YAMLKeyTable?
        /// Nodes in this subtree so far, this one included.
        var count = 1
        /// Collection levels in this subtree, this one included.
        var height = 1
    }

    /// An anchored node with its size and height, computed once.
    struct Anchor {
        var node: YAMLNode
        var count: Int
        var height: Int
    }

    /// Mappings with more pairs than this get a hash table for duplicate-key checks.
    static let linearScanLimit = 16
    /// A collection this long gets its capacity reserved for the length the rest of the input
    /// suggests (see `reserveForLargeCollection`).
    static let largeCollection = 2048

    var map: YAMLSourceMap
    let file: String?
    let limits: YAMLLimits
    /// What the file is for, named in notes.
    let kind: YAMLFileKind
    var diagnostics: [Diagnostic] = []
    /// The innermost open collection; meaningless while `depth` is 0.
    var top = Frame(isMapping: false, start: SourceLocation(line: 1, column: 1))
    /// The open collections around `top`, outermost first.
    var parents: [Frame] = []
    /// How many collections are open (`parents.count + 1`, or 0 at document level).
    var depth = 0
    /// Per depth, the length of the last mapping and sequence closed there (see `reserveFromHint`).
    var mappingHints = [Int](repeating: 0, count: hintDepths)
    var sequenceHints = [Int](repeating: 0, count: hintDepths)
    var anchors: [String: Anchor] = [:]
    /// Nodes added so far by alias expansion.
    var aliasNodes = 0
    var root: YAMLNode?
    var documents = 0
    /// Set when reading cannot go on; the tree is then discarded.
    var stopped = false

    /// `a + b`, or `Int.max` when that overflows: subtree sizes grow exponentially with nested
    /// aliases, and a generous `maxAliasNodes` must not turn that into an overflow trap.
    @inline(__always)
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// A builder over `input`, which starts `baseOffset` bytes into the file.
    init(input: UnsafeBufferPointer<UInt8>, baseOffset: Int, file: String?, limits: YAMLLimits, kind: YAMLFileKind = .flow) {
        self.map = YAMLSourceMap(bytes: input, baseOffset: baseOffset)
        self.file = file
        self.limits = limits
        self.kind = kind
        parents.reserveCapacity(min(max(limits.maxDepth, 0), 128))
    }

    /// Runs libyaml over the input and builds the document.
    mutating func build(_ reader: LibYAMLParser) -> YAMLDocument {
        guard reader.isReady else {
            report(.yamlSyntax, "the YAML reader could not allocate memory", at: Self.fileStart)
            return YAMLDocument(root: nil, diagnostics: diagnostics)
        }
        let event = reader.event
        while !stopped {
            guard reader.next() else {
                reportLibYAMLError(reader.parser.pointee)
                stopped = true
                break
            }
            let isEnd = handle(event.pointee)
            yaml_event_delete(event)
            if isEnd { break }
        }
        return finish()
    }

    /// Handles one event; true at the end of the stream.
    @inline(__always)
    private mutating func handle(_ event: yaml_event_t) -> Bool {
        switch event.type {
        case YAML_SCALAR_EVENT:
            scalar(event)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            open(isMapping: true, event, tag: data.tag, anchor: data.anchor)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            open(isMapping: false, event, tag: data.tag, anchor: data.anchor)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            close(event)
        case YAML_ALIAS_EVENT:
            alias(event)
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                let start = map.location(event.start_mark)
                report(
                    .yamlMultipleDocuments, "\(kind.name) holds one YAML document, this is a second one",
                    at: SourceRange(start: start, end: map.location(event.end_mark)),
                    notes: ["remove the second document, or split it into its own file"]
                )
                return true
            }
        case YAML_STREAM_END_EVENT:
            return true
        default:
            break  // stream start, document end, and no-event carry nothing for the tree
        }
        return false
    }

    private mutating func scalar(_ event: yaml_event_t) {
        let data = event.data.scalar
        let value = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
        let style: YAMLScalar.Style
        switch data.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        let range = SourceRange(start: map.location(event.start_mark), end: map.location(event.end_mark))
        let node = YAMLNode(
            kind: .scalar(YAMLScalar(value: value, style: style)),
            range: range,
            tag: data.tag.map(Self.tagText)
        )
        if let anchor = data.anchor {
            anchors[String(cString: anchor)] = Anchor(node: node, count: 1, height: 0)
        }
        attach(node, count: 1, height: 0)
    }

    private mutating func open(
        isMapping: Bool, _ event: yaml_event_t,
        tag: UnsafeMutablePointer<yaml_char_t>?, anchor: UnsafeMutablePointer<yaml_char_t>?
    ) {
        let start = map.location(event.start_mark)
        guard depth < limits.maxDepth else {
            reportDepth(at: SourceRange(start: start, end: map.location(event.end_mark)), notes: [])
            return
        }
        var frame = Frame(
            isMapping: isMapping, start: start,
            tag: tag.map(Self.tagText), anchor: anchor.map { String(cString: $0) }
        )
        reserveFromHint(&frame)
        swap(&top, &frame)  // moves, where assignments would copy the frames
        if depth > 0 { parents.append(consume frame) }
        depth += 1
    }

    private mutating func close(_ event: yaml_event_t) {
        guard depth > 0 else { return }
        var frame = parents.popLast() ?? Frame(isMapping: false, start: top.start)
        swap(&top, &frame)
        depth -= 1
        recordHint(frame)
        let range = SourceRange(start: frame.start, end: map.location(event.end_mark))
        let node = YAMLNode(
            kind: frame.isMapping ? .mapping(YAMLPairs(Self.trimmed(frame.pairs))) : .sequence(Self.trimmed(frame.items)),
            range: range,
            tag: frame.tag
        )
        if let anchor = frame.anchor {
            anchors[anchor] = Anchor(node: node, count: frame.count, height: frame.height)
        }
        attach(node, count: frame.count, height: frame.height)
    }

    private mutating func alias(_ event: yaml_event_t) {
        let range = SourceRange(start: map.location(event.start_mark), end: map.location(event.end_mark))
        let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
        guard let anchor = anchors[name] else {
            reportUndefinedAlias(name, at: range)
            attach(YAMLNode(kind: .scalar(YAMLScalar(value: "", style: .plain)), range: range), count: 1, height: 0)
            return
        }
        aliasNodes = Self.saturatingSum(aliasNodes, anchor.count)
        guard aliasNodes <= limits.maxAliasNodes else {
            reportAliasLimit(name, expandingTo: anchor.count, at: range)
            return
        }
        guard depth + anchor.height <= limits.maxDepth else {
            reportDepth(at: range, notes: ["the alias '*\(name)' adds \(anchor.height) levels of nesting here"])
            return
        }
        var node = anchor.node
        node.range = range
        attach(node, count: anchor.count, height: anchor.height)
    }
}
