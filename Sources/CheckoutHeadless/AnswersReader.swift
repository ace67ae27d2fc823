import CheckoutDomain
public import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// Reads an answers file (YAML or JSON) into `Answers`, reporting every problem with its path
/// (`billing.zip`) and position. Messages never quote card fields.
public enum AnswersReader {
    /// `card.number`, `card[1].cvv`, `scan.accountNumber`: paths whose values are card data,
    /// never echoed.
    static func isSecret(_ path: String) -> Bool {
        if path.hasPrefix("card") { return path.hasSuffix(".number") || path.hasSuffix(".cvv") }
        if path.hasPrefix("scan") { return scanSecrets.contains { path.hasSuffix(".\($0)") } }
        return false
    }

    /// A duration (`DurationText`: digits and `ms`, `s`, `m` or `h`); more than 0 and at most 24 hours.
    static func duration(_ text: String) -> Duration? {
        guard let d = DurationText.parse(text), d > .zero, d <= .seconds(86_400) else { return nil }
        return d
    }

    /// Waits for stages the flow does not have (`stageIds`: the pipeline's stages and the
    /// 3-D Secure challenge): reported like any other invalid answer.
    public static func unknownWaitStages(_ answers: Answers, stageIds: [String], file: String?) -> [AnswersProblem] {
        answers.waits.keys.sorted().filter { !stageIds.contains($0) }.map { id in
            let suggestion = Suggestions.closest(to: id, in: stageIds)
            let message =
                "the flow has no stage \(UserText.quoted(id))\(suggestion.map { "; did you mean '\($0)'?" } ?? "") (stages: \(stageIds.joined(separator: ", ")))"
            let path = "wait.\(UserText.shown(id))"
            let issue = AnswerIssue(path: path, code: "unknown_stage", message: message)
            let d = Diagnostic(rule: .unknownReference, message: "'\(path)': \(message)", file: file, suggestion: suggestion)
            return AnswersProblem(issue: issue, diagnostic: d)
        }
    }

    /// The bounds on an answers file: 1 MiB, 20 levels, 1,000 alias-expanded nodes.
    public static let limits = YAMLLimits(maxBytes: 1 << 20, maxDepth: 20, maxAliasNodes: 1000)

    /// Reads the file at `path` (at most `limits.maxBytes` of it; see `SourceFile.read`).
    public static func read(contentsOf path: String) -> (Answers?, [AnswersProblem]) {
        // `-`: standard input (`checkout run FLOW --answers -`), named `<stdin>`.
        let name = path == "-" ? FlowCompiler.standardInputName : path
        switch SourceFile.read(path: path == "-" ? "/dev/stdin" : path, maxBytes: limits.maxBytes) {
        case .success(let bytes):
            return read(bytes, file: name)
        case .failure(let error):
            let d = error.diagnostic(file: name, what: "the answers file")
            let code = error.rule.rawValue.replacingOccurrences(of: "-", with: "_")
            let message =
                error.rule == .sizeLimit
                ? "the answers file \(name): \(error.reason)" : "cannot read the answers file \(name): \(error.reason)"
            return (nil, [AnswersProblem(issue: AnswerIssue(path: "", code: code, message: message), diagnostic: d)])
        }
    }

    /// Reads answers from bytes.
    public static func read(_ bytes: [UInt8], file: String?) -> (Answers?, [AnswersProblem]) {
        var r = Reader(file: file)
        let doc = YAMLParser.parse(bytes, file: file, limits: limits, kind: .answers)
        for d in doc.diagnostics where d.severity == .error {
            r.problems.append(
                AnswersProblem(
                    issue: AnswerIssue(path: "", code: d.rule.rawValue.replacingOccurrences(of: "-", with: "_"), message: d.message),
                    diagnostic: d))
        }
        guard let root = doc.root, r.problems.isEmpty else { return (nil, r.problems) }
        return read(root, file: file)
    }

    /// Reads answers from a node of an already parsed document (a scenario's inline
    /// `answers`), with the same keys and typing rules as an answers file; problems are
    /// positioned in `file`.
    package static func read(_ root: YAMLNode, file: String?) -> (Answers?, [AnswersProblem]) {
        var r = Reader(file: file)
        let answers = r.answers(root)
        return (r.problems.isEmpty ? answers : nil, r.problems)
    }

    struct Reader {
        let file: String?
        var problems: [AnswersProblem] = []

        /// Records a problem: `message` goes into the result's `errors`; the diagnostic for
        /// stderr says the same and carries the suggestion separately.
        mutating func problem(
            _ path: String, _ code: String, _ message: String, at range: SourceRange, rule: Rule = .typeMismatch,
            suggestion: String? = nil, diagnosticMessage: String? = nil
        ) {
            let text = diagnosticMessage ?? message
            let d = Diagnostic(
                rule: rule, message: "\(path.isEmpty ? "" : "'\(path)': ")\(text)", file: file, range: range,
                suggestion: suggestion)
            problems.append(AnswersProblem(issue: AnswerIssue(path: path, code: code, message: message), diagnostic: d))
        }

