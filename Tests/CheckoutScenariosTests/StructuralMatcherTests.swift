import CheckoutJSON
import CheckoutLanguage
import CheckoutScenarios
import Testing

/// `StructuralMatcher`: the `expect.result` language (docs/testing.md), on YAML written as in a
/// scenarios file against JSON as a result prints it.
@Suite struct StructuralMatcherTests {
    /// The messages of matching `yaml` (a scenarios file's text) against `json`.
    func messages(_ yaml: String, _ json: String, path: String = "result") throws -> [String] {
        try differences(yaml, json, path: path).map { "\($0.line): \($0.message)" }
    }

    func differences(_ yaml: String, _ json: String, path: String = "result") throws -> [MatchDifference] {
        let node = try #require(YAMLParser.parse(yaml, file: "s.yaml").root)
        let value = try #require(JSONParser.parse(json))
        return StructuralMatcher.differences(expected: node, actual: value, path: path, file: "s.yaml")
    }

    static let result = """
        { "status": "success", "priceDetails": { "amount": 100.00, "taxAmount": 8.88, "currency": "USD" },
          "savedCard": false, "creditCard": { "last4Digits": "4444" },
          "transaction": { "id": "1300704269", "type": "SALE" },
          "errors": [ { "path": "card.cvv", "code": "required" }, { "path": "billing.zip", "code": "required" } ] }
        """

    @Test func aMappingIsASubsetAndEachMismatchNamesItsPathValuesAndLine() throws {
        #expect(try messages("priceDetails: { taxAmount: 8.88 }\nstatus: success\n", Self.result).isEmpty)
        #expect(
            try messages(
                """
                status: success
                priceDetails:
                  amount: 100.00
                  taxAmount: 8.89
                  currency: EUR
                """, Self.result) == [
                    "4: result.priceDetails.taxAmount: expected 8.89, got 8.88",
                    "5: result.priceDetails.currency: expected \"EUR\", got \"USD\"",
                ])
        let d = try #require(try differences("transaction: { type: AUTH_ONLY }\n", Self.result).first)
        #expect(
            d == MatchDifference(path: "result.transaction.type", expected: "\"AUTH_ONLY\"", actual: "\"SALE\"", file: "s.yaml", line: 1))
    }

    @Test func numbersAreDecimalsComparedExactly() throws {
        #expect(try messages("priceDetails: { amount: 100 }\n", Self.result).isEmpty)
        #expect(try messages("priceDetails: { amount: 100.000 }\n", Self.result).isEmpty)
        #expect(
            try messages("priceDetails: { taxAmount: 8.880000001 }\n", Self.result) == [
                "1: result.priceDetails.taxAmount: expected 8.880000001, got 8.88"
            ])
        // Quoted digits are text, and text is not a number.
        #expect(
            try messages("priceDetails: { taxAmount: \"8.88\" }\n", Self.result) == [
                "1: result.priceDetails.taxAmount: expected \"8.88\", got 8.88"
            ])
        // Plain digits match text of the same digits (last4Digits is text in the result).
        #expect(try messages("creditCard: { last4Digits: 4444 }\n", Self.result).isEmpty)
    }

    @Test func absentPlainMeansNotThereAndQuotedIsText() throws {
        #expect(try messages("declineCode: absent\ntransaction: { authCode: absent }\n", Self.result).isEmpty)
        #expect(try messages("status: absent\n", Self.result) == ["1: result.status: expected absent, got \"success\""])
        #expect(try messages("declineCode: \"absent\"\n", Self.result) == ["1: result.declineCode: expected \"absent\", got absent"])
        // A missing mapping: its absent keys hold, the others are missing.
        #expect(
            try messages("shippingDetails: { state: absent, city: Oslo }\n", Self.result) == [
                "1: result.shippingDetails.city: expected \"Oslo\", got absent"
            ])
    }

    @Test func listsHaveTheSameLengthAndMatchInOrder() throws {
        #expect(try messages("errors: [{ code: required, path: card.cvv }, { path: billing.zip }]\n", Self.result).isEmpty)
        #expect(
            try messages(
                """
                errors:
                  - { path: billing.zip }
                  - { path: billing.zip }
                """, Self.result) == ["2: result.errors[0].path: expected \"billing.zip\", got \"card.cvv\""])
        #expect(
            try messages("errors: [{ path: card.cvv }]\n", Self.result) == [
                "1: result.errors: expected a list of 1 item, got a list of 2 items"
            ])
        #expect(try messages("status: [success]\n", Self.result) == ["1: result.status: expected a list of 1 item, got \"success\""])
        #expect(try messages("transaction: SALE\n", Self.result) == ["1: result.transaction: expected \"SALE\", got a mapping"])
    }

    @Test func patternsSearchTextAndBooleansAndNullAreTyped() throws {
        #expect(try messages("transaction: { id: !pattern \"^[0-9]+$\" }\n", Self.result).isEmpty)
        #expect(try messages("transaction: { id: !pattern '^\\d{10}$', type: !pattern \"^(SALE|AUTH_ONLY)$\" }\n", Self.result).isEmpty)
        #expect(
            try messages("transaction: { id: !pattern \"^pi_\" }\n", Self.result) == [
                "1: result.transaction.id: expected !pattern \"^pi_\", got \"1300704269\""
            ])
        #expect(try messages("savedCard: false\n", Self.result).isEmpty)
        #expect(try messages("savedCard: \"false\"\n", Self.result) == ["1: result.savedCard: expected \"false\", got false"])
        #expect(try messages("savedCard: null\n", Self.result) == ["1: result.savedCard: expected null, got false"])
        #expect(try messages("a: null\n", "{ \"a\": null }").isEmpty)
    }

    @Test func aRecordIsMatchedFromAnyPath() throws {
        // `expect.sent` matches each provider-call record the same way, under its own path.
        #expect(
            try messages("fields: { amount: 10.00 }\n", "{ \"fields\": { \"amount\": 10.50 } }", path: "sent[0]") == [
                "1: sent[0].fields.amount: expected 10.00, got 10.50"
            ])
        #expect(
            try messages("\"a b\": 1\n", "{ \"a b\": 2 }", path: "") == ["1: [\"a b\"]: expected 1, got 2"])
    }

    @Test func cardNumbersAreNeverShown() throws {
        let m = try messages(
            "creditCard: { cardMask: \"4111 1111 1111 1111\" }\n", "{ \"creditCard\": { \"cardMask\": \"4111 1111 1111 1111\" } }")
        #expect(m.isEmpty)
        let wrong = try messages("creditCard: { last4Digits: \"4111111111111111\" }\n", Self.result)
        #expect(wrong == ["1: result.creditCard.last4Digits: expected (a value that looks like a card number), got \"4444\""])
    }

    @Test func problemsAreFoundBeforeAnythingRuns() throws {
        let node = try #require(
            YAMLParser.parse(
                """
                priceDetails: { amount: 8.880, currency: USD }
                transaction: { amount: 1000.5, currency: JPY, id: !pattern "([" }
                other: !regex "x"
                fine: { amount: 8.880 }
                """, file: "s.yaml"
            ).root)
        let problems = StructuralMatcher.problems(in: node).map { "\($0.range.start.line): \($0.message)" }
        #expect(
            problems == [
                "1: amount 8.880 has more decimals than USD has (2); results print 8.88",
                "2: amount 1000.5 has more decimals than JPY has (0); results print 1001",
                "2: !pattern '([' is not a regular expression",
                "3: unknown tag !regex: the only tag an expectation takes is !pattern \"REGEX\"",
            ])
    }
}
