import CheckoutDomain
import Testing

/// Issue 14: one rule for quoting what a person typed, and the free-text checks behind it.
@Suite("UserText")
struct UserTextTests {
    @Test(
        "a value holding a card number is never quoted",
        arguments: [
            "4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111", "card 5105 1051 0510 5100 please",
            "x04111111111111111", "378282246310005", "wait.4111111111111111",
        ])
    func cardNumbers(value: String) {
        #expect(UserText.containsCardNumber(value))
        #expect(UserText.quoted(value) == UserText.cardNumberStandIn)
        #expect(UserText.shown(value) == UserText.cardNumberStandIn)
    }

    @Test(
        "other values are quoted as they are",
        arguments: ["savedCard", "1234 5678", "12345678901", "2026-06-15T12:00:00Z", "a 4111 b 1111", "1111"])
    func plainValues(value: String) {
        #expect(!UserText.containsCardNumber(value))
        #expect(UserText.quoted(value) == "'\(value)'")
    }

    @Test("control characters are escaped, C0, DEL, C1 and the Unicode separators alike")
    func controlCharacters() {
        #expect(UserText.quoted("a\u{1B}[31mb\u{7}") == #"'a\u{1B}[31mb\u{7}'"#)
        #expect(
            "\u{0}\t\n\r\u{7F}\u{85}\u{9B}\u{2028}\u{2029}x".escapingControlCharacters
                == #"\u{0}\u{9}\u{A}\u{D}\u{7F}\u{85}\u{9B}\u{2028}\u{2029}x"#)
        #expect(UserText.shown("Zoë 山田") == "Zoë 山田")
    }
}

@Suite("Free-text fields")
struct FreeTextFieldTests {
    static let fullBilling = AddressRequirements(withEmail: true, fullBilling: true)

    @Test(
        "a control character in any address field is invalid_characters",
        arguments: ["\u{1B}", "\u{0}", "\u{7}", "\u{85}", "\u{2028}", "\n"])
    func addressFields(control: String) {
        let good = Address(
            name: "John Doe", email: "john@example.com", address: "1 Main St", city: "New York", zip: "10001", country: "US", state: "NY")
        for field in ["name", "address", "city"] {
            var a = good
            switch field {
            case "name": a.name = "Jo\(control)hn Doe"
            case "address": a.address = "1 Main\(control) St"
            default: a.city = "New\(control) York"
            }
            let billing = AddressValidator.validateBilling(a, requirements: Self.fullBilling)
            #expect(billing.map(\.field) == [field] && billing.map(\.code) == ["invalid_characters"], "\(billing)")
            let shipping = AddressValidator.validateShipping(a)
            #expect(shipping.map(\.code) == ["invalid_characters"], "\(shipping)")
        }
    }

    @Test("a card holder name with ESC or NUL is invalid_characters")
    func holderName() {
        for name in ["Jo\u{1B}[2J Doe", "Jo\u{0} Doe"] {
            let input = CardInput(number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123", name: name)
            switch CardValidator.validate(input, now: YearMonth(year: 2025, month: 6)) {
            case .success: Issue.record("accepted \(name.debugDescription)")
            case .failure(let f): #expect(f.codesByField == ["name": "invalid_characters"])
            }
        }
    }

    @Test(
        "emails with markup, quotes, spaces or controls in the local part are invalid",
        arguments: [
            "<script>alert(1)</script>@x.com", "<a>@x.com", "a\"b@x.com", "a b@x.com", "a\u{1B}@x.com", "a@-x.com", "a@x.com\u{0}",
            "jöhn@example.com", "a@exa_mple.com",
        ])
    func badEmails(text: String) {
        #expect(!EmailAddress.isValid(text))
    }

    @Test(
        "the usual addresses stay valid", arguments: ["o'brien@example.ie", "a.b+c@sub.example.co.uk", "x@y.zz", "first_last%tag@a-b.io"])
    func goodEmails(text: String) {
        #expect(EmailAddress.isValid(text))
    }
}
