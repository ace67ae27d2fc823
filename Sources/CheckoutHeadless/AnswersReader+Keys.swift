import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

extension AnswersReader {
    /// The answers file's mappings, checked by the key-table reader flows use (`KeyTable.read`).
    static let topLevelTable = KeyTable(AnswersKeys.topLevel)
    static let cardTable = KeyTable(AnswersKeys.card)
    static let billingTable = KeyTable(AnswersKeys.billing)
    /// A date of birth given with shipping is refused with where it belongs.
    static let shippingTable = KeyTable(
        AnswersKeys.shipping, misplaced: ["birthday": ("a shipping address has no date of birth", "use 'billing.birthday'")])
    static let threeDSTable = KeyTable(AnswersKeys.threeDS)
    static let customerTable = KeyTable(AnswersKeys.customer)
}

extension AnswersReader.Reader: MappingFindingSink {
    /// The known pairs of the mapping at `path` (`""`: the top level) by key, after
    /// `KeyTable.read` has checked its keys; its findings become answer problems.
    mutating func pairs(_ node: YAMLNode, path: String, table: KeyTable) -> [String: YAMLNode] {
        let place: MappingPlace = path.isEmpty ? .topLevel(of: "an answers file") : .path(path)
        guard let fields = table.read(node, in: place, into: &self) else { return [:] }
        var out: [String: YAMLNode] = [:]
        for p in fields.pairs {
            if let key = p.key.scalar?.value, out[key] == nil { out[key] = p.value }
        }
        return out
    }

    /// A mapping finding as an answer problem: the message in the flows' words, for the result's
    /// `errors` with the hint the diagnostic carries separately (`; did you mean 'number'?`).
    mutating func record(_ finding: MappingFinding, in place: MappingPlace, at range: SourceRange) {
        var path = ""
        if case .path(let p) = place { path = p }
        var message = finding.message(in: place)
        let code: String
        switch finding {
        case .notAMapping:
            code = "invalid_type"
        case .unknownKey(let key, let suggestion, let keys):
            code = "unknown_key"
            path = path.isEmpty ? UserText.shown(key) : "\(path).\(UserText.shown(key))"
            message += suggestion.map { "; did you mean '\($0)'?" } ?? "; valid keys: \(keys.joined(separator: ", "))"
        case .misplacedKey(let key, _, let instead):
            code = "unknown_key"
            path = path.isEmpty ? UserText.shown(key) : "\(path).\(UserText.shown(key))"
            message += "; \(instead)"
        case .missingKey:
            code = "missing_key"
        }
        let d = Diagnostic(
            rule: finding.rule, message: finding.message(in: place), file: file, range: range, notes: finding.notes,
            suggestion: finding.suggestion)
        problems.append(AnswersProblem(issue: AnswerIssue(path: path, code: code, message: message), diagnostic: d))
    }

    /// A value of the wrong shape is described by its shape only: answers hold card data.
    func describe(_ node: YAMLNode) -> String { node.shapeDescription }

    /// A value of the wrong type at `path`, in the flows' words (`'billing.zip' must be a
    /// string, found a list`); `found` defaults to the value's shape.
    mutating func typeMismatch(_ path: String, expected: String, _ node: YAMLNode, found: String? = nil) {
        let message = "\(UserText.quoted(path)) must be \(expected), found \(found ?? node.shapeDescription)"
        let d = Diagnostic(rule: .typeMismatch, message: message, file: file, range: node.range)
        problems.append(AnswersProblem(issue: AnswerIssue(path: path, code: "invalid_type", message: message), diagnostic: d))
    }

    /// Text: any scalar but a plain null.
    mutating func text(_ node: YAMLNode, path: String) -> String? {
        if let s = node.scalar, !(s.isNull && s.style == .plain) { return s.value }
        typeMismatch(path, expected: "a string", node)
        return nil
    }

    /// `true` or `false`, plain; a card field's value is never quoted back.
    mutating func flag(_ node: YAMLNode, path: String) -> Bool? {
        if let s = node.scalar, s.style == .plain, s.value == "true" || s.value == "false" { return s.value == "true" }
        let found =
            AnswersReader.isSecret(path) ? "another value" : (node.scalar.map { UserText.quoted($0.value) } ?? node.shapeDescription)
        typeMismatch(path, expected: "true or false", node, found: found)
        return nil
    }
}
