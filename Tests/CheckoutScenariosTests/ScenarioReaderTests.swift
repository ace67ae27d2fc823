import CheckoutLanguage
import CheckoutScenarios
import Foundation
import Testing

@Suite struct ScenarioReaderTests {
    @Test func readsEveryKey() throws {
        let r = readScenarios(
            """
            - name: visa approved
              answers:
                card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
                billing: { zip: 01234, country: NO }
              seed: 42
              now: 2030-05-01T10:00:00Z
              expect:
                status: invalid
                exitCode: 3
                paymentType: CC
                threeDSAuthenticationResult: AUTHENTICATION_FAILED
                declineCode: lost_card
                errors: [{ path: billing.zip, code: required, message: Enter the postal code. }, { path: "", code: x }]
              tags: [smoke, cards]
            - name: defaults
              flow: other.yaml
              answers: answers/paypal.yaml
              expect: { status: success }
            """, others: ["suite/other.yaml": "", "suite/answers/paypal.yaml": "paymentMethod: paypal\n"])
        #expect(r.diagnostics.isEmpty, "\(rendered(r))")
        let file = try #require(r.file)
        #expect(file.suiteName == "checkout")
        let a = file.scenarios[0]
        #expect(a.name == "visa approved" && a.line == 1 && a.flowPath == "suite/checkout.yaml")
        #expect(a.seed == 42 && a.now == ISO8601DateFormatter().date(from: "2030-05-01T10:00:00Z"))
        #expect(a.tags == ["smoke", "cards"])
        // Typed by the DSL, as an answers file is: 01234 and NO stay text.
        #expect(a.answers?.billing?.zip == "01234" && a.answers?.billing?.country == "NO")
        #expect(
            a.expect
                == ScenarioExpectation(
                    status: "invalid", exitCode: 3, paymentType: "CC", threeDSAuthenticationResult: "AUTHENTICATION_FAILED",
                    declineCode: "lost_card",
                    errors: [
                        ExpectedError(path: "billing.zip", code: "required", message: "Enter the postal code."),
                        ExpectedError(path: "", code: "x"),
                    ]))
        let b = file.scenarios[1]
        #expect(b.line == 15 && b.flowPath == "suite/other.yaml")
        #expect(b.seed == Scenario.defaultSeed && b.now == Scenario.defaultNow && b.tags.isEmpty)
        #expect(b.answers?.paymentMethod == .paypal)
    }

    @Test func defaultClockIsTheDocumentedInstant() {
        #expect(ISO8601DateFormatter().date(from: Scenario.defaultNowText) == Scenario.defaultNow)
    }

    @Test func unknownKeysAndValuesArePositionedWithSuggestions() {
        let r = readScenarios(
            """
            - name: a
              answer: x.yaml
              expect: { status: sucess, exitCode: 2, declinecode: x }
            """)
        #expect(r.file == nil)
        #expect(
            rendered(r) == """
                suite/checkout.scenarios.yaml:1:3: error: missing required key 'answers' in a scenario [missing-key]
                  - name: a
                    ^
                suite/checkout.scenarios.yaml:2:3: error: unknown key 'answer' in a scenario [unknown-key]
                    answer: x.yaml
                    ^~~~~~
                  help: did you mean 'answers'?
                suite/checkout.scenarios.yaml:3:21: error: 'status' must be one of success, declined, failed, canceled, invalid, error; found 'sucess' [invalid-enum]
                    expect: { status: sucess, exitCode: 2, declinecode: x }
                                      ^~~~~~
                  help: did you mean 'success'?
                suite/checkout.scenarios.yaml:3:39: error: 'exitCode' must be one of 0, 1, 3, 4, the exit codes of a run [invalid-enum]
                    expect: { status: sucess, exitCode: 2, declinecode: x }
                                                        ^
                suite/checkout.scenarios.yaml:3:42: error: unknown key 'declinecode' in 'expect' [unknown-key]
                    expect: { status: sucess, exitCode: 2, declinecode: x }
                                                           ^~~~~~~~~~~
                  help: did you mean 'declineCode'?

                """)
    }

    @Test func inlineAnswerProblemsNeverShowTheirLine() {
        let r = readScenarios(
            """
            - name: a
              answers: { card: { numbr: "4111 1111 1111 1111", cvv: "736" }, paymentMethod: bitcoin }
              expect: { status: success }
            """)
        let text = rendered(r)
        #expect(r.file == nil)
        #expect(text.contains("suite/checkout.scenarios.yaml:2:22: error: answers: unknown key 'numbr' in 'card' [unknown-key]"))
        #expect(text.contains("help: did you mean 'number'?"))
        #expect(text.contains("'paymentMethod'"))
        #expect(!text.contains("4111") && !text.contains("736"), "\(text)")
    }

    @Test func answersFileProblemsBecomeTheRunsErrors() throws {
        let r = readScenarios(
            """
            - name: a
              answers: bad.yaml
              expect: { status: invalid }
            """, others: ["suite/bad.yaml": "paymentMethod: bitcoin\n"])
        let s = try #require(r.file?.scenarios.first)
        #expect(s.answers == nil)
        #expect(s.answerProblems.map(\.issue.path) == ["paymentMethod"])
        #expect(s.answerProblems.map(\.issue.code) == ["invalid_value"])
    }

    @Test func missingFilesAndFlows() {
        let r = readScenarios(
            """
            - name: a
              flow: nowhere.yaml
              answers: missing.yaml
              expect: { exitCode: 0 }
            """)
        #expect(
            r.diagnostics.map(\.message) == [
                "flow file 'nowhere.yaml' does not exist (looked for suite/nowhere.yaml)",
                "cannot read the answers file 'missing.yaml' (looked for suite/missing.yaml): no such file or directory",
            ])
        let lonely = ScenarioReader.read(
            Array("- { name: a, answers: {}, expect: { status: success } }\n".utf8), file: "x/lonely.scenarios.yaml",
            files: memoryFiles([:]))
        #expect(lonely.diagnostics.map(\.message) == ["no 'flow' given and there is no lonely.yaml beside this scenarios file"])
    }

    @Test func shapeErrorsDuplicatesAndContradictions() {
        let r = readScenarios(
            """
            - name: a
              answers: {}
              expect: { status: declined, exitCode: 0, errors: [{ code: x }] }
              tags: smoke
              seed: -1
              now: yesterday
            - name: a
              answers: {}
              expect: {}
            - just text
            """)
        #expect(
            r.diagnostics.map { "\($0.range?.start.line ?? 0):\($0.rule)" } == [
                "3:conflicting-settings", "3:missing-key", "4:type-mismatch", "5:type-mismatch", "6:invalid-format",
                "7:duplicate-id", "9:missing-key", "10:type-mismatch",
            ], "\(rendered(r))")
        let notAList = readScenarios("name: a\n")
        #expect(notAList.diagnostics.map(\.message) == ["a scenarios file must be a list of scenarios, found a mapping"])
    }

    @Test func syntaxErrorsArePositionedWithoutTheLine() {
        let r = readScenarios("- name: a\n  answers: { card: { number: \"4111 1111 1111 1111\" }\n")
        #expect(r.diagnostics.hasErrors)
        #expect(r.diagnostics.allSatisfy { $0.hidesSource && $0.range != nil })
        #expect(!rendered(r).contains("4111"))
    }
}
