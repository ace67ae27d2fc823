import Testing

@testable import CheckoutLanguage

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

    /// The lists by position the compiler checks screens against say what the tables say, for
    /// every field, whatever the request and the overrides.
    @Test func presenceByPositionMatchesTheTables() {
        var settings: [FieldSettings] = [FieldSettings()]
        for field in AddressField.allCases {
            for presence in FieldPresence.allCases {
                var f = FieldSettings()
                f.billing[field] = presence
                if field != .email { f.shipping[field] = presence }
                settings.append(f)
            }
            for shown in [true, false] {
                var f = FieldSettings()
                f.available[field] = shown
                f.billing[.phone] = .optional
                settings.append(f)
            }
        }
        for withEmail in [true, false] {
            for fullBilling in [true, false] {
                var request = CheckoutRequest()
                request.withEmail = withEmail
                request.fullBilling = fullBilling
                for f in settings {
                    let billing = f.billingPresence(for: request)
                    let shipping = f.shippingPresence(for: request)
                    let billingList = f.billingPresenceByPosition(for: request)
                    let shippingList = f.shippingPresenceByPosition()
                    for field in AddressField.allCases {
                        #expect(billingList[field.position] == billing[field], "billing \(field), \(f)")
                        #expect(shippingList[field.position] == shipping[field], "shipping \(field), \(f)")
                    }
                }
            }
        }
        #expect(AddressField.allCases.map(\.position) == Array(0..<AddressField.allCases.count))
    }
}
