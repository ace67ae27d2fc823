import CheckoutDomain
import Testing

@Suite("CardValidator")
struct CardValidatorTests {
    let now = YearMonth(year: 2025, month: 6)

    func codes(
        _ input: CardInput, accepted: Set<CardBrand> = Set(CardBrand.allCases), requireName: Bool = false
    )
        -> [String: String]
    {
        switch CardValidator.validate(input, now: now, accepted: accepted, requireHolderName: requireName) {
        case .success: [:]
        case .failure(let failure): failure.codesByField
        }
    }

    @Test("a valid Visa passes and keeps digits, CVV, expiry, brand and name")
    func validVisa() throws {
        let input = CardInput(number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123", name: " John Doe ")
        let card = try CardValidator.validate(input, now: now).get()
        #expect(card.number == "4111111111111111")
        #expect(card.cvv == "123")
        #expect(card.expiry == CardExpiry(month: 12, year: 2030))
        #expect(card.brand == .visa)
        #expect(card.holderName == "John Doe")
        #expect(card.last4 == "1111")
    }

    @Test("every SPEC §7 sandbox card validates", arguments: CardBrandTests.cards)
    func sandboxCards(text: String, brand: CardBrand) throws {
        let cvv = brand == .americanExpress ? "1234" : "123"
        let card = try CardValidator.validate(CardInput(number: text, expiry: "01/2030", cvv: cvv), now: now).get()
        #expect(card.brand == brand)
    }

    @Test(
        "number problems",
        arguments: [
            ("", "required"),
            ("4111 1111 1111 111x", "invalid_number"),
            ("9111 1111 1111 1111", "unknown_brand"),
            ("4111 1111 1111 1112", "luhn_check_failed"),
            ("4111 1111 1111 1", "invalid_length"),
            ("3782 8224 6310 0051", "invalid_length"),
            ("5555 5555 5555 44", "invalid_length"),
        ])
    func numberProblems(number: String, code: String) {
        #expect(codes(CardInput(number: number, expiry: "12/30", cvv: "123"))["number"] == code)
    }

    @Test("a brand outside `accepted` is brand_not_accepted")
    func notAccepted() {
        let amex = CardInput(number: "378282246310005", expiry: "12/30", cvv: "1234")
        #expect(codes(amex, accepted: [.visa, .mastercard])["number"] == "brand_not_accepted")
        #expect(codes(amex, accepted: [.americanExpress]).isEmpty)
    }

    @Test(
        "CVV length follows the brand",
        arguments: [
            ("4111111111111111", "123", nil), ("4111111111111111", "1234", "invalid_cvv"),
            ("4111111111111111", "12", "invalid_cvv"), ("4111111111111111", "12a", "invalid_cvv"),
            ("4111111111111111", "", "required"), ("378282246310005", "1234", nil),
            ("378282246310005", "123", "invalid_cvv"), ("6011111111111117", "123", nil),
            // Unknown brand: 3 or 4 digits are fine for the CVV field itself.
            ("9111111111111111", "123", nil), ("9111111111111111", "1234", nil),
            ("9111111111111111", "12345", "invalid_cvv"),
        ] as [(String, String, String?)])
    func cvv(number: String, cvv: String, code: String?) {
        #expect(codes(CardInput(number: number, expiry: "12/30", cvv: cvv))["cvv"] == code)
    }

    @Test(
        "expiry: current month valid, last month expired, at most 20 years ahead",
        arguments: [
            ("06/25", nil), ("06/2025", nil), ("05/25", "card_expired"), ("12/24", "card_expired"),
            ("06/45", nil), ("07/45", "expiry_too_far"), ("06/46", "expiry_too_far"), ("01/2030", nil),
            ("13/30", "invalid_expiry"), ("1/30", "invalid_expiry"), ("", "required"),
        ] as [(String, String?)])
    func expiry(text: String, code: String?) {
        #expect(codes(CardInput(number: "4111111111111111", expiry: text, cvv: "123"))["expiry"] == code)
    }

    @Test("the holder name is required only when asked")
    func holderName() {
        let unnamed = CardInput(number: "4111111111111111", expiry: "12/30", cvv: "123")
        #expect(codes(unnamed).isEmpty)
        #expect(codes(unnamed, requireName: true)["name"] == "required")
        var blank = unnamed
        blank.name = "   "
        #expect(codes(blank, requireName: true)["name"] == "required")
        var named = unnamed
        named.name = "Jane Roe"
        #expect(codes(named, requireName: true).isEmpty)
    }

    @Test("all problems are reported at once, in field order, without secrets")
    func everyProblem() throws {
        let input = CardInput(number: "4111 1111 1111 1112", expiry: "05/25", cvv: "98", name: "")
        let result = CardValidator.validate(input, now: now, requireHolderName: true)
        guard case .failure(let failure) = result else {
            Issue.record("expected failure")
            return
        }
        #expect(failure.issues.map(\.field) == ["number", "expiry", "cvv", "name"])
        #expect(failure.issues.map(\.code) == ["luhn_check_failed", "card_expired", "invalid_cvv", "required"])
        for issue in failure.issues {
            #expect(!issue.message.isEmpty)
            #expect(!issue.message.contains("4111"))
            #expect(!issue.message.contains("98"))
        }
        #expect(!String(describing: failure).contains("41111111"))
    }

    @Test("requireCvv: false accepts an empty CVV but still checks a given one")
    func optionalCvv() throws {
        let noCvv = CardInput(number: "4111111111111111", expiry: "12/30", cvv: "")
        let card = try CardValidator.validate(
            noCvv, now: now, accepted: Set(CardBrand.allCases), requireHolderName: false, requireCvv: false
        ).get()
        #expect(card.cvv == "")
        var wrong = noCvv
        wrong.cvv = "12"
        let result = CardValidator.validate(
            wrong, now: now, accepted: Set(CardBrand.allCases), requireHolderName: false, requireCvv: false)
        #expect((try? result.get()) == nil)
    }
}
