import CheckoutLanguage
import Testing

/// Issue 14: a custom field's pattern matches the exact value, as a whole.
@Suite struct CustomFieldPatternTests {
    let field = CustomField(id: "loyalty", title: "Loyalty number", pattern: "[0-9]{8}")

    @Test(arguments: ["12345678\n", "12345678\r", "12345678\u{2028}", "12345678\r\n", "\n12345678", "123456789"])
    func aTrailingOrLeadingBreakIsNotForgiven(value: String) {
        #expect(field.problem(with: value)?.code == "invalid_format", "\(value.debugDescription) accepted")
    }

    @Test func theExactValueMatches() {
        #expect(field.problem(with: "12345678") == nil)
        #expect(CustomField(id: "a", title: "A", pattern: "a|b").problem(with: "b") == nil)
    }
}
