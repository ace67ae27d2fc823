import CheckoutDomain
package import CheckoutRuntime

/// Compares a run's result with a scenario's expectation.
package enum ScenarioMatcher {
    /// Every difference, one sentence each (`expected status declined, got success`); empty
    /// when the result matches. Only the keys the expectation gives are compared.
    package static func differences(_ expect: ScenarioExpectation, _ result: CheckoutResult) -> [String] {
        var out: [String] = []
        func compare(_ key: String, _ expected: String?, _ actual: String?) {
            guard let expected, expected != actual else { return }
            out.append("expected \(key) \(UserText.shown(expected)), got \(actual.map(UserText.shown) ?? "none")")
        }
        compare("status", expect.status, result.status.rawValue)
        compare("exitCode", expect.exitCode.map { String($0) }, String(result.exitCode))
        compare("paymentType", expect.paymentType, result.paymentType)
        compare("threeDSAuthenticationResult", expect.threeDSAuthenticationResult, result.threeDSResult?.rawValue)
        compare("declineCode", expect.declineCode, result.declineCode)
        if let expected = expect.errors { out += errorDifferences(expected, result.errors) }
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
