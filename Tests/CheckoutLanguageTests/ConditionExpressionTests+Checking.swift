import CheckoutLanguage
import Testing

/// A checked condition's issues: severity, rule, range and message, plus the fix and notes.
struct CheckCase: Sendable, CustomTestStringConvertible {
    var text: String
    var issues: [String]
    var suggestion: String? = nil
    var notes: [String] = []

    var testDescription: String { text }
}

extension ConditionExpressionTests {
    static let names =
        "billing.country, customer.email, outcome.charge, paymentMethod, price.currency, price.total, shipping.sameAsBilling, threeDS.result"

    static let checks: [CheckCase] = [
        // Names.
        .init(text: "paymentMethd == card", issues: ["error unknown-name 0..<12 unknown name 'paymentMethd'"], suggestion: "paymentMethod"),
        .init(
            text: "PaymentMethod == card", issues: ["error unknown-name 0..<13 unknown name 'PaymentMethod'"], suggestion: "paymentMethod"),
        .init(
            text: "not shiping.sameAsBilling", issues: ["error unknown-name 4..<25 unknown name 'shiping.sameAsBilling'"],
            suggestion: "shipping.sameAsBilling"),
        .init(text: "zzz", issues: ["error unknown-name 0..<3 unknown name 'zzz'"], notes: ["names here: \(names)"]),
        .init(text: "price.total > limit", issues: ["error unknown-name 14..<19 unknown name 'limit'"], notes: ["names here: \(names)"]),
        .init(
            text: "shipping.sameAsBilling == yes", issues: ["error unknown-name 26..<29 unknown name 'yes'"],
            notes: ["names here: \(names)"]),
        .init(text: "price.total in [1, a]", issues: ["error unknown-name 19..<20 unknown name 'a'"], notes: ["names here: \(names)"]),
        // Types.
        .init(
            text: "price.total", issues: ["error condition-type 0..<11 a condition must be true or false; 'price.total' is a number"],
            notes: ["compare it with a value, e.g. price.total > 0"]),
        .init(
            text: "not paymentMethod",
            issues: ["error condition-type 4..<17 'not' needs true or false; 'paymentMethod' is a payment method value"],
            notes: ["compare it with a value, e.g. paymentMethod == card"]),
        .init(
            text: "shipping.sameAsBilling and billing.country",
            issues: ["error condition-type 27..<42 'and' needs true or false on each side; 'billing.country' is a country code"],
            notes: ["compare it with a value, e.g. billing.country == US"]),
        .init(
            text: "shipping.sameAsBilling or 1",
            issues: ["error condition-type 26..<27 'or' needs true or false on each side; '1' is a number"]),
        .init(text: "100", issues: ["error condition-type 0..<3 a condition must be true or false; '100' is a number"]),
        .init(
            text: "shipping.sameAsBilling == price.total",
            issues: ["error condition-type 0..<37 cannot compare 'shipping.sameAsBilling' (true or false) with 'price.total' (a number)"]),
        .init(
            text: "shipping.sameAsBilling == 1",
            issues: ["error condition-type 26..<27 cannot compare 'shipping.sameAsBilling' (true or false) with '1' (a number)"]),
        .init(
            text: "paymentMethod == outcome.charge",
            issues: [
                "error condition-type 0..<31 cannot compare 'paymentMethod' (a payment method value) with 'outcome.charge' (a charge outcome value)"
            ]),
        .init(text: "true == 1", issues: ["error condition-type 0..<9 cannot compare 'true' (true or false) with '1' (a number)"]),
        .init(
            text: "billing.country < \"US\"",
            issues: ["error condition-type 0..<15 '<' compares numbers; 'billing.country' is a country code"]),
        .init(text: "price.total >= \"1\"", issues: ["error condition-type 15..<18 '>=' compares numbers; '1' is text"]),
        .init(text: "1 < 'a'", issues: ["error condition-type 4..<7 '<' compares numbers; 'a' is text"]),
        // Values that can never be equal.
        .init(
            text: "paymentMethod == paypall",
            issues: [
                "error impossible-comparison 17..<24 'paymentMethod' can never equal 'paypall'; valid values: card, paypal, applePay, savedCard"
            ],
            suggestion: "paypal"),
        .init(
            text: "paymentMethod != Card",
            issues: [
                "error impossible-comparison 17..<21 'paymentMethod' can never equal 'Card'; valid values: card, paypal, applePay, savedCard"
            ],
            suggestion: "card"),
        .init(
            text: "paymentMethod in [card, applePay]",
            issues: ["error impossible-comparison 24..<32 'paymentMethod' can never equal 'applePay' in this flow"],
            notes: ["this flow does not offer applePay", "possible values here: card, paypal, savedCard"]),
        .init(
            text: "price.currency == EURO",
            issues: ["error impossible-comparison 18..<22 'price.currency' can never equal 'EURO': it is not an ISO 4217 currency code"],
            suggestion: "EUR"),
        .init(
            text: "price.currency == 'eur'",
            issues: ["error impossible-comparison 18..<23 'price.currency' can never equal 'eur': it is not an ISO 4217 currency code"],
            suggestion: "EUR"),
        .init(
            text: "billing.country in [US, UK]",
            issues: [
                "error impossible-comparison 24..<26 'billing.country' can never equal 'UK': it is not an ISO 3166-1 alpha-2 country code"
            ]),
        .init(
            text: "billing.country != \"us\"",
            issues: [
                "error impossible-comparison 19..<23 'billing.country' can never equal 'us': it is not an ISO 3166-1 alpha-2 country code"
            ],
            suggestion: "US"),
        .init(
            text: "billing.country == 100",
            issues: ["error impossible-comparison 19..<22 'billing.country' can never equal '100': it holds a country code, not a number"]),
        .init(
            text: "paymentMethod in [card, 1]",
            issues: [
                "error impossible-comparison 24..<25 'paymentMethod' can never equal '1': it holds a payment method value, not a number"
            ]),
        .init(
            text: "price.total == \"100\"",
            issues: ["error impossible-comparison 15..<20 'price.total' can never equal '100': it holds a number, not text"]),
        // Constant conditions are warnings.
        .init(text: "1 == 1.0", issues: ["warning constant-condition 0..<8 this is always true; it compares two fixed values"]),
        .init(text: "\"a\" == 'b'", issues: ["warning constant-condition 0..<10 this is always false; it compares two fixed values"]),
        .init(text: "'a' in ['b', 'a']", issues: ["warning constant-condition 0..<17 this is always true; it compares fixed values"]),
        .init(text: "paymentMethod in []", issues: ["warning constant-condition 0..<19 this is always false; the list is empty"]),
        .init(text: "paymentMethod not in []", issues: ["warning constant-condition 0..<23 this is always true; the list is empty"]),
        .init(text: "true", issues: ["warning constant-condition 0..<4 this is always true; it is a fixed value"]),
        .init(
            text: "shipping.sameAsBilling or false",
            issues: ["warning constant-condition 26..<31 this is always false; it is a fixed value"]),
        // Every issue in one pass, in source order.
        .init(
            text: "paymentMethd == card or price.total and zzz",
            issues: [
                "error unknown-name 0..<12 unknown name 'paymentMethd'",
                "error condition-type 24..<35 'and' needs true or false on each side; 'price.total' is a number",
                "error unknown-name 40..<43 unknown name 'zzz'",
            ], suggestion: "paymentMethod"),
        .init(
            text: "paymentMethd == outcome.chrage",
            issues: ["error unknown-name 0..<12 unknown name 'paymentMethd'", "error unknown-name 16..<30 unknown name 'outcome.chrage'"],
            suggestion: "paymentMethod"),
        .init(
            text: "paymentMethod in [paypall, applePay] and price.total > \"5\"",
            issues: [
                "error impossible-comparison 18..<25 'paymentMethod' can never equal 'paypall'; valid values: card, paypal, applePay, savedCard",
                "error impossible-comparison 27..<35 'paymentMethod' can never equal 'applePay' in this flow",
                "error condition-type 55..<58 '>' compares numbers; '5' is text",
            ], suggestion: "paypal"),
    ]

