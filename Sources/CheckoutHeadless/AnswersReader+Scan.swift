import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Foundation

extension AnswersReader {
    /// The keys of a scan: BAM `BAMCheckoutCardInformation`'s fields, or the error it ended with.
    static let scanKeys = AnswersKeys.scan.map(\.name).filter { $0 != "file" }
    /// The keys of a scan: a scan file's name, or what it holds.
    static let scanTable = KeyTable(AnswersKeys.scan)
    /// The keys of a scan given as a file: the file alone.
    static let scanFileTable = KeyTable(AnswersKeys.scan.filter { $0.name == "file" })
    /// The keys of `scan.edited`.
    static let scanEditedTable = KeyTable(AnswersKeys.scanEdited)
    /// The most digits a scanned card number has (BAM `cardNumber`'s maximum length).
    static let scanMaxDigits = 16
    /// Scan keys whose values are secret.
    static let scanSecrets = ["number", "cvv", "sortCode", "accountNumber"]
}

extension AnswersReader.Reader {
    /// One scan: inline (`scan: { number: …, expiry: … }`) or from a file
    /// (`scan: { file: scans/visa.json }`, relative to the answers file, YAML or JSON with the
    /// same keys). Problems inside the scan file are positioned in it.
    mutating func scanAnswer(_ node: YAMLNode, path: String) -> ScanAnswer {
        if let pairs = node.mapping, pairs.contains(where: { $0.key.scalar?.value == "file" }) {
            let f = self.pairs(node, path: path, table: AnswersReader.scanFileTable)
            guard let n = f["file"], let name = text(n, path: "\(path).file") else { return ScanAnswer() }
            return scanFile(name, at: n.range, path: path)
        }
        let f = pairs(node, path: path, table: AnswersReader.scanTable)
        func t(_ k: String) -> String? { f[k].flatMap { text($0, path: "\(path).\(k)") } }
        var s = ScanAnswer(
            number: t("number"), expiry: t("expiry"), cvv: t("cvv"), name: t("name"), sortCode: t("sortCode"),
            accountNumber: t("accountNumber"))
        if let n = f["number"], let number = s.number { scanNumberLength(number, at: n.range, path: "\(path).number") }
        if let n = f["edited"] {
            let e = pairs(n, path: "\(path).edited", table: AnswersReader.scanEditedTable)
            s.editedExpiry = e["expiry"].flatMap { text($0, path: "\(path).edited.expiry") }
            s.editedName = e["name"].flatMap { text($0, path: "\(path).edited.name") }
        }
        if let n = f["error"], let v = text(n, path: "\(path).error") {
            if let e = CardScanError(rawValue: v) {
                s.error = e
            } else {
                let names = CardScanError.allCases.map(\.rawValue)
                problem(
                    "\(path).error", "invalid_value", "must be one of \(names.joined(separator: ", ")); found \(UserText.quoted(v))",
                    at: n.range,
                    rule: .invalidEnum, suggestion: Suggestions.closest(to: v, in: names))
            }
            let card = AnswersReader.scanKeys.filter { $0 != "error" && f[$0] != nil }
            if !card.isEmpty {
                problem(
                    "\(path).error", "conflicting_answers",
                    "a scan ends with a card or with an error, not both; remove \(card.map { "'\($0)'" }.joined(separator: ", "))",
                    at: n.range, rule: .conflictingSettings)
            }
        }
        return s
    }

    /// BAM's `cardNumber` holds at most 16 digits (Jumio docs/integration_bam-checkout.md,
    /// `BAMCheckoutCardInformation`; provider-contract row #27), so a longer scanned number is
    /// not something a scan can return: an invalid answer. Only the count is shown, never a digit;
    /// other problems with the number are the card checks' at run time.
    private mutating func scanNumberLength(_ number: String, at range: SourceRange, path: String) {
        guard let digits = CardNumber.digits(from: number), digits.count > AnswersReader.scanMaxDigits else { return }
        problem(
            path, "invalid_length",
            "a card scan reads at most \(AnswersReader.scanMaxDigits) digits (Jumio BAM's cardNumber); this number has \(digits.count)",
            at: range, rule: .outOfRange)
    }

    /// Reads a scan file; its problems keep the answers' paths (`scan.number`) and point into it.
    private mutating func scanFile(_ name: String, at range: SourceRange, path: String) -> ScanAnswer {
        let base = file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? URL(fileURLWithPath: ".")
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : base.appendingPathComponent(name)
        let limits = YAMLLimits(maxBytes: 1 << 16, maxDepth: 10, maxAliasNodes: 100)
        let bytes: [UInt8]
        switch SourceFile.read(path: url.path, maxBytes: limits.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let error):
            let code = error.rule.rawValue.replacingOccurrences(of: "-", with: "_")
            let message =
                error.rule == .sizeLimit
                ? "the scan file \(UserText.shown(name)): \(error.reason)"
                : "cannot read the scan file \(UserText.shown(name)): \(error.reason)"
            problem("\(path).file", code, message, at: range, rule: error.rule)
            return ScanAnswer()
        }
        var inner = AnswersReader.Reader(file: url.path)
        let doc = YAMLParser.parse(bytes, file: url.path, limits: limits, kind: .scan)
        for d in doc.diagnostics where d.severity == .error {
            let code = d.rule.rawValue.replacingOccurrences(of: "-", with: "_")
            problems.append(
                AnswersProblem(
                    issue: AnswerIssue(path: "\(path).file", code: code, message: "in \(UserText.shown(name)): \(d.message)"), diagnostic: d
                ))
        }
        guard let root = doc.root, !doc.diagnostics.hasErrors else {
            if doc.root == nil, !doc.diagnostics.hasErrors {
                problem("\(path).file", "empty_document", "the scan file \(UserText.shown(name)) is empty", at: range, rule: .emptyDocument)
            }
            return ScanAnswer()
        }
        if root.mapping?.contains(where: { $0.key.scalar?.value == "file" }) == true {
            inner.problem("\(path).file", "invalid_value", "a scan file cannot name another scan file", at: root.range)
            problems += inner.problems
            return ScanAnswer()
        }
        let s = inner.scanAnswer(root, path: path)
        problems += inner.problems
        return s
    }
}
