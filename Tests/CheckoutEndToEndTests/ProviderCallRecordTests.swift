import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// Provider call records (`ProviderCall`, `provider.call`): no card data in any of them, every
/// name they print is in the key tables `expect.sent` is checked against, and `SentMatcher`
/// matches in order, as subsets.
@Suite struct ProviderCallRecordTests {
    static let card = ValidatedCard(
        number: "4111 1111 1111 1111", cvv: "736", expiry: CardExpiry(month: 12, year: 2030), brand: .visa, holderName: "Jane")

    /// A record of `operation` with every field and answer part set, the card from a typed card.
    static func fullRecord(_ operation: ProviderCall.Operation) -> ProviderCall {
        var f = ProviderCallFields()
        f.transactionType = "SALE"
        f.amount = Money(amount: Decimal(string: "8.88") ?? 0, currency: Currency(code: "USD", minorUnits: 2, name: "US Dollar"))
        f.full = true
        f.card = ProviderCallCard(card)
        f.cardToken = "tok_1"
        f.checkoutToken = "tok_0"
        f.transactionId = "tx_1"
        f.orderId = "ORDER-1"
        f.metadata = ["cart": "42"]
        f.customerIP = "203.0.113.9"
        f.fraudSessionId = "fraud"
        f.billing = Address(
            name: "Jane", email: "j@example.com", address: "1 Main St", city: "Albany", zip: "12207", country: "US", state: "NY")
        f.shipping = f.billing
        f.storeCard = true
        f.shopperId = "s1"
        f.idempotencyKey = "key"
        f.threeDSResult = .authenticationSucceeded
        f.threeDSRequested = true
        f.session = "sess"
        f.challengeAnswer = "code"
        f.paymentType = "PAYPAL"
        f.signedFields = ["amount"]
        var a = ProviderCallAnswer("approved")
        a.code = "ok"
        a.token = "tok_1"
        a.card = ProviderCallCard(CardSource.new(card))
        a.paymentMethodToken = "vault"
        a.transactionId = "tx_1"
        a.transactionStatus = "APPROVED"
        a.threeDSResult = .authenticationSucceeded
        a.session = "sess"
        a.invoiceId = "inv"
        a.id = "s1"
        return ProviderCall(operation, fields: f, answer: a)
    }

    @Test func recordsOfEveryOperationHoldNoCardNumberOrCVV() {
        let scanner = LeakScanner(number: "4111 1111 1111 1111", cvv: "736")
        for operation in ProviderCall.Operation.allCases {
            let text = Self.fullRecord(operation).json(stage: "sale").serialized()
            #expect(scanner.findings(in: text).isEmpty, "\(operation): \(text)")
            #expect(text.contains("\"last4\":\"1111\""))
        }
    }

    @Test func everyNameARecordPrintsIsInTheKeyTables() {
        func names(_ v: JSONValue?) -> [String] {
            guard case .object(let members) = v else { return [] }
            return members.map(\.key)
        }
        func member(_ key: String, _ v: JSONValue) -> JSONValue? {
            guard case .object(let members) = v else { return nil }
            return members.first { $0.key == key }?.value
        }
        let json = Self.fullRecord(.charge).json(stage: "sale")
        let fields = member("fields", json)
        let answer = member("answer", json)
        #expect(Set(names(json)) == Set(ProviderCallKeys.call.map(\.name)))
        #expect(Set(names(fields)) == Set(ProviderCallKeys.fields.map(\.name)))
        #expect(Set(names(answer)) == Set(ProviderCallKeys.answer.map(\.name)))
        #expect(Set(names(fields.flatMap { member("card", $0) })).isSubset(of: ProviderCallKeys.card.map(\.name)))
        #expect(Set(names(fields.flatMap { member("billing", $0) })).isSubset(of: ProviderCallKeys.address.map(\.name)))
    }