    @Test(arguments: checks)
    func eachIssueHasItsRuleRangeAndMessage(_ c: CheckCase) {
        let result = Condition.check(c.text, in: Self.scope)
        #expect(result.issues.map { "\($0.severity) \($0.rule) \($0.range) \($0.message)" } == c.issues)
        #expect(result.issues.first?.suggestion == c.suggestion)
        #expect(result.issues.first?.notes == c.notes)
        let onlyWarnings = result.issues.allSatisfy { $0.severity == .warning }
        #expect((result.condition != nil) == onlyWarnings)
    }

    static var beforeBilling: ConditionScope {
        var s = scope
        s.defineLater("billing.country", .text(.country), reason: "set by screen 'billing', which has not run at this point")
        return s
    }

    @Test func aNameSetLaterIsNotAvailableAndSaysWhy() {
        let result = Condition.check("billing.country == US", in: Self.beforeBilling)
        let issue = ConditionIssue(
            rule: .nameNotAvailable, message: "'billing.country' is not available at this point", range: 0..<15,
            notes: ["set by screen 'billing', which has not run at this point"])
        #expect(result.issues == [issue])
        #expect(result.condition == nil)
    }

    @Test func aNameSetLaterIsStillTypeChecked() {
        let result = Condition.check("not billing.country", in: Self.beforeBilling)
        #expect(result.issues.map(\.rule) == [.nameNotAvailable, .conditionType])
        #expect(result.issues.map(\.range) == [4..<19, 4..<19])
    }

    @Test func aBareIdentifierIsASymbolOnlyAgainstEnumerationsAndText() throws {
        for text in ["billing.country == US", "US == billing.country", "paymentMethod == \"card\"", "card != paymentMethod"] {
            _ = try check(text)
        }
        var scope = Self.scope
        scope.define("card", .bool)
        let result = Condition.check("paymentMethod == card", in: scope)
        #expect(result.issues.map(\.message) == ["cannot compare 'paymentMethod' (a payment method value) with 'card' (true or false)"])
    }

    @Test func warningsKeepTheConditionAndErrorsDropIt() throws {
        let warned = Condition.check("paymentMethod not in []", in: Self.scope)
        #expect(warned.issues.map(\.severity) == [.warning])
        #expect(try #require(warned.condition).evaluate { _ in .symbol("card") })
        #expect(Condition.check("paymentMethod == paypall", in: Self.scope).condition == nil)
    }
}
