import CheckoutDomain
import Testing

@Suite("Card secrets never print")
struct ValidatedCardRedactionTests {
    static let inputs = [
        CardInput(number: "4111 1111 1111 1111", expiry: "12/30", cvv: "987", name: "John Doe"),
        CardInput(number: "3782 822463 10005", expiry: "01/2031", cvv: "4321"),
        CardInput(number: "5555555555554444", expiry: "07/29", cvv: "246"),
    ]

    func card(_ input: CardInput) throws -> ValidatedCard {
        try CardValidator.validate(input, now: YearMonth(year: 2025, month: 6)).get()
    }

    func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var dumpedDeep = ""
        dump([value], to: &dumpedDeep, maxDepth: 10)
        return [
            String(describing: value), String(reflecting: value), "\(value)", dumped, dumpedDeep,
            Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }.joined(separator: ", "),
        ]
    }

    @Test("description, debugDescription, dump and mirror of a ValidatedCard hide number and CVV", arguments: inputs)
    func validatedCard(input: CardInput) throws {
        let card = try card(input)
        #expect(card.description == "\(card.brand.resultName) •••• \(card.last4)")
        for text in renderings(of: card) {
            #expect(!text.contains(card.number), "full number leaked: \(text)")
            #expect(!text.contains(card.cvv), "CVV leaked")
            #expect(text.contains(card.last4))
        }
    }

    @Test("the first Visa renders as VISA •••• 1111")
    func visaText() throws {
        let card = try card(Self.inputs[0])
        #expect(String(describing: card) == "VISA •••• 1111")
        #expect(String(reflecting: card) == "ValidatedCard(VISA •••• 1111, expiry: 12/2030)")
    }

    @Test("a card inside other values stays hidden")
    func nested() throws {
        let card = try card(Self.inputs[1])
        let wrapped: [String: ValidatedCard?] = ["card": card]
        for text in renderings(of: wrapped) {
            #expect(!text.contains(card.number))
            #expect(!text.contains(card.cvv))
        }
    }

    @Test("raw CardInput does not print its number or CVV either", arguments: inputs)
    func input(input: CardInput) throws {
        let digits = try #require(CardNumber.digits(from: input.number))
        for text in renderings(of: input) {
            #expect(!text.contains(digits))
            #expect(!text.contains(input.number))
            #expect(!text.contains(input.cvv))
        }
    }
}
