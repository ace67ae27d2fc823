import CheckoutJSON
import CheckoutScenarios
import Testing

/// `checkout test --update`'s edits: only the `expect.result` bytes change.
@Suite struct ScenarioUpdaterTests {
    static let result = JSONParser.parse(
        """
        { "status": "success", "paymentType": "CC", "flow": "shop", "fraudSessionId": "abc",
          "priceDetails": { "amount": 25.00, "taxAmount": 0.00, "currency": "USD" },
          "creditCard": { "ccType": "VISA", "last4Digits": "1111" },
          "billingDetails": { "name": "Jane Shopper", "zip": "10001", "address": "1 Main St" },
          "transaction": { "id": "123", "type": "SALE", "amount": 25.00, "authCode": "A1" },
          "paymentMethodToken": "pm_1" }
        """)!

    func update(_ text: String, line: Int = 2) -> String? {
        ScenarioUpdater.update(Array(text.utf8), file: "s.scenarios.yaml", runs: [ScenarioUpdater.Run(line: line, result: Self.result)])
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aMismatchedValueIsReplacedInPlaceAndTheRestStaysByteForByte() throws {
        let text = """
            # comment at the top
            - name: a   # trailing comment
              answers: { paymentMethod: card }
              expect:
                status: success
                result:
                  # the tax, as the merchant promised it
                  priceDetails: { amount: 20.00, taxAmount: 0.00 }   # keep me
                  transaction:
                    type: AUTH_ONLY
                    id: !pattern "^[0-9]+$"
                  declineCode: absent

            # trailing comment
            """
        let updated = try #require(update(text))
        #expect(
            updated
                == text.replacingOccurrences(of: "amount: 20.00", with: "amount: 25.00").replacingOccurrences(
                    of: "type: AUTH_ONLY", with: "type: SALE"))
        // A matching expectation is left as it is.
        #expect(update(updated) == nil)
    }

    @Test func aMissingResultIsInsertedAfterTheOtherKeysWithoutIdsOrWhatTheyAlreadySay() throws {
        let text = """
            - name: a
              answers: { paymentMethod: card }
              expect:
                status: success   # comment
                errors: []
              tags: [smoke]
            """
        #expect(
            update(text, line: 1) == """
                - name: a
                  answers: { paymentMethod: card }
                  expect:
                    status: success   # comment
                    errors: []
                    result:
                      paymentType: CC
                      priceDetails: { amount: 25.00, taxAmount: 0.00, currency: USD }
                      creditCard: { ccType: VISA, last4Digits: "1111" }
                      billingDetails: { name: Jane Shopper, zip: "10001", address: "1 Main St" }
                      transaction: { type: SALE, amount: 25.00 }
                  tags: [smoke]
                """)
    }

    @Test func aFlowStyleExpectBecomesBlockStyle() throws {
        let text = """
            - name: a
              answers: { paymentMethod: card }
              expect: { status: success, errors: [{ path: a, code: b }] } # why
            - name: b
            """
        let updated = try #require(update(text, line: 1))
        #expect(
            updated.hasPrefix(
                """
                - name: a
                  answers: { paymentMethod: card }
                  expect:
                    status: success
                    errors: [{ path: a, code: b }]
                    result:
                      paymentType: CC
                """))
        #expect(updated.hasSuffix("      transaction: { type: SALE, amount: 25.00 } # why\n- name: b"))
    }

    @Test func anAliasedExpectationIsNeverEditedThroughOneScenario() throws {
        let text = """
            - name: a
              answers: { paymentMethod: card }
              expect: &same { status: success, result: { priceDetails: { amount: 1.00 } } }
            - name: b
              answers: { paymentMethod: card }
              expect: *same
            """
        #expect(update(text, line: 4) == nil)
        // Through its own scenario, the anchored one is edited (and `b` with it, as written).
        #expect(update(text, line: 1)?.contains("amount: 25.00") == true)
    }

    @Test func theDiffHidesTheAnswersAndCardNumbers() throws {
        let old = """
            - name: a
              answers:
                card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "987" }
              expect: { status: success }
            """
        let new = try #require(update(old, line: 1))
        let diff = LineDiff.unified(old: old, new: new, file: "s.scenarios.yaml", hidden: [2, 3])
        #expect(diff.hasPrefix("--- a/s.scenarios.yaml\n+++ b/s.scenarios.yaml\n@@ -1,4 +1,11 @@\n - name: a\n (answers: not shown)\n"))
        #expect(diff.contains("\n-  expect: { status: success }\n+  expect:\n+    status: success\n+    result:\n"))
        #expect(!diff.contains("4111") && !diff.contains("987"))
        #expect(LineDiff.unified(old: old, new: old, file: "s") == "")
    }
}
