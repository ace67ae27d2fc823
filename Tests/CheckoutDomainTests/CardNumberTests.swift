import CheckoutDomain
import Testing

@Suite("CardNumber")
struct CardNumberTests {
    @Test(
        "digits(from:) strips spaces and hyphens only",
        arguments: [
            ("4111 1111 1111 1111", "4111111111111111"), ("4111-1111-1111-1111", "4111111111111111"),
            (" 4111 ", "4111"), ("0", "0"),
        ])
    func digits(text: String, expected: String) {
        #expect(CardNumber.digits(from: text) == expected)
    }

    @Test(
        "digits(from:) rejects other characters and empty input",
        arguments: [
            "", "   ", "- -", "4111.1111", "4111/1111", "4111a", "４１１１", "4111\t1111", "+4111",
        ])
    func rejects(text: String) {
        #expect(CardNumber.digits(from: text) == nil)
    }

    @Test(
        "Luhn check",
        arguments: [
            ("4111111111111111", true), ("4111111111111112", false), ("378282246310005", true),
            ("378282246310006", false), ("79927398713", true), ("79927398710", false), ("0", true),
            ("", false), ("4111 1111 1111 1111", false), ("411111111111111a", false),
        ])
    func luhn(digits: String, valid: Bool) {
        #expect(CardNumber.luhnValid(digits) == valid)
    }

    @Test("a single changed digit fails Luhn")
    func singleDigitErrors() {
        let number = Array("4111111111111111")
        for index in number.indices {
            var changed = number
            changed[index] = changed[index] == "9" ? "8" : "9"
            #expect(!CardNumber.luhnValid(String(changed)))
        }
    }

    @Test("last 4 and BAM masking")
    func masking() {
        #expect(CardNumber.last4("4111111111111111") == "1111")
        #expect(CardNumber.last4("123") == "123")
        // BAM's cardNumberMasked: the grouped number, first 6 and last 4 digits, the rest "X"
        // (Jumio docs/integration_bam-checkout.md, BAMCheckoutCardInformation).
        #expect(CardNumber.masked("4111111111111111", gaps: CardBrand.visa.gaps) == "4111 11XX XXXX 1111")
        #expect(CardNumber.masked("378282246310005", gaps: CardBrand.americanExpress.gaps) == "3782 82XXXX X0005")
        #expect(CardNumber.masked("30569309025904", gaps: CardBrand.dinersClub.gaps) == "3056 93XXXX 5904")
        #expect(CardNumber.masked("4111111111111111110", gaps: CardBrand.visa.gaps) == "4111 11XX XXXX XXX1110")
        #expect(CardNumber.masked("1234567890", gaps: CardBrand.visa.gaps) == "XXXX XX78 90")
        #expect(CardNumber.masked("123", gaps: CardBrand.visa.gaps) == "123")
        #expect(CardNumber.masked("4111111111111111", gaps: []) == "411111XXXXXX1111")
    }

    @Test("a validated card is masked by its own brand's gaps")
    func validatedCardMask() throws {
        let now = YearMonth(year: 2026, month: 11)
        func mask(_ number: String, cvv: String = "123") throws -> String {
            try CardValidator.validate(CardInput(number: number, expiry: "12/35", cvv: cvv), now: now).get().maskedNumber
        }
        #expect(try mask("4111 1111 1111 1111") == "4111 11XX XXXX 1111")
        #expect(try mask("3782 822463 10005", cvv: "1234") == "3782 82XXXX X0005")
        #expect(try mask("5555 5555 5555 4444") == "5555 55XX XXXX 4444")
    }

    @Test("grouping follows the brand's gaps")
    func grouping() {
        #expect(CardNumber.grouped("4111111111111111", gaps: CardBrand.visa.gaps) == "4111 1111 1111 1111")
        #expect(CardNumber.grouped("378282246310005", gaps: CardBrand.americanExpress.gaps) == "3782 822463 10005")
        #expect(CardNumber.grouped("41111", gaps: [4, 8, 12]) == "4111 1")
    }
}