        mutating func address(_ node: YAMLNode, path: String, table: KeyTable) -> (Address, YAMLNode?) {
            let f = pairs(node, path: path, table: table)
            var a = Address()
            for field in AddressField.allCases {
                a[field] = f[field.rawValue].flatMap { text($0, path: "\(path).\(field.rawValue)") }
            }
            return (a, f["sameAsBilling"])
        }

        /// `wait: { review: 61m }`: stage id → a duration (`500ms`, `90s`, `61m`, `2h`), at most 24h.
        mutating func waits(_ node: YAMLNode) -> [String: Duration] {
            guard let pairs = node.mapping else {
                typeMismatch("wait", expected: "a mapping of stage id to duration", node)
                return [:]
            }
            var out: [String: Duration] = [:]
            for p in pairs {
                guard let id = p.key.scalar?.value else { continue }
                let path = "wait.\(UserText.shown(id))"
                guard let text = text(p.value, path: path) else { continue }
                if let d = AnswersReader.duration(text) {
                    out[id] = d
                } else {
                    problem(
                        path, "invalid_duration", "must be a duration such as 90s, 61m or 2h (at most 24h), found \(UserText.quoted(text))",
                        at: p.value.range, rule: .invalidFormat)
                }
            }
            return out
        }

        mutating func answers(_ root: YAMLNode) -> Answers {
            var a = Answers()
            let top = pairs(root, path: "", table: AnswersReader.topLevelTable)
            if let n = top["paymentMethod"], let v = text(n, path: "paymentMethod") {
                if let m = PaymentMethodKind(rawValue: v) {
                    a.paymentMethod = m
                } else {
                    let names = PaymentMethodKind.allCases.map(\.rawValue)
                    problem(
                        "paymentMethod", "invalid_value", "must be one of \(names.joined(separator: ", ")); found \(UserText.quoted(v))",
                        at: n.range,
                        rule: .invalidEnum, suggestion: Suggestions.closest(to: v, in: names))
                }
            }
            if let n = top["card"] {
                let cards = (n.sequence ?? [n]).enumerated().map { i, item in
                    cardAnswer(item, path: n.sequence == nil ? "card" : "card[\(i)]")
                }
                a.card = cards.first
                a.laterCards = Array(cards.dropFirst())
            }
            func cardAnswer(_ n: YAMLNode, path: String) -> CardAnswer {
                let f = pairs(n, path: path, table: AnswersReader.cardTable)
                var c = CardAnswer()
                c.number = f["number"].flatMap { text($0, path: "\(path).number") }
                c.expiry = f["expiry"].flatMap { text($0, path: "\(path).expiry") }
                c.cvv = f["cvv"].flatMap { text($0, path: "\(path).cvv") }
                c.name = f["name"].flatMap { text($0, path: "\(path).name") }
                c.storeCard = f["storeCard"].flatMap { flag($0, path: "\(path).storeCard") }
                return c
            }
            if let n = top["savedCard"] { a.savedCard = text(n, path: "savedCard") }
            if let n = top["billing"] { a.billing = address(n, path: "billing", table: AnswersReader.billingTable).0 }
            if let n = top["shipping"] {
                let (s, same) = address(n, path: "shipping", table: AnswersReader.shippingTable)
                a.shipping = s
                a.sameAsBilling = same.flatMap { flag($0, path: "shipping.sameAsBilling") }
            }
            if let n = top["currency"] { a.currency = text(n, path: "currency") }
            if let n = top["acceptTerms"] { a.acceptTerms = flag(n, path: "acceptTerms") }
            if let n = top["threeDS"] {
                let f = pairs(n, path: "threeDS", table: AnswersReader.threeDSTable)
                a.threeDSCode = f["code"].flatMap { text($0, path: "threeDS.code") }
                a.threeDSCancel = f["cancel"].flatMap { flag($0, path: "threeDS.cancel") } ?? false
            }
            if let n = top["customer"] {
                let f = pairs(n, path: "customer", table: AnswersReader.customerTable)
                if let ip = f["ip"], let v = text(ip, path: "customer.ip") {
                    if IPAddress.isValid(v) {
                        a.customerIP = v
                    } else {
                        problem(
                            "customer.ip", "invalid_value", "must be an IPv4 or IPv6 address; found \(UserText.quoted(v))", at: ip.range,
                            rule: .invalidFormat)
                    }
                }
            }
            if let n = top["wait"] { a.waits = waits(n) }
            if let n = top["custom"] {
                if let pairs = n.mapping {
                    for p in pairs {
                        if let k = p.key.scalar?.value, let v = text(p.value, path: "custom.\(UserText.shown(k))") { a.custom[k] = v }
                    }
                } else {
                    typeMismatch("custom", expected: "a mapping", n)
                }
            }
            if let n = top["scan"] {
                let scans = (n.sequence ?? [n]).enumerated().map { i, item in
                    scanAnswer(item, path: n.sequence == nil ? "scan" : "scan[\(i)]")
                }
                a.scan = scans.first
                a.laterScans = Array(scans.dropFirst())
            }
            return a
        }
    }
}
