import CheckoutDomain
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Maxpay's `api/cc` answers (status, code, message, reference) mapped to what a run knows.
@Suite struct MaxpayResponseTests {
    static let card = TokenizedCard(
        token: "tok", brand: .visa, last4: "1111", issuingCountry: "US", expiry: CardExpiry(month: 12, year: 2035))

    static func request(type: String = "SALE3D", key: String = "order-77") -> ChargeRequest {
        ChargeRequest(
            kind: .sale, card: card, amount: Money(amount: Decimal(string: "49.9")!, currency: Currency.iso("EUR")!), idempotencyKey: key,
            threeDSResult: .authenticationSucceeded,
            signed: SignedFields(fields: ["transaction_type": type, "transaction_unique_id": key], signature: "sig"))
    }

    func outcome(_ body: String, _ request: ChargeRequest = request()) throws(ProviderError) -> ChargeOutcome {
        try MaxpayResponse(json: Data(body.utf8)).outcome(of: request)
    }

    @Test func successIsApprovedWithTheReferenceAsTheTransactionAndTheSignedType() throws {
        let body = #"""
            {"api_version":1,"status":"success","code":0,"message":"Transaction processed successfully",
             "reference":"r-5fa1","transaction_unique_id":"order-77","authcode":"123456","timestamp":1795000000}
            """#
        let approved = try outcome(body)
        #expect(
            approved
                == .approved(
                    Transaction(
                        id: "r-5fa1", type: "SALE3D", status: "APPROVED",
                        amount: Money(amount: Decimal(string: "49.9")!, currency: Currency.iso("EUR")!), authCode: "123456",
                        responseCode: "0", responseMessage: "Transaction processed successfully")))
        // Maxpay sends the status in any case, and the code as a string in some answers.
        #expect(
            try outcome(#"{"status":"SUCCESS","code":"0","message":"ok","reference":"r-1"}"#, Self.request(type: "AUTH"))
                == .approved(
                    Transaction(
                        id: "r-1", type: "AUTH", status: "APPROVED", amount: Self.request().amount, responseCode: "0",
                        responseMessage: "ok")))
    }

    @Test(arguments: [
        (3001, "insufficient_funds"), (3002, "lost_card"), (3003, "expired_card"), (3004, "incorrect_cvc"), (3005, "card_declined"),
        (4242, "maxpay_4242"),
    ])
    func declineCodesMapToDeclineNames(code: Int, name: String) throws {
        let result = try outcome(#"{"status":"decline","code":\#(code),"message":"Declined","reference":"r-9"}"#)
        guard case .declined(let declineCode, let transaction) = result else {
            Issue.record("not a decline: \(result)")
            return
        }
        #expect(declineCode == name)
        #expect(transaction.id == "r-9" && transaction.status == "DECLINED" && transaction.type == "SALE3D")
    }

    @Test(arguments: [
        (1001, "invalid_signature", false), (1002, "rejected", false), (5001, "processing_error", true), (77, "rejected", false),
    ])
    func errorCodesBecomeProviderErrors(code: Int, name: String, retryable: Bool) {
        #expect {
            try outcome(#"{"status":"error","code":\#(code),"message":"Something happened"}"#)
        } throws: { error in
            guard let e = error as? ProviderError else { return false }
            return e.code.rawValue == name && e.isRetryable == retryable && e.message == "Maxpay error \(code): Something happened"
        }
    }

    @Test func anUnknownStatusIsAnError() {
        #expect(throws: ProviderError.self) { try outcome(#"{"status":"pending","code":0,"message":""}"#) }
    }

    @Test(arguments: [
        "", "{", "[]", #"{"code":0}"#, #"{"status":"success"}"#, #"{"status":"success","code":"zero"}"#,
        #"{"status":"success","code":0,"message":"ok"}"#,
    ])
    func unreadableOrIncompleteAnswersAreRetryableFaults(body: String) {
        #expect {
            try outcome(body)
        } throws: { error in
            (error as? ProviderError)?.code == .unavailable && (error as? ProviderError)?.isRetryable == true
        }
    }

    @Test func anAnswerForAnotherTransactionIsRefused() {
        #expect {
            try outcome(#"{"status":"success","code":0,"message":"ok","reference":"r","transaction_unique_id":"order-78"}"#)
        } throws: { error in
            (error as? ProviderError)?.code == .rejected
        }
    }

    @Test func cardDigitsInAProviderMessageAreMasked() {
        #expect {
            try outcome(#"{"status":"error","code":1002,"message":"Invalid card_number 4111 1111 1111 1111 (16 digits)"}"#)
        } throws: { error in
            let message = (error as? ProviderError)?.message ?? ""
            return message == "Maxpay error 1002: Invalid card_number •••• (16 digits)"
        }
    }

    @Test func theJSONRoundTrips() throws {
        let r = MaxpayResponse(status: "decline", code: 3001, message: "Insufficient funds", reference: "r-2", transactionUniqueId: "k")
        #expect(try MaxpayResponse(json: r.json()) == r)
        #expect(String(decoding: r.json(), as: UTF8.self).hasPrefix(#"{"code":3001,"message":"Insufficient funds""#))
    }

    @Test func everyTableCodeMapsBackToItsName() {
        for entry in MaxpayCodes.declines {
            #expect(MaxpayCodes.declineCode(for: entry.code) == entry.name)
            #expect(MaxpayCodes.code(forDecline: entry.name) == entry)
        }
        for entry in MaxpayCodes.errors {
            #expect(MaxpayCodes.errorCode(for: entry.code).rawValue == entry.name)
        }
        #expect(MaxpayCodes.code(forDecline: "do_not_honor") == MaxpayCodes.cardDeclined)
    }
}
