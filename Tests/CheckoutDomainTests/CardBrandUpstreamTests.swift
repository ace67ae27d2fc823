import CheckoutDomain
import Testing

/// Brand detection against the test vectors of the table it follows: `braintree/credit-card-type`
/// 10.3.0, `src/__tests__/index.ts` at commit fbd8ed80a411fa9b238055208c19a7323cd38e21
/// (transcribed unchanged: 159 brand vectors, 55 candidate-list vectors, 15 empty vectors).
///
/// Upstream's `creditCardType(number)` returns a list; `CardBrand.candidates(_:)` is that list and
/// `CardBrand.detect(_:)` its single element, `nil` while several brands are still possible
/// (provider-contract rows #19 and #29).
@Suite("CardBrand vs credit-card-type 10.3.0")
struct CardBrandUpstreamTests {
    @Test("every upstream brand vector is detected as upstream's brand", arguments: brandVectors)
    func brandVector(number: String, brand: CardBrand) {
        #expect(CardBrand.candidates(number) == [brand])
        #expect(CardBrand.detect(number) == brand)
    }

    @Test("every upstream array vector gives upstream's candidates, in its order", arguments: arrayVectors)
    func arrayVector(number: String, candidates: [CardBrand]) {
        #expect(CardBrand.candidates(number) == candidates)
        #expect(CardBrand.detect(number) == (candidates.count == 1 ? candidates.first : nil))
    }

    @Test("every upstream empty vector has no candidate", arguments: emptyVectors)
    func emptyVector(number: String) {
        #expect(CardBrand.candidates(number).isEmpty)
        #expect(CardBrand.detect(number) == nil)
    }

    @Test(
        "upstream's security codes and lengths for Troy, Naranja and Verve",
        arguments: [
            ("9792100000000001", CardBrand.troy, "CVV", [16]),
            ("5895626292990446", .naranja, "CVV", [16]),
            ("5061001234567890", .verve, "CVV", [16, 18, 19]),
        ])
    func newBrandTable(number: String, brand: CardBrand, codeName: String, lengths: [Int]) {
        #expect(CardBrand.detect(number) == brand)
        #expect(brand.securityCodeName == codeName)
        #expect(brand.cvvLength == 3)
        #expect(brand.lengths == lengths)
        #expect(brand.gaps == [4, 8, 12])
    }

    @Test(
        "full Troy, Naranja and Verve numbers pass card validation under their own brand",
        arguments: [
            ("9792 1000 0000 0001", CardBrand.troy), ("6502 7400 0000 0001", .troy), ("6509 2300 0000 0006", .troy),
            ("5895 6262 9299 0446", .naranja), ("5060 9900 0000 0008", .verve),
        ])
    func validates(number: String, brand: CardBrand) throws {
        let input = CardInput(number: number, expiry: "12/30", cvv: "123")
        let card = try CardValidator.validate(input, now: YearMonth(year: 2026, month: 11)).get()
        #expect(card.brand == brand)
    }

