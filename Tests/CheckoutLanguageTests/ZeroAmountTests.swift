import CheckoutLanguage
import Testing

/// `zero-amount`: a sale of a price that is always zero is refused; a zero authorization (a card
/// check) and tokenizing alone are not (docs/language.md, "A price of zero").
@Suite struct ZeroAmountTests {
    func rules(_ request: String, extra: String = "") -> [Rule] {
        FlowCompiler.compile("flow: z\ndsl: 1\nrequest:\n\(request)\(extra)", file: "z.yaml").diagnostics.map(\.rule)
    }

    @Test func aSaleOfZeroIsAnError() throws {
        let result = FlowCompiler.compile("flow: z\ndsl: 1\nrequest:\n  price: { amount: 0, currency: JPY }\n", file: "z.yaml")
        let d = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1 && d.rule == .zeroAmount && d.severity == .error)
        #expect(d.message == "a price of 0 JPY cannot be sold: step 'sale' would charge nothing")
        #expect(d.range?.start.line == 4)
        #expect(result.flow == nil)
    }

    @Test(arguments: ["auth", "none", "sale3d", "auth3d"])
    func onlyASaleIsRefused(type: String) throws {
        let found = rules("  price: { amount: 0.00 }\n  transactionType: \(type)\n")
        #expect(found == (type == "sale3d" ? [.zeroAmount] : []))
    }

    @Test func aTaxAmountOrAPriceMakesItASale() throws {
        #expect(rules("  price: { amount: 0, taxAmount: 1.50 }\n").isEmpty)
        #expect(rules("  price: { amount: 0.01 }\n").isEmpty)
    }

    @Test func aTaxTableDoesNotHelpButATaxServiceMay() throws {
        #expect(rules("  price: { amount: 0 }\n  withShipping: true\n  fullBilling: true\n", extra: "tax:\n  US: 5\n") == [.zeroAmount])
        let service = "taxService:\n  url: https://tax.example.com/quote\n"
        #expect(rules("  price: { amount: 0 }\n  withShipping: true\n  fullBilling: true\n", extra: service).isEmpty)
    }

    @Test func anExplicitSaleStepOfZeroIsAnError() throws {
        let steps =
            "screens:\n  - kind: creditCard\n  - kind: billing\nsteps:\n  - kind: createToken\n  - kind: tokenize\n  - { id: pay, kind: sale }\n"
        let result = FlowCompiler.compile("flow: z\ndsl: 1\nrequest:\n  price: { amount: 0 }\n\(steps)", file: "z.yaml")
        #expect(result.diagnostics.map(\.message) == ["a price of 0.00 USD cannot be sold: step 'pay' would charge nothing"])
    }

    @Test func aCheckOfZeroOffersNoWalletAndNoCurrencyChange() throws {
        func pipeline(_ amount: String) throws -> Pipeline {
            let text = "flow: z\ndsl: 1\nrequest:\n  price: { amount: \(amount) }\n  transactionType: auth\n"
            return try #require(FlowCompiler.compile(text, file: "z.yaml").flow?.pipeline)
        }
        let zero = try pipeline("0")
        #expect(zero.paymentMethods == [.card])
        #expect(!zero.stages.contains { $0.kind == .screen(.currency) || $0.kind == .step(.walletPayment) })
        let priced = try pipeline("1.00")
        #expect(priced.paymentMethods == [.card, .paypal, .applePay])
        #expect(priced.stages.contains { $0.kind == .screen(.currency) })
    }
}

/// `fields.allowedCountries`: ISO codes per address, checked; an empty list is out of range.
@Suite struct AllowedCountriesCompileTests {
    func compile(_ allowed: String) -> CompileResult {
        FlowCompiler.compile(
            "flow: f\ndsl: 1\nrequest: { price: { amount: 5.00 } }\nfields:\n  allowedCountries: \(allowed)\n", file: "f.yaml")
    }

    @Test func theListsAreKept() throws {
        let result = compile("{ billing: [US, CA], shipping: [GB] }")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let fields = try #require(result.flow?.definition.fields)
        #expect(fields.allowedCountries("billing") == ["US", "CA"])
        #expect(fields.allowedCountries("shipping") == ["GB"])
    }

    @Test func unknownCodesAndEmptyListsAreErrors() throws {
        let result = compile("{ billing: [US, XX], shipping: [] }")
        #expect(result.diagnostics.map(\.rule) == [.invalidCountry, .outOfRange])
        #expect(result.flow == nil)
    }

    @Test func withoutTheKeyAnyCountryIsTaken() throws {
        let result = FlowCompiler.compile("flow: f\ndsl: 1\nrequest: { price: { amount: 5.00 } }\n", file: "f.yaml")
        #expect(result.flow?.definition.fields.allowedCountries("billing") == nil)
    }
}
