import CheckoutDomain
import Testing

@Suite("CardBrand")
struct CardBrandTests {
    /// The SPEC §7 sandbox cards and other public test numbers, with their brand.
    static let cards: [(String, CardBrand)] = [
        ("4111 1111 1111 1111", .visa),
        ("5555 5555 5555 4444", .mastercard),
        ("5555 5555 5555 5557", .mastercard),
        ("2221 0000 0000 0009", .mastercard),
        ("3782 822463 10005", .americanExpress),
        ("6011 1111 1111 1117", .discover),
        ("3056 930902 5904", .dinersClub),
        ("3569 9900 1003 0400", .jcb),
        ("4000 0000 0000 1091", .visa),
        ("4000 0000 0000 1133", .visa),
        ("4000 0000 0000 1059", .visa),
        ("4000 0000 0000 1109", .visa),
        ("4000 0000 0000 1117", .visa),
        ("4000 0000 0000 0002", .visa),
        ("4000 0000 0000 9995", .visa),
        ("4000 0000 0000 9987", .visa),
        ("4000 0000 0000 0069", .visa),
        ("4000 0000 0000 0127", .visa),
        ("4000 0000 0000 0119", .visa),
        ("4556 7610 2998 3886", .visa),
        ("4024 0071 0193 4890", .visa),
        ("6200000000000005", .unionpay),
        ("6759649826438453", .maestro),
        ("4011780000000006", .elo),
        ("5066991111111118", .elo),
        ("2200000000000004", .mir),
        ("6370950000000005", .hiper),
        ("6062820000000003", .hipercard),
        ("8100000000000002", .unionpay),
        ("9792100000000001", .troy),
        ("5895626292990446", .naranja),
        ("5060990000000008", .verve),
    ]

    @Test("sandbox and public test cards are Luhn-valid, detected, and of an allowed length", arguments: cards)
    func detectsTestCards(text: String, brand: CardBrand) throws {
        let digits = try #require(CardNumber.digits(from: text))
        #expect(CardNumber.luhnValid(digits))
        #expect(CardBrand.detect(digits) == brand)
        #expect(brand.lengths.contains(digits.count))
    }

    @Test(
        "once every candidate's pattern is complete, the most specific prefix wins",
        arguments: [
            ("401178", CardBrand.elo), ("6011", .discover), ("644", .discover),
            ("622126", .unionpay), ("620", .unionpay),
            ("637095", .hiper), ("606282", .hipercard), ("34", .americanExpress),
            ("37", .americanExpress), ("36", .dinersClub), ("300", .dinersClub), ("2131", .jcb), ("1800", .jcb),
            ("3528", .jcb), ("2720", .mastercard), ("2221", .mastercard), ("51", .mastercard), ("2204", .mir),
            ("504175", .elo), ("504174", .maestro), ("493698", .maestro), ("56", .maestro),
        ])
    func specificity(prefix: String, brand: CardBrand) {
        #expect(CardBrand.detect(prefix) == brand)
    }

    @Test(
        "ambiguous, unknown or malformed input is nil",
        arguments: [
            // "4", "4011", "6", "63", "65": upstream's partial-prefix vectors list several brands (row #29)
            "", "5", "2", "4", "4011", "6", "63", "65", "0000", "2721", "3", "12345678", "4111 1111", "41a1", "-4",
        ])
    func undetermined(input: String) {
        #expect(CardBrand.detect(input) == nil)
    }

    @Test("result names follow SPEC §5")
    func resultNames() {
        let names = CardBrand.allCases.map(\.resultName)
        #expect(
            names == [
                "VISA", "MASTERCARD", "AMEX", "DINERS", "DISCOVER", "JCB", "CHINA_UNION_PAY", "MAESTRO",
                "ELO", "MIR", "HIPER", "HIPERCARD", "TROY", "NARANJA", "VERVE",
            ])
        for brand in CardBrand.allCases {
            #expect(CardBrand(resultName: brand.resultName) == brand)
        }
        #expect(CardBrand(resultName: "VISA_ELECTRON") == nil)
    }

    @Test("raw values are the flow spelling")
    func rawValues() {
        #expect(CardBrand(rawValue: "american-express") == .americanExpress)
        #expect(CardBrand(rawValue: "diners-club") == .dinersClub)
        #expect(CardBrand(rawValue: "unionpay") == .unionpay)
        #expect(CardBrand.americanExpress.niceName == "American Express")
        #expect(CardBrand.allCases.count == 15)
    }

    @Test(
        "lengths, security codes and gaps match credit-card-type",
        arguments: [
            (CardBrand.visa, [16, 18, 19], 3, "CVV", [4, 8, 12]),
            (.mastercard, [16], 3, "CVC", [4, 8, 12]),
            (.americanExpress, [15], 4, "CID", [4, 10]),
            (.dinersClub, [14, 16, 19], 3, "CVV", [4, 10]),
            (.discover, [16, 19], 3, "CID", [4, 8, 12]),
            (.jcb, [16, 17, 18, 19], 3, "CVV", [4, 8, 12]),
            (.unionpay, [14, 15, 16, 17, 18, 19], 3, "CVN", [4, 8, 12]),
            (.maestro, [12, 13, 14, 15, 16, 17, 18, 19], 3, "CVC", [4, 8, 12]),
            (.elo, [16], 3, "CVE", [4, 8, 12]),
            (.mir, [16, 17, 18, 19], 3, "CVP2", [4, 8, 12]),
            (.hiper, [16], 3, "CVC", [4, 8, 12]),
            (.hipercard, [16], 3, "CVC", [4, 8, 12]),
            (.troy, [16], 3, "CVV", [4, 8, 12]),
            (.naranja, [16], 3, "CVV", [4, 8, 12]),
            (.verve, [16, 18, 19], 3, "CVV", [4, 8, 12]),
        ])
    func table(brand: CardBrand, lengths: [Int], cvv: Int, codeName: String, gaps: [Int]) {
        #expect(brand.lengths == lengths)
        #expect(brand.cvvLength == cvv)
        #expect(brand.securityCodeName == codeName)
        #expect(brand.gaps == gaps)
    }
}