    /// Upstream's "Matches %s to brand %s" vectors, in upstream's order (duplicates kept).
    static let brandVectors: [(String, CardBrand)] = [
        ("411", .visa),
        ("4111111111111111", .visa),
        ("4012888888881881", .visa),
        ("4222222222222", .visa),
        ("4462030000000000", .visa),
        ("4484070000000000", .visa),
        ("411111111111111111", .visa),
        ("4111111111111111110", .visa),
        ("431274", .elo),
        ("451416", .elo),
        ("457393", .elo),
        ("401178", .elo),
        ("401179", .elo),
        ("438935", .elo),
        ("457631", .elo),
        ("457632", .elo),
        ("4576321111111111", .elo),
        ("5066991111111118", .elo),
        ("504175", .elo),
        ("6277809", .elo),
        ("6277809990229178", .elo),
        ("650033", .elo),
        ("6500331111111111", .elo),
        ("2221", .mastercard),
        ("2222", .mastercard),
        ("2223", .mastercard),
        ("2224", .mastercard),
        ("2225", .mastercard),
        ("2226", .mastercard),
        ("2225", .mastercard),
        ("2226", .mastercard),
        ("223", .mastercard),
        ("2239", .mastercard),
        ("23", .mastercard),
        ("24", .mastercard),
        ("25", .mastercard),
        ("26", .mastercard),
        ("27", .mastercard),
        ("270", .mastercard),
        ("271", .mastercard),
        ("272", .mastercard),
        ("2720", .mastercard),
        ("589562", .naranja),
        ("5895626292990446", .naranja),
        ("402918", .naranja),
        ("527572", .naranja),
        ("9792100000000001", .troy),
        ("9792090000000004", .troy),
        ("6502740000000001", .troy),
        ("9792", .troy),
        ("650274", .troy),
        ("6509230000000000", .troy),
        ("506099", .verve),
        ("506100", .verve),
        ("506127", .verve),
        ("506129", .verve),
        ("506133", .verve),
        ("506150", .verve),
        ("506158", .verve),
        ("506163", .verve),
        ("506166", .verve),
        ("506170", .verve),
        ("506176", .verve),
        ("506180", .verve),
        ("506195", .verve),
        ("507865", .verve),
        ("507888", .verve),
        ("507941", .verve),
        ("5061001234567890123", .verve),
        ("51", .mastercard),
        ("53", .mastercard),
        ("54", .mastercard),
        ("55", .mastercard),
        ("5555555555554444", .mastercard),
        ("5454545454545454", .mastercard),
        ("34", .americanExpress),
        ("37", .americanExpress),
        ("341", .americanExpress),
        ("34343434343434", .americanExpress),
        ("378282246310005", .americanExpress),
        ("371449635398431", .americanExpress),
        ("378734493671000", .americanExpress),
        ("30", .dinersClub),
        ("300", .dinersClub),
        ("36", .dinersClub),
        ("38", .dinersClub),
        ("39", .dinersClub),
        ("30569309025904", .dinersClub),
        ("38520000023237", .dinersClub),
        ("36700102000000", .dinersClub),
        ("36148900647913", .dinersClub),
        ("6011", .discover),
        ("644", .discover),
        ("644", .discover),
        ("645", .discover),
        ("646", .discover),
        ("647", .discover),
        ("648", .discover),
        ("649", .discover),
        ("6011000400000000", .discover),
        ("6011111111111117", .discover),
        ("6011000990139424", .discover),
        ("62123456789002", .unionpay),
        ("621234567890003", .unionpay),
        ("6221258812340000", .unionpay),
        ("622018111111111111", .unionpay),
        ("6212345678900000003", .unionpay),
        ("56", .maestro),
        ("57", .maestro),
        ("59", .maestro),
        ("67", .maestro),
        ("6304000000000000", .maestro),
        ("6799990100000000019", .maestro),
        ("62183", .maestro),
        ("1", .jcb),
        ("35", .jcb),
        ("2131", .jcb),
        ("21312", .jcb),
        ("1800", .jcb),
        ("18002", .jcb),
        ("3530111333300000", .jcb),
        ("3566002020360505", .jcb),
        ("35308796121637357", .jcb),
        ("353445444300732639", .jcb),
        ("3537286818376838569", .jcb),
        ("6221260000000000", .unionpay),
        ("6221260000000000000", .unionpay),
        ("6222000000000000", .unionpay),
        ("6228000000000000", .unionpay),
        ("6229250000000000", .unionpay),
        ("6229250000000000000", .unionpay),
        ("6240000000000000", .unionpay),
        ("6260000000000000000", .unionpay),
        ("6282000000000000", .unionpay),
        ("6289000000000000000", .unionpay),
        ("6221558812340000", .unionpay),
        ("6269992058134322", .unionpay),
        ("622018111111111111", .unionpay),
        ("8", .unionpay),
        ("8100513433325374", .unionpay),
        ("8111700872004845", .unionpay),
        ("8141618644273338", .unionpay),
        ("8158163233706018", .unionpay),
        ("8168524506870054", .unionpay),
        ("220", .mir),
        ("2200", .mir),
        ("2204", .mir),
        ("22000000000000000", .mir),
        ("22049999999999999", .mir),
        ("6062820524845321", .hipercard),
        ("6062820000", .hipercard),
        ("6370950000000005", .hiper),
        ("637095", .hiper),
        ("637609", .hiper),
        ("637599", .hiper),
        ("637612", .hiper),
        ("637568", .hiper),
        ("63737423", .hiper),
        ("63743358", .hiper),
    ]

