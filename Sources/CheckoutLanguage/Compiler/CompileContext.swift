import CheckoutDomain
import Foundation

/// Collects diagnostics for one file and reads typed values out of the syntax tree.
/// Every reader reports what is wrong and returns nil, so the compiler keeps going.
struct CompileContext {
    let file: String?
    private(set) var diagnostics: [Diagnostic] = []
    /// Where the YAML layer already reported an error: a value it stood in for (an undefined
    /// alias) must not also be reported as, say, a type mismatch.
    private var syntaxErrorStarts: Set<SourceLocation> = []
    /// Where an explicit pipeline's stages are written (filled by `compilePipeline`).
    var sourceMap = PipelineSourceMap()

    init(file: String?) {
        self.file = file
    }

    mutating func report(
        _ rule: Rule, _ message: String, at range: SourceRange?, severity: Severity = .error,
        notes: [String] = [], suggestion: String? = nil
    ) {
        if let start = range?.start, syntaxErrorStarts.contains(start) { return }
        diagnostics.append(
            Diagnostic(severity, rule: rule, message: message, file: file, range: range, notes: notes, suggestion: suggestion)
        )
    }

    mutating func append(_ more: [Diagnostic]) { diagnostics += more }

    /// An error about a value that may be a secret or card data: reported without its source
    /// line (`hidesSource`), so the value is never printed.
    mutating func secretError(_ rule: Rule, _ message: String, at range: SourceRange?) {
        var d = Diagnostic(rule: rule, message: message, file: file, range: range)
        d.hidesSource = true
        diagnostics.append(d)
    }

    /// Adds the YAML layer's findings and remembers where they are.
    mutating func appendSyntaxFindings(_ more: [Diagnostic]) {
        diagnostics += more
        for d in more where d.severity == .error {
            if let start = d.range?.start { syntaxErrorStarts.insert(start) }
        }
    }

    // MARK: Mappings

    /// The pairs of a mapping keyed by name, after checking every key against `specs`:
    /// unknown keys (with a suggestion), missing required keys. `path` names the mapping in
    /// messages (`request.price`); the top level is `""`.
    mutating func fields(of node: YAMLNode, path pathText: @autoclosure () -> String, keys table: KeyTable) -> Fields? {
        table.read(node, in: Self.place(pathText()), nullIsEmpty: true, into: &self)
    }

    /// A flow's mapping at `path`; `""` is the top level.
    static func place(_ path: String) -> MappingPlace {
        path.isEmpty ? .topLevel(of: "a flow file") : .path(path)
    }

    /// A zero-width range at the start of a node, for findings about the mapping as a whole.
    func firstLine(of node: YAMLNode) -> SourceRange {
        SourceRange(start: node.range.start, end: node.range.start)
    }

    // MARK: Scalars

