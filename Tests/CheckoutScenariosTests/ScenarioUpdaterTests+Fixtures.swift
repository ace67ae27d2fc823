import CheckoutScenarios
import Testing

/// `checkout test --update` on a scenarios file written as a mapping (`sandbox:` fixtures and
/// `scenarios:`): its scenarios are found under `scenarios`.
extension ScenarioUpdaterTests {
    @Test func aFileWithFixturesIsUpdatedUnderItsScenariosKey() throws {
        let text = """
            sandbox: { cards: [{ number: 4000 0000 0000 0101, decline: do_not_honor }] }
            scenarios:
              - name: a
                answers: { paymentMethod: card }
                expect:
                  status: success
                  result: { creditCard: { last4Digits: "9999" } }
            """
        let updated = try #require(update(text, line: 3))
        #expect(updated == text.replacingOccurrences(of: "\"9999\"", with: "\"1111\""))
    }
}
