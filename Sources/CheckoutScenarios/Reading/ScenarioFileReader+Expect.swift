import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

extension ScenarioFileReader {
    mutating func expectation(_ node: YAMLNode) -> ScenarioExpectation {
        let f = pairs(node, table: ScenarioReader.expectTable, in: .named("'expect'"))
        var e = ScenarioExpectation()
        guard node.mapping != nil else { return e }
        if f.isEmpty {
            error(.missingKey, "'expect' must give at least one of \(ScenarioReader.expectKeys.joined(separator: ", "))", at: node.range)
        }
        e.status = f["status"].flatMap { oneOf($0.value, "'status'", CheckoutStatus.allCases.map(\.rawValue)) }
        if let p = f["exitCode"] {
            let codes = ScenarioReader.runExitCodes
            if let s = p.value.scalar, s.style == .plain, let v = Int32(s.value), codes.contains(v) {
                e.exitCode = v
            } else {
                error(
                    .invalidEnum, "'exitCode' must be one of \(codes.map(String.init).joined(separator: ", ")), the exit codes of a run",
                    at: p.value.range)
            }
        }
        e.paymentType = f["paymentType"].flatMap { oneOf($0.value, "'paymentType'", ScenarioReader.paymentTypes) }
        e.threeDSAuthenticationResult = f["threeDSAuthenticationResult"].flatMap {
            oneOf($0.value, "'threeDSAuthenticationResult'", ThreeDSResult.allCases.map(\.rawValue))
        }
        e.declineCode = f["declineCode"].flatMap { text($0.value, "'declineCode'") }
        if let p = f["errors"] {
            if let items = p.value.sequence {
                e.errors = items.compactMap { expectedError($0) }
            } else {
                error(.typeMismatch, "'errors' must be a list of { path, code }, found \(p.value.shapeDescription)", at: p.value.range)
            }
        }
        e.steps = f["steps"].flatMap { stepsExpectation($0.value) }
        if let p = f["result"] { e.result = expectedResult(p.value) }
        if let p = f["sent"] {
            if let items = p.value.sequence {
                for item in items { checkSentCall(item) }
                e.sent = ExpectedCalls(items: items, file: file)
            } else {
                error(
                    .typeMismatch, "'sent' must be a list of { operation, fields, answer }, found \(p.value.shapeDescription)",
                    at: p.value.range)
            }
        }
        if let status = e.status.flatMap(CheckoutStatus.init(rawValue:)), let code = e.exitCode, status.exitCode != code,
            let p = f["exitCode"]
        {
            error(
                .conflictingSettings, "'exitCode' \(code) contradicts 'status' \(status.rawValue), which exits \(status.exitCode)",
                at: p.value.range)
        }
        return e
    }

    /// `expect.result`, kept as written for `StructuralMatcher`, after its checks: a mapping, no
    /// tag but `!pattern`, patterns that compile, amounts with no more decimals than their currency.
    mutating func expectedResult(_ node: YAMLNode) -> ExpectedNode? {
        guard node.mapping != nil else {
            error(.typeMismatch, "'result' must be a mapping of the result's keys, found \(node.shapeDescription)", at: node.range)
            return nil
        }
        let problems = StructuralMatcher.problems(in: node)
        for p in problems { error(.invalidFormat, "'result': " + p.message, at: p.range) }
        return problems.isEmpty ? ExpectedNode(node: node, file: file) : nil
    }

    mutating func expectedError(_ node: YAMLNode) -> ExpectedError? {
        let f = pairs(node, table: ScenarioReader.expectedErrorTable, in: .named("an expected error"))
        guard node.mapping != nil else { return nil }
        // The path may be empty: problems with the answers file as a whole have none.
        var path: String?
        if let p = f["path"] {
            if let s = p.value.scalar, !(s.isNull && s.style == .plain) {
                path = s.value
            } else {
                error(.typeMismatch, "'path' must be text, found \(p.value.shapeDescription)", at: p.value.range)
            }
        }
        let code = f["code"].flatMap { text($0.value, "'code'") }
        let message = f["message"].flatMap { text($0.value, "'message'") }
        guard let path, let code else { return nil }
        return ExpectedError(path: path, code: code, message: message)
    }

    /// Checks one `expect.sent` item's keys (and those of its `fields` and `answer`, their
    /// cards and addresses) against the record's names, and its `operation`.
    mutating func checkSentCall(_ node: YAMLNode) {
        let f = pairs(node, table: ScenarioReader.sentCallTable, in: .named("an 'expect.sent' item"))
        guard node.mapping != nil else { return }
        for p in StructuralMatcher.problems(in: node) { error(.invalidFormat, "'sent': " + p.message, at: p.range) }
        if let p = f["operation"] { _ = oneOf(p.value, "'operation'", ProviderCall.Operation.allCases.map(\.rawValue)) }
        if let p = f["stage"] { _ = text(p.value, "'stage'") }
        for (key, table) in [("fields", ScenarioReader.sentFieldsTable), ("answer", ScenarioReader.sentAnswerTable)] {
            guard let p = f[key] else { continue }
            let inner = pairs(p.value, table: table, in: .named("'\(key)'"))
            for name in ["card", "billing", "shipping"] {
                guard let q = inner[name] else { continue }
                let nested = name == "card" ? ScenarioReader.sentCardTable : ScenarioReader.sentAddressTable
                _ = pairs(q.value, table: nested, in: .named("'\(key).\(name)'"))
            }
        }
    }
}