    /// Every shipped suite, each run recording its calls: no record, trace or JUnit detail holds
    /// a card number (a Luhn-valid run of 13 to 19 digits), and the calls a flow makes are there.
    @Test func shippedSuitesRecordTheirCallsWithoutCardNumbers() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let suite = ScenarioSuite.load(try ScenarioSuite.find([root.appendingPathComponent("flows").path]))
        #expect(!suite.hasErrors)
        let all = suite.files.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } }
        var runner = ScenarioRunner(flows: suite.flows, jobs: 2, provider: .sandbox)
        runner.recordsProviderCalls = true
        let outcomes = await runner.run(all)
        let calls = outcomes.flatMap(\.providerCalls)
        let text = calls.map { $0.serialized() }.joined(separator: "\n") + JUnitWriter.document(outcomes)
        #expect(Self.cardNumbers(in: text).isEmpty)
        let operations = Set(
            calls.compactMap { call -> String? in
                guard case .object(let m) = call, case .string(let o)? = m.first(where: { $0.key == "operation" })?.value else {
                    return nil
                }
                return o
            })
        for expected in ["createToken", "tokenize", "threeDSStart", "threeDSChallenge", "charge", "walletPayment", "capture", "refund"] {
            #expect(operations.contains(expected), "no \(expected) call recorded")
        }
        #expect(text.contains("provider.call"))
    }

    /// Luhn-valid runs of 13 to 19 digits (spaces and dashes inside a run ignored).
    static func cardNumbers(in text: String) -> [String] {
        var found: [String] = []
        var run = ""
        func flush() {
            if (13...19).contains(run.count), luhn(run) { found.append(run) }
            run = ""
        }
        for c in text {
            if c.isASCII && c.isNumber {
                run.append(c)
            } else if c == " " || c == "-" {
                continue
            } else {
                flush()
            }
        }
        flush()
        return found
    }

    static func luhn(_ digits: String) -> Bool {
        var sum = 0
        for (i, c) in digits.reversed().enumerated() {
            var d = Int(String(c)) ?? 0
            if i % 2 == 1 { d = d * 2 > 9 ? d * 2 - 9 : d * 2 }
            sum += d
        }
        return sum % 10 == 0
    }

    // MARK: SentMatcher

    static func items(_ yaml: String) -> [YAMLNode] {
        YAMLParser.parse(yaml, file: "s.yaml").root?.sequence ?? []
    }

    static let calls: [JSONValue] = [
        ProviderCall(.createToken, answer: ProviderCallAnswer("ok")).json(stage: "createToken"),
        fullRecord(.tokenize).json(stage: "tokenize"),
        fullRecord(.charge).json(stage: "sale"),
    ]

    @Test func itemsMatchAsAnOrderedSubsequenceOfSubsets() {
        let ok = Self.items(
            """
            - operation: tokenize
              fields: { billing: { city: Albany }, fraudSessionId: fraud, card: { last4: "1111" } }
            - operation: charge
              stage: sale
              fields: { amount: 8.88, orderId: ORDER-1, storeCard: true, metadata: { cart: "42" }, signedFields: [amount] }
              answer: { status: approved, transactionId: tx_1 }
            """)
        #expect(ok.count == 2)
        #expect(SentMatcher.differences(expected: ok, calls: Self.calls, file: "s.yaml").isEmpty)
    }

    @Test func aMismatchNamesTheItemsLineAndBothValues() {
        let wrong = Self.items(
            """
            - operation: charge
            - operation: tokenize
            - operation: charge
              fields: { amount: 9.99 }
            """)
        let d = SentMatcher.differences(expected: wrong, calls: Self.calls, file: "s.yaml")
        // The first charge is the last call: nothing is left for the tokenize after it.
        #expect(d.count == 2)
        #expect(d.first == "sent[1] (s.yaml:2): expected a tokenize call after call 3, got none (3 calls in all)")
        #expect(d.last == "sent[2] (s.yaml:3): expected a charge call after call 3, got none (3 calls in all)")
        let absent = Self.items("- { operation: charge, fields: { orderId: ORDER-2, customerIP: absent } }")
        #expect(
            SentMatcher.differences(expected: absent, calls: Self.calls, file: "s.yaml")
                == [
                    "sent[0] (s.yaml:1): no charge call matches; call 3: fields.orderId: expected \"ORDER-2\", got \"ORDER-1\"; fields.customerIP: expected absent, got \"203.0.113.9\""
                ])
    }
}
