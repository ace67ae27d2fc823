import CheckoutDomain

/// Where a mapping is, in the words a finding about it uses.
package enum MappingPlace: Sendable {
    /// The top level of a file; `file` names the kind of file (`a flow file`).
    case topLevel(of: String)
    /// A mapping at a path (`request.price`, `card[1]`), quoted in messages.
    case path(String)
    /// A mapping named in words (`a scenario`, `'expect'`), for files whose mappings have no path.
    case named(String)

    /// The mapping as the subject of a sentence: `'request.price'`, `the top level of a flow file`.
    var subject: String {
        switch self {
        case .topLevel(let file): "the top level of \(file)"
        case .path(let path): UserText.quoted(path)
        case .named(let words): words
        }
    }

    /// Where a key is: `in 'request.price'`, `at the top level`, `in a scenario`.
    var location: String {
        switch self {
        case .topLevel: "at the top level"
        case .path(let path): "in \(UserText.quoted(path))"
        case .named(let words): "in \(words)"
        }
    }

    /// The mapping's path in a flow file: `""` for the top level (`SeedNames`).
    var flowPath: String {
        switch self {
        case .topLevel: ""
        case .path(let path): path
        case .named(let words): words
        }
    }

    /// The path of `key` in this mapping, as messages quote it: `'fields.shipping.birthday'`.
    func quotedPath(of key: String) -> String {
        switch self {
        case .topLevel: UserText.quoted(key)
        case .path(let path): UserText.quoted(path.isEmpty ? key : "\(path).\(key)")
        case .named: UserText.quoted(key)
        }
    }
}

/// What is wrong with a mapping's keys. The flows' compiler, the answers reader and the
/// scenarios reader find these through `KeyTable.read` and word them the same way
/// (`message(in:)`); each reader decides where the finding goes (a diagnostic, an answer's
/// error in the result).
package enum MappingFinding: Sendable {
    /// The value is not a mapping; `found` describes it (`a list`).
    case notAMapping(found: String)
    /// A key the table does not have, with the closest that it has, if any is close.
    case unknownKey(String, suggestion: String?, validKeys: [String])
    /// A key the language has elsewhere: why not here, and where instead.
    case misplacedKey(String, why: String, instead: String)
    /// A required key that is not there.
    case missingKey(String)

    /// The rule the finding breaks.
    package var rule: Rule {
        switch self {
        case .notAMapping: .typeMismatch
        case .unknownKey, .misplacedKey: .unknownKey
        case .missingKey: .missingKey
        }
    }

    /// The finding in the flows' words.
    package func message(in place: MappingPlace) -> String {
        switch self {
        case .notAMapping(let found): "\(place.subject) must be a mapping, found \(found)"
        case .unknownKey(let key, _, _): "unknown key \(UserText.quoted(key)) \(place.location)"
        case .misplacedKey(let key, let why, _): "\(place.quotedPath(of: key)) is not allowed: \(why)"
        case .missingKey(let key): "missing required key \(UserText.quoted(key)) \(place.location)"
        }
    }

    /// Notes under the message: the valid keys when nothing is close, where a misplaced key goes.
    package var notes: [String] {
        switch self {
        case .unknownKey(_, let suggestion, let keys): suggestion == nil ? ["valid keys: \(keys.joined(separator: ", "))"] : []
        case .misplacedKey(_, _, let instead): [instead]
        case .notAMapping, .missingKey: []
        }
    }

    /// The key to write instead, when one is close.
    package var suggestion: String? {
        if case .unknownKey(_, let suggestion, _) = self { return suggestion }
        return nil
    }
}

/// A reader that collects mapping findings: `KeyTable.read` reports to it.
package protocol MappingFindingSink {
    /// Records a finding about the mapping at `place`; `range` is the key's, or the mapping's.
    mutating func record(_ finding: MappingFinding, in place: MappingPlace, at range: SourceRange)
    /// How a value of the wrong shape is described in a finding (`a list`; flows quote a scalar).
    func describe(_ node: YAMLNode) -> String
}

extension KeyTable {
    /// The one reader of mappings for flows, answers and scenarios files: the pairs of `node`
    /// keyed by name after checking every key against the table — unknown keys (with the
    /// closest known one), misplaced keys, missing required keys — each finding reported to
    /// `sink`. Nil when `node` is not a mapping; a null `node` reads as an empty mapping when
    /// `nullIsEmpty` and the table requires no key (a flow's `fields:`).
    package func read<Sink: MappingFindingSink>(
        _ node: YAMLNode, in place: @autoclosure () -> MappingPlace, nullIsEmpty: Bool = false, into sink: inout Sink
    ) -> Fields? {
        guard let pairs = node.mapping else {
            if nullIsEmpty, node.scalar?.isNull == true, required.isEmpty {
                return Fields(pairs: [], specIndices: [], table: self, range: node.range)
            }
            sink.record(.notAMapping(found: sink.describe(node)), in: place(), at: node.range)
            return nil
        }
        // The usual mapping has only known keys: its pairs are then shared, not copied.
        var known: [YAMLPair]?
        var specIndices: [Int] = []
        specIndices.reserveCapacity(pairs.count)
        for p in pairs.indices {
            guard case .scalar(let scalar) = pairs.key(at: p).kind else {
                if known == nil { known = Array(pairs[..<p]) }
                continue
            }
            let key = scalar.value
            if let s = index(of: key) {
                known?.append(pairs[p])
                specIndices.append(s)
                continue
            }
            if known == nil { known = Array(pairs[..<p]) }
            if let misplaced = misplaced[key] {
                sink.record(.misplacedKey(key, why: misplaced.why, instead: misplaced.instead), in: place(), at: pairs.key(at: p).range)
            } else {
                let suggestion = Suggestions.closest(to: key, in: names)
                sink.record(.unknownKey(key, suggestion: suggestion, validKeys: names), in: place(), at: pairs.key(at: p).range)
            }
        }
        let fields = Fields(pairs: known.map(YAMLPairs.init) ?? pairs, specIndices: specIndices, table: self, range: node.range)
        for s in required where !specIndices.contains(s) {
            sink.record(.missingKey(names[s]), in: place(), at: SourceRange(start: node.range.start, end: node.range.start))
        }
        return fields
    }
}
