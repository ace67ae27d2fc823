import Foundation
import Testing

/// Invalid answers (exit 3, every problem at once) and broken flows at run time (exit 2).
@Suite struct InvalidInputTests {
    @Test func everyAnswerProblemIsReportedAtOnce() throws {
        let ws = try Workspace()
        let answers = """
            paymentMethod: card
            card:
              number: 4111 1111 1111 1112
              expiry: 13/2035
              cvv: 12
            billing:
              name: Jane
              country: US
            """
        let run = try ws.run(flow: "flows/standard-checkout.yaml", answers: answers)
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.status == "invalid")
        #expect(result.transaction == nil)
        #expect(
            result.errorCodes == [
                "card.number luhn_check_failed", "card.expiry invalid_expiry", "card.cvv invalid_cvv",
                "billing.name invalid_name", "billing.email required", "billing.zip required",
            ])
        #expect(result.errors?.allSatisfy { !$0.message.isEmpty } == true)
    }

    /// The shipped example: bad Luhn, expired, short CVV, missing email and zip.
    @Test func shippedInvalidAnswersExample() throws {
        let ws = try Workspace()
        let answers = try #require(
            ws.read(CheckoutBinary.root.appendingPathComponent("examples/standard-checkout/invalid-answers.yaml").path))
        let run = try ws.run(flow: "flows/standard-checkout.yaml", answers: answers)
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(
            try run.result().errorCodes == [
                "card.number luhn_check_failed", "card.expiry card_expired", "card.cvv invalid_cvv",
                "billing.email required", "billing.zip required",
            ])
    }

    /// Expiry against the pinned clock (2026-06): this month is valid, at most 20 years ahead.
    @Test(
        arguments: [
            ("06/26", nil), ("05/26", "card_expired"), ("06/2046", nil), ("07/2046", "expiry_too_far"),
            ("00/30", "invalid_expiry"),
        ] as [(String, String?)])
    func expiryRules(expiry: String, code: String?) throws {
        let ws = try Workspace()
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: Fixtures.cardAnswers("4111 1111 1111 1111", expiry: expiry))
        let result = try run.result()
        #expect(run.exitCode == (code == nil ? 0 : 3), "\(run.summary)")
        #expect(result.errorCodes == (code.map { ["card.expiry \($0)"] } ?? []))
    }

    /// CVV length follows the brand: 4 for Amex, 3 otherwise.
    @Test(arguments: [("3782 822463 10005", "123"), ("4111 1111 1111 1111", "1234")])
    func cvvLengthFollowsTheBrand(number: String, cvv: String) throws {
        let ws = try Workspace()
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: Fixtures.cardAnswers(number, cvv: cvv))
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(try run.result().errorCodes == ["card.cvv invalid_cvv"])
    }

    @Test func unknownAnswersKeyHasASuggestion() throws {
        let ws = try Workspace()
        let answers = Fixtures.cardAnswers("4111 1111 1111 1111").replacingOccurrences(of: "billing:", with: "biling:")
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: answers)
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.errorCodes == ["biling unknown_key"])
        #expect(result.errors?.first?.message.contains("did you mean 'billing'?") == true)
        #expect(result.transaction == nil)
    }

    @Test func answersCanBeJSON() throws {
        let ws = try Workspace()
        let answers =
            #"{"card": {"number": "4111 1111 1111 1111", "expiry": "12/2035", "cvv": "123"}, "billing": {"name": "Jane Shopper", "country": "NO", "zip": "01234"}}"#
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: answers, answersExtension: "json")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.paymentType == "CC", "only `card` given: the method is card")
        #expect(result.billingDetails?.zip == "01234")
    }

    /// A broken flow: exit 2, a `path:line:col: error:` diagnostic per problem, nothing run.
    @Test func brokenFlowIsAUsageError() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: broken\ndsl: 1\nrequest:\n  price:\n    amount: 10.00\n  withEmial: true\n  activate3DS: yes\n")
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111"))
        #expect(run.exitCode == 2, "\(run.summary)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("\(flow):6:3: error: ") && $0.contains("withEmial") && $0.hasSuffix("[unknown-key]") },
            "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(flow):7:16: error: ") && $0.contains("yes") }, "\(run.stderr)")
        #expect(run.stderr.contains("withEmail"), "suggestion for the near miss")
        #expect(run.resultFile == nil || run.resultFile?.contains("\"success\"") == false)
        #expect(!run.stdout.contains("\"success\""))
    }

    @Test func missingFlowFileIsAUsageError() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: ws.url.appendingPathComponent("nope.yaml").path, answers: "paymentMethod: paypal\n")
        #expect(run.exitCode == 2, "\(run.summary)")
        #expect(run.stderr.contains("nope.yaml"))
    }
}
