import CheckoutProviders
import Testing

/// Flow and answers texts the end-to-end tests write into their workspaces.
enum Fixtures {
    /// A 10.00 USD card checkout with no email and no payment-method choice beyond the default.
    static func flow(
        id: String = "e2e", amount: String? = "10.00", currency: String = "USD", withEmail: Bool = false,
        fullBilling: Bool = false, withShipping: Bool = false, activate3DS: Bool = false,
        processFailed3DS: Bool = false, subscription: Bool = false, tax: String = ""
    ) -> String {
        var request = ""
        if let amount { request += "  price:\n    amount: \(amount)\n    currency: \(currency)\n" }
        request += "  withEmail: \(withEmail)\n"
        if fullBilling { request += "  fullBilling: true\n" }
        if withShipping { request += "  withShipping: true\n" }
        if activate3DS { request += "  activate3DS: true\n  processFailed3DS: \(processFailed3DS)\n" }
        if subscription { request += "  subscription: true\n" }
        return "flow: \(id)\ndsl: 1\nrequest:\n\(request)\(tax.isEmpty ? "" : "tax:\n\(tax)")"
    }

    /// Billing a shopper in New York writes for a checkout without full billing.
    static let usBilling = """
        billing:
          name: Jane Shopper
          country: US
          zip: "10001"
        """

    /// `usBilling` with an email, for a flow that asks for one (`withEmail`, true unless set).
    static let usBillingWithEmail = usBilling + "\n  email: jane@example.com"

    /// Answers paying by card: the number as a plain YAML scalar, exactly as written.
    static func cardAnswers(
        _ number: String, cvv: String = "123", expiry: String = "12/2035", billing: String = usBilling,
        storeCard: Bool? = nil, extra: String = ""
    ) -> String {
        """
        card:
          number: \(number)
          expiry: \(expiry)
          cvv: \(cvv)
          name: Jane Shopper\(storeCard.map { "\n  storeCard: \($0)" } ?? "")
        \(billing)
        \(extra)
        """
    }

    /// The challenge answer for 3DS cards.
    static func threeDSCode(_ code: String) -> String { "threeDS:\n  code: \"\(code)\"\n" }
}

/// A sandbox test card of SPEC §7 and what the sandbox must do with it.
struct SandboxCard: CustomTestStringConvertible, Sendable {
    /// As written in the SPEC table, with its spaces.
    var number: String
    var ccType: String
    var issuingCountry = "US"
    /// The 3DS result when the flow activates 3DS (frictionless, or after code `1234`).
    var threeDS = "AUTHENTICATION_SUCCEEDED"
    /// The charge's decline code, or nil when approved.
    var declineCode: String?

    var digits: String { number.filter(\.isNumber) }
    var last4: String { String(digits.suffix(4)) }
    var cvv: String { ccType == "AMEX" ? "1234" : "123" }
    /// Whether 3DS lets the charge go ahead without `processFailed3DS` (SPEC §8).
    var threeDSProceeds: Bool { ["AUTHENTICATION_SUCCEEDED", "AUTHENTICATION_BYPASSED"].contains(threeDS) }
    var testDescription: String { number }

    /// Every row of the SPEC §7 table.
    static let all: [SandboxCard] = [
        .init(number: "4111 1111 1111 1111", ccType: "VISA"),
        .init(number: "5555 5555 5555 4444", ccType: "MASTERCARD"),
        .init(number: "5555 5555 5555 5557", ccType: "MASTERCARD", issuingCountry: "BR"),
        .init(number: "3782 822463 10005", ccType: "AMEX"),
        .init(number: "6011 1111 1111 1117", ccType: "DISCOVER"),
        .init(number: "3056 930902 5904", ccType: "DINERS"),
        .init(number: "3569 9900 1003 0400", ccType: "JCB", issuingCountry: "JP"),
        .init(number: "4000 0000 0000 1091", ccType: "VISA"),
        .init(number: "4000 0000 0000 1133", ccType: "VISA", threeDS: "AUTHENTICATION_BYPASSED"),
        .init(number: "4000 0000 0000 1059", ccType: "VISA", threeDS: "AUTHENTICATION_UNAVAILABLE"),
        .init(number: "4000 0000 0000 1109", ccType: "VISA", threeDS: "AUTHENTICATION_FAILED"),
        .init(number: "4000 0000 0000 1117", ccType: "VISA", threeDS: "THREE_DS_ERROR"),
        .init(number: "4000 0000 0000 0002", ccType: "VISA", threeDS: "CARD_NOT_SUPPORTED", declineCode: "card_declined"),
        .init(number: "4000 0000 0000 9995", ccType: "VISA", declineCode: "insufficient_funds"),
        .init(number: "4000 0000 0000 9987", ccType: "VISA", declineCode: "lost_card"),
        .init(number: "4000 0000 0000 0069", ccType: "VISA", declineCode: "expired_card"),
        .init(number: "4000 0000 0000 0127", ccType: "VISA", declineCode: "incorrect_cvc"),
        .init(number: "4000 0000 0000 0119", ccType: "VISA"),
        .init(number: "4556 7610 2998 3886", ccType: "VISA"),
        .init(number: "4024 0071 0193 4890", ccType: "VISA"),
    ]
}
