import CheckoutLanguage
import Testing

/// `FieldSettings.billingEmailPresence(for:)`, which the runtime asks instead of building the
/// whole billing presence table, says what the table says for the email.
@Suite struct FieldPresenceTests {
    @Test func billingEmailPresenceMatchesTheTable() {
        let overrides: [FieldPresence?] = [nil] + FieldPresence.allCases
        for withEmail in [true, false] {
            for shown in [nil, true, false] as [Bool?] {
                for override in overrides {
                    var request = CheckoutRequest()
                    request.withEmail = withEmail
                    var fields = FieldSettings()
                    fields.available[.email] = shown
                    fields.billing[.email] = override
                    // Other fields set too: they must not change the email's answer.
                    fields.available[.name] = false
                    fields.billing[.phone] = .required
                    #expect(
                        fields.billingEmailPresence(for: request) == fields.billingPresence(for: request)[.email],
                        "withEmail \(withEmail), shown \(String(describing: shown)), override \(String(describing: override))")
                }
            }
        }
    }
}
