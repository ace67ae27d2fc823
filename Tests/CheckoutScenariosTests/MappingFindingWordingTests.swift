import CheckoutHeadless
import CheckoutLanguage
import CheckoutScenarios
import Testing

/// Answers files, scenarios files and flows are read by one key-table reader and word its
/// findings alike: unknown key, misplaced key, missing key, a value that is not a mapping, a
/// value of the wrong type.
@Suite struct MappingFindingWordingTests {
    func answers(_ text: String) -> [AnswersProblem] {
        AnswersReader.read(Array(text.utf8), file: "a.yaml").1
    }

    func flowMessages(_ text: String) -> [String] {
        FlowCompiler.compile(text, file: "f.yaml").diagnostics.map(\.message)
    }

    @Test func anUnknownKeyIsWordedAsInAFlow() throws {
        let p = try #require(answers("billing: { zipp: 1 }\n").first)
        #expect(p.diagnostic.message == "unknown key 'zipp' in 'billing'")
        #expect(p.diagnostic.suggestion == "zip")
        #expect(p.issue.path == "billing.zipp" && p.issue.code == "unknown_key")
        #expect(p.issue.message == "unknown key 'zipp' in 'billing'; did you mean 'zip'?")
        #expect(
            flowMessages("flow: a\ndsl: 1\nrequest: { prefill: { billing: { zipp: '1' } } }\n").contains(
                "unknown key 'zipp' in 'request.prefill.billing'"))

        let top = try #require(answers("webhook: x\n").first)
        #expect(top.diagnostic.message == "unknown key 'webhook' at the top level")
        #expect(top.diagnostic.notes == ["valid keys: " + AnswersKeys.topLevel.map(\.name).joined(separator: ", ")])
        #expect(top.issue.path == "webhook")
    }

    @Test func aMisplacedKeyIsWordedAsInAFlow() throws {
        let p = try #require(answers("shipping: { birthday: 1990-01-01 }\n").first)
        #expect(p.diagnostic.message == "'shipping.birthday' is not allowed: a shipping address has no date of birth")
        #expect(p.diagnostic.notes == ["use 'billing.birthday'"])
        #expect(p.issue.path == "shipping.birthday" && p.issue.code == "unknown_key")
    }

    @Test func aWrongTypeIsWordedAsInAFlow() throws {
        let problems = answers("billing: [x]\ncard: { number: [1], storeCard: yes }\ncustom: x\n")
        #expect(
            problems.map(\.diagnostic.message) == [
                "'card.number' must be a string, found a list", "'card.storeCard' must be true or false, found 'yes'",
                "'billing' must be a mapping, found a list", "'custom' must be a mapping, found a scalar",
            ])
        #expect(problems.map(\.issue.message) == problems.map(\.diagnostic.message))
        #expect(problems.allSatisfy { $0.issue.code == "invalid_type" })
        let top = try #require(answers("- x\n").first)
        #expect(top.diagnostic.message == "the top level of an answers file must be a mapping, found a list")
        #expect(flowMessages("- x\n") == ["the top level of a flow file must be a mapping, found a list"])
    }

    @Test func aMissingKeyIsWordedAsInAFlow() {
        let r = readScenarios(
            "- name: a\n  answers: { paymentMethod: card }\n  expect: { errors: [{ path: card.number }] }\n- answers: { paymentMethod: card }\n"
        )
        #expect(
            r.diagnostics.map(\.message) == [
                "missing required key 'code' in an expected error", "missing required key 'name' in a scenario",
                "missing required key 'expect' in a scenario",
            ])
        #expect(flowMessages("dsl: 1\n").contains("missing required key 'flow' at the top level"))
    }
}
