import CheckoutDomain
package import CheckoutRuntime

/// Compares a run's result with a scenario's expectation.
package enum ScenarioMatcher {
    /// Every difference, one sentence each (`expected status declined, got success`); empty
    /// when the result matches. Only the keys the expectation gives are compared. The
    /// differences of `expect.result` carry the line of the expected key
    /// (`result.priceDetails.taxAmount: expected 8.88, got 0.00`); the others, none.
    package static func differences(_ expect: ScenarioExpectation, _ result: CheckoutResult) -> [ScenarioDifference] {
        var out: [ScenarioDifference] = []
        func compare(_ key: String, _ expected: String?, _ actual: String?) {
            guard let expected, expected != actual else { return }
            out.append(ScenarioDifference("expected \(key) \(UserText.shown(expected)), got \(actual.map(UserText.shown) ?? "none")"))
        }
        compare("status", expect.status, result.status.rawValue)
        compare("exitCode", expect.exitCode.map { String($0) }, String(result.exitCode))
        compare("paymentType", expect.paymentType, result.paymentType)
        compare("threeDSAuthenticationResult", expect.threeDSAuthenticationResult, result.threeDSResult?.rawValue)
        compare("declineCode", expect.declineCode, result.declineCode)
        if let expected = expect.errors { out += errorDifferences(expected, result.errors).map { ScenarioDifference($0) } }
        if let expected = expect.result {
            out += StructuralMatcher.differences(expected: expected.node, actual: result.json, path: "result", file: expected.file)
                .map(ScenarioDifference.init)
        }
        return out
    }

    /// `errors` compared as a set of `(path, code)`; messages only where the scenario gives one.
    static func errorDifferences(_ expected: [ExpectedError], _ actual: [AnswerIssue]) -> [String] {
        var out: [String] = []
        let actualKeys = Set(actual.map { Key(path: $0.path, code: $0.code) })
        let expectedKeys = Set(expected.map { Key(path: $0.path, code: $0.code) })
        let missing = expected.filter { !actualKeys.contains(Key(path: $0.path, code: $0.code)) }
        let unexpected = actual.filter { !expectedKeys.contains(Key(path: $0.path, code: $0.code)) }
        var seenMissing = Set<Key>()
        for e in missing where seenMissing.insert(Key(path: e.path, code: e.code)).inserted {
            out.append("expected error \(Key(path: e.path, code: e.code)), got none")
        }
        var seenUnexpected = Set<Key>()
        for e in unexpected where seenUnexpected.insert(Key(path: e.path, code: e.code)).inserted {
            out.append("unexpected error \(Key(path: e.path, code: e.code)): \(e.message)")
        }
        for e in expected {
            guard let message = e.message else { continue }
            let key = Key(path: e.path, code: e.code)
            let messages = actual.filter { Key(path: $0.path, code: $0.code) == key }.map(\.message)
            if !messages.isEmpty, !messages.contains(message) {
                out.append("expected error \(key) message \(UserText.quoted(message)), got \(UserText.quoted(messages[0]))")
            }
        }
        return out
    }

    struct Key: Hashable, CustomStringConvertible {
        var path: String
        var code: String
        var description: String { "\(path.isEmpty ? "(answers)" : UserText.shown(path)) \(UserText.shown(code))" }
    }
}

/// A difference of an outcome: the sentence, and the line it is about when that is not the
/// scenario's own (a key of `expect.result`).
package struct ScenarioDifference: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One sentence: `expected status declined, got success`.
    package var message: String
    /// The line of the scenarios file it is about; nil: the scenario's line.
    package var line: Int?

    /// A difference at the scenario's line.
    package init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    /// A difference of `StructuralMatcher`, at its expected node's line.
    package init(_ difference: MatchDifference) {
        self.init(difference.message, line: difference.line)
    }

    package init(stringLiteral value: String) { self.init(value) }

    package var description: String { message }
}