    /// A string scalar (any scalar style; the DSL types it as text).
    mutating func string(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> String? {
        guard let s = node.scalar, !s.isNull || s.style != .plain else {
            report(.typeMismatch, "\(quoted(pathText())) must be a string, found \(node.shapeDescription)", at: node.range)
            return nil
        }
        return s.value
    }

    /// `true` or `false`, plain; nothing else (no `yes`, `on`, `"true"`).
    mutating func bool(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> Bool? {
        if let s = node.scalar, s.style == .plain {
            if s.value == "true" { return true }
            if s.value == "false" { return false }
        }
        if let s = node.scalar, s.style != .plain, s.value == "true" || s.value == "false" {
            report(
                .typeMismatch, "\(quoted(pathText())) must be true or false, found the quoted string \"\(s.value)\"", at: node.range,
                notes: ["quotes make a value text; write true or false without quotes"])
            return nil
        }
        // YAML 1.1's other spellings of booleans: say which one was probably meant.
        let yaml11: [String: String] = ["yes": "true", "on": "true", "y": "true", "no": "false", "off": "false", "n": "false"]
        let suggestion = node.scalar.flatMap {
            yaml11[$0.value.lowercased()] ?? (["true", "false"].contains($0.value.lowercased()) ? $0.value.lowercased() : nil)
        }
        report(
            .typeMismatch, "\(quoted(pathText())) must be true or false, found \(describe(node))", at: node.range, suggestion: suggestion)
        return nil
    }

    /// A whole number.
    mutating func integer(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> Int? {
        if let s = node.scalar, s.style == .plain, let v = Int(s.value) { return v }
        report(.typeMismatch, "\(quoted(pathText())) must be a whole number, found \(describe(node))", at: node.range)
        return nil
    }

    /// A decimal written as plain digits (`10`, `10.50`); quoted text of the same form is accepted.
    mutating func decimal(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> (value: Decimal, scale: Int)? {
        if let s = node.scalar, let d = DecimalText.parse(s.value) { return d }
        report(.typeMismatch, "\(quoted(pathText())) must be a decimal number such as 10 or 10.50, found \(describe(node))", at: node.range)
        return nil
    }

    /// A non-negative decimal.
    mutating func nonNegativeDecimal(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> (value: Decimal, scale: Int)? {
        guard let d = decimal(node, path: pathText()) else { return nil }
        if d.value < 0 {
            report(.negativeAmount, "\(quoted(pathText())) must not be negative, found \(node.scalar?.value ?? "")", at: node.range)
            return nil
        }
        return d
    }

    /// A value of a string enumeration; lists the valid values, suggests the closest.
    mutating func enumeration<E: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, path pathText: @autoclosure () -> String, as: E.Type
    ) -> E?
    where E.RawValue == String {
        guard let text = string(node, path: pathText()) else { return nil }
        if let v = E(rawValue: text) { return v }
        let names = E.allCases.map(\.rawValue)
        report(
            .invalidEnum, "\(quoted(pathText())) must be one of \(names.joined(separator: ", ")); found \(UserText.quoted(text))",
            at: node.range, suggestion: Suggestions.closest(to: text, in: names))
        return nil
    }

    /// `enumeration(_:path:as:)` for an enumeration with a `RawValueLookup` table.
    mutating func enumeration<E: RawValueLookup>(_ node: YAMLNode, path pathText: @autoclosure () -> String, as: E.Type) -> E? {
        guard let text = string(node, path: pathText()) else { return nil }
        if let v = E.named(text) { return v }
        let names = E.allCases.map(\.rawValue)
        report(
            .invalidEnum, "\(quoted(pathText())) must be one of \(names.joined(separator: ", ")); found \(UserText.quoted(text))",
            at: node.range, suggestion: Suggestions.closest(to: text, in: names))
        return nil
    }

    /// An ISO 4217 currency code.
    mutating func currency(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> Currency? {
        guard let text = string(node, path: pathText()) else { return nil }
        if let c = Currency.iso(text) { return c }
        report(
            .invalidCurrency, "\(UserText.quoted(text)) is not an ISO 4217 currency code", at: node.range,
            suggestion: Currency.iso(text.uppercased())?.code
                ?? Suggestions.closest(to: text, in: Currency.all.map(\.code)))
        return nil
    }

    /// An ISO 3166-1 alpha-2 country code.
    mutating func country(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> String? {
        guard let text = string(node, path: pathText()) else { return nil }
        if Country.isValid(text) { return text }
        report(
            .invalidCountry, "\(UserText.quoted(text)) is not an ISO 3166-1 alpha-2 country code", at: node.range,
            suggestion: Country.isValid(text.uppercased()) ? text.uppercased() : nil)
        return nil
    }

    func describe(_ node: YAMLNode) -> String {
        guard let s = node.scalar else { return node.shapeDescription }
        return s.isNull ? "null" : "\(UserText.quoted(s.value))"
    }

    func quoted(_ path: String) -> String { "\(UserText.quoted(path))" }
}

extension CompileContext: MappingFindingSink {
    /// Records a finding; an unknown key that is a seed SDK's option name (`cvvRequired`) or
    /// one of ours in the wrong mapping (`withEmail` at the top level) names our key instead of
    /// the closest spelling (`SeedNames`).
    mutating func record(_ finding: MappingFinding, in place: MappingPlace, at range: SourceRange) {
        if case .unknownKey(let key, _, _) = finding, let (seed, suggestion) = SeedNames.suggestion(for: key, at: place.flowPath) {
            let note =
                seed.seed == seed.key
                ? "\(quoted(key)) is a key of \(quoted(seed.parent.isEmpty ? "the top level" : seed.parent)): \(quoted(seed.ours))"
                : "\(quoted(key)) is \(seed.sdk.rawValue)'s name; this language's is \(quoted(seed.ours))"
            report(finding.rule, finding.message(in: place), at: range, notes: [note], suggestion: suggestion)
            return
        }
        report(finding.rule, finding.message(in: place), at: range, notes: finding.notes, suggestion: finding.suggestion)
    }
}

/// A checked mapping's known pairs. Flow mappings are small (tens of keys; large tables such
/// as `tax` are read directly): a key is found in the table, then its position among the
/// pairs' spec positions, without comparing the text of every key.
package struct Fields {
    package let pairs: YAMLPairs
    /// The position in `table` of each pair's key.
    let specIndices: [Int]
    let table: KeyTable
    let range: SourceRange

    package subscript(_ key: String) -> YAMLNode? { index(of: key).map { pairs.value(at: $0) } }

    package func keyRange(_ key: String) -> SourceRange? { index(of: key).map { pairs.key(at: $0).range } }

    /// The pair keyed `key` (the first, should the mapping repeat it).
    package func pair(_ key: String) -> YAMLPair? { index(of: key).map { pairs[$0] } }

    /// How many known keys the mapping has.
    package var count: Int { specIndices.count }

    /// Whether the mapping has no known key.
    package var isEmpty: Bool { specIndices.isEmpty }

    /// The key of the pair at `i`.
    func key(at i: Int) -> String { table.names[specIndices[i]] }

    /// The position of the pair keyed `key`: the keys written (a handful, usually) are
    /// compared with it, by length first.
    private func index(of key: String) -> Int? {
        let n = key.utf8.count
        for j in specIndices.indices where table.lengths[specIndices[j]] == n && table.names[specIndices[j]] == key { return j }
        return nil
    }

    /// The position of `key` in `names`, comparing UTF-8 lengths (O(1)) before contents.
    static func index<C: Collection>(of key: String, in names: C) -> Int? where C.Element == String {
        let count = key.utf8.count
        var i = 0
        for name in names {
            if name.utf8.count == count, name == key { return i }
            i += 1
        }
        return nil
    }
}

/// Joins a path and a key: `join("request", "price")` is `request.price`.
func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
