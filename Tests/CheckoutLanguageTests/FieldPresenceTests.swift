import CheckoutDomain
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

    /// `billingPhonePresence`, which a run's result asks instead of building the billing
    /// presence list, says what the table says for the phone.
    @Test func billingPhonePresenceMatchesTheTable() {
        let overrides: [FieldPresence?] = [nil] + FieldPresence.allCases
        for fullBilling in [true, false] {
            for shown in [nil, true, false] as [Bool?] {
                for override in overrides {
                    var request = CheckoutRequest()
                    request.fullBilling = fullBilling
                    var fields = FieldSettings()
                    fields.available[.phone] = shown
                    fields.billing[.phone] = override
                    // Other fields set too: they must not change the phone's answer.
                    fields.available[.email] = false
                    fields.billing[.name] = .optional
                    #expect(
                        fields.billingPhonePresence == fields.billingPresence(for: request)[.phone],
                        "fullBilling \(fullBilling), shown \(String(describing: shown)), override \(String(describing: override))")
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

    /// `birthday` is hidden unless asked for; `showBirthdayField` makes it optional, and a
    /// flag and a `fields.billing.birthday` for it conflict as for any field.
    @Test func birthdayPresence() {
        let request = CheckoutRequest()
        var f = FieldSettings()
        #expect(f.billingPresence(for: request)[.birthday] == .hidden)
        #expect(f.shippingPresence(for: request)[.birthday] == nil)
        f.available[.birthday] = true
        #expect(f.billingPresence(for: request)[.birthday] == .optional)
        #expect(f.billingBirthdayPresence == .optional)
        f.billing[.birthday] = .required
        #expect(f.billingBirthdayPresence == .required)
        f.available[.birthday] = false
        f.billing[.birthday] = nil
        #expect(f.billingBirthdayPresence == .hidden)

        let text = """
            flow: dob
            dsl: 1
            request: { price: { amount: 1.00 } }
            fields:
              billing: { birthday: optional }
              available: { showBirthdayField: true }
            """
        let result = FlowCompiler.compile(text, file: "dob.yaml")
        #expect(result.diagnostics.map(\.rule) == [.conflictingSettings])
        #expect(result.diagnostics.first?.message.contains("'fields.billing.birthday'") == true)
    }
}
