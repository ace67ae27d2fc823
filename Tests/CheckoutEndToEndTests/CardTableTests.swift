import CheckoutProviders
import Foundation
import Testing

/// Every row of the SPEC §7 sandbox card table, run through the real binary.
@Suite struct CardTableTests {
    /// Without 3DS: the charge decides alone (approved, or declined with the row's code).
    @Test(arguments: SandboxCard.all)
    func chargeWithout3DS(card: SandboxCard) throws {
        let ws = try Workspace()
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: Fixtures.cardAnswers(card.number, cvv: card.cvv))
        let result = try run.result()

        #expect(result.creditCard?.ccType == card.ccType)
        #expect(result.creditCard?.last4Digits == card.last4)
        #expect(result.creditCard?.ccIssuingCountry == card.issuingCountry)
        #expect(result.creditCard?.expirationMonth == "12")
        #expect(result.creditCard?.expirationYear == "2035")
        #expect(result.threeDSAuthenticationResult == nil, "3DS is off")
        #expect(result.paymentType == "CC")
        if let decline = card.declineCode {
            #expect(run.exitCode == 1, "\(run.summary)")
            #expect(result.status == "declined")
            #expect(result.declineCode == decline)
            #expect(result.transaction?.status == "DECLINED")
        } else {
            #expect(run.exitCode == 0, "\(run.summary)")
            #expect(result.status == "success")
            #expect(result.declineCode == nil)
            #expect(result.transaction?.status == "APPROVED")
            #expect(result.transaction?.type == "SALE")
            #expect(result.transaction?.amount == Decimal(exactly: "10.00"))
        }
    }

    /// With `activate3DS: true` and `processFailed3DS: false` (challenges answered `1234`): the
    /// row's 3DS result, then the charge only when 3DS succeeded or was bypassed.
    @Test(arguments: SandboxCard.all)
    func chargeWith3DS(card: SandboxCard) throws {
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow(activate3DS: true))
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers(card.number, cvv: card.cvv, extra: Fixtures.threeDSCode("1234")))
        let result = try run.result()

        #expect(result.threeDSAuthenticationResult == card.threeDS, "\(run.summary)")
        #expect(result.creditCard?.ccType == card.ccType)
        #expect(result.creditCard?.ccIssuingCountry == card.issuingCountry)
        switch (card.threeDSProceeds, card.declineCode) {
        case (false, _):
            #expect(run.exitCode == 1, "\(run.summary)")
            #expect(result.status == "failed")
            #expect(result.transaction == nil, "nothing is charged when 3DS did not succeed")
            #expect(result.declineCode == nil)
        case (true, let decline?):
            #expect(run.exitCode == 1, "\(run.summary)")
            #expect(result.status == "declined")
            #expect(result.declineCode == decline)
        case (true, nil):
            #expect(run.exitCode == 0, "\(run.summary)")
            #expect(result.status == "success")
            #expect(result.transaction?.status == "APPROVED")
        }
    }

    /// 4000 0000 0000 0119: `processing_error` on the first attempt, approved on the retry with
    /// the same idempotency key — one retry, one transaction.
    @Test func transientErrorIsRetriedOnce() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: Fixtures.cardAnswers("4000 0000 0000 0119"))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        let transaction = try #require(result.transaction)
        #expect(transaction.status == "APPROVED")

        let trace = try run.trace()
        let retries = trace.filter { $0.event == "step.retry" }
        #expect(retries.count == 1, "\(retries.map(\.line))")
        #expect(retries.first?.code == "processing_error")
        let approved = trace.filter { $0.event == "step.end" && $0.outcome == "approved" }
        #expect(approved.count == 1, "\(approved.map(\.line))")
        let ids = Set(trace.compactMap(\.transaction))
        #expect(ids == [transaction.id], "one transaction id in the trace, the result's")
    }

    /// `--result FILE` holds the same JSON as `--json` prints, and the same seed gives the same ids.
    @Test func resultFileMatchesStdout() throws {
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow())
        let first = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111"), seed: 7)
        let again = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111"), seed: 7)
        #expect(first.exitCode == 0, "\(first.summary)")
        #expect(first.resultFile == first.stdout)
        #expect(again.stdout == first.stdout, "--seed and --now make runs reproducible")
        #expect(try first.result().transaction?.id.isEmpty == false)
    }

    /// The trace of a plain approved card has no retry at all (so the count above can fail).
    @Test func approvedCardIsNotRetried() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: Fixtures.cardAnswers("4111 1111 1111 1111"))
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(try run.trace().filter { $0.event == "step.retry" }.isEmpty)
    }
}