    /// Upstream's "Matches %s to array %p" vectors: the candidates, in upstream's order.
    static let arrayVectors: [(String, [CardBrand])] = [
        (
            "",
            [
                .visa, .mastercard, .americanExpress, .dinersClub, .discover, .troy, .jcb, .unionpay, .naranja, .verve, .maestro, .elo,
                .mir, .hiper, .hipercard,
            ]
        ),
        ("2", [.mastercard, .jcb, .mir]),
        ("3", [.americanExpress, .dinersClub, .jcb]),
        ("5", [.mastercard, .naranja, .verve, .maestro, .elo]),
        ("50", [.verve, .maestro, .elo]),
        ("6", [.discover, .troy, .unionpay, .maestro, .elo, .hiper, .hipercard]),
        ("60", [.discover, .maestro, .hipercard]),
        ("601", [.discover, .maestro]),
        ("64", [.discover, .maestro]),
        ("62", [.unionpay, .maestro, .elo]),
        ("4", [.visa, .naranja, .maestro, .elo]),
        ("43", [.visa, .elo]),
        ("431", [.visa, .elo]),
        ("4312", [.visa, .elo]),
        ("43127", [.visa, .elo]),
        ("45141", [.visa, .elo]),
        ("45739", [.visa, .elo]),
        ("40117", [.visa, .elo]),
        ("43893", [.visa, .elo]),
        ("45763", [.visa, .elo]),
        ("52", [.mastercard, .naranja]),
        ("58", [.naranja, .maestro]),
        ("58956", [.naranja, .maestro]),
        ("589562", [.naranja]),
        ("9", [.troy]),
        ("97", [.troy]),
        ("979", [.troy]),
        ("650274", [.troy]),
        ("650923", [.troy]),
        ("506099", [.verve]),
        ("506100", [.verve]),
        ("506195", [.verve]),
        ("507865", [.verve]),
        ("507888", [.verve]),
        ("50794", [.verve, .maestro]),
        ("507941", [.verve]),
        ("6277", [.unionpay, .maestro, .elo]),
        ("62778", [.unionpay, .maestro, .elo]),
        ("63", [.maestro, .elo, .hiper]),
        ("636", [.maestro, .elo]),
        ("6362", [.maestro, .elo]),
        ("63629", [.maestro, .elo]),
        ("637", [.maestro, .hiper]),
        ("637374", [.maestro, .hiper]),
        ("637433", [.maestro, .hiper]),
        ("606", [.maestro, .hipercard]),
        ("627", [.unionpay, .maestro, .elo]),
        ("6062", [.maestro, .hipercard]),
        ("6370", [.maestro, .hiper]),
        ("6376", [.maestro, .hiper]),
        ("6375", [.maestro, .hiper]),
        ("65", [.discover, .troy, .maestro, .elo]),
        ("655", [.discover, .maestro, .elo]),
        ("6550", [.discover, .maestro, .elo]),
        ("65502", [.discover, .maestro, .elo]),
    ]

    /// Upstream's "returns an empty array for %s" vectors.
    static let emptyVectors: [String] = [
        "0", "12", "123", "181", "1802", "221", "222099", "2721", "212", "2132", "306", "31", "32", "33", "7",
    ]
}
