import CheckoutLanguage
import Foundation
import Testing

/// The seed SDKs' option names as "did you mean" targets (docs/language.md, "Seed option names").
@Suite struct SeedNameTests {
    func compile(_ text: String) -> CompileResult { FlowCompiler.compile(text, file: "seed.yaml") }

    /// The unknown-key findings: message, suggestion, notes.
    func unknownKeys(_ text: String) -> [(String, String?, [String])] {
        compile(text).diagnostics.filter { $0.rule == .unknownKey }.map { ($0.message, $0.suggestion, $0.notes) }
    }

    @Test func aBAMNameInCardsSuggestsOurKeyThere() throws {
        let found = unknownKeys("flow: f\ndsl: 1\ncards:\n  cvvRequired: false\n  supportedCreditCardTypes: [visa]\n")
        #expect(found.map(\.0) == ["unknown key 'cvvRequired' in 'cards'", "unknown key 'supportedCreditCardTypes' in 'cards'"])
        #expect(found.map(\.1) == ["requireCvv", "accept"])
        #expect(found[0].2 == ["'cvvRequired' is Jumio BAM Checkout's name; this language's is 'cards.requireCvv'"])
    }

    @Test func everyBAMNameOfTheBriefIsMapped() throws {
        let cases = [
            ("cvvRequired", "requireCvv"), ("expiryRequired", "requireExpiry"), ("cardHolderNameRequired", "requireHolderName"),
            ("supportedCreditCardTypes", "accept"), ("cardNumberMaskingEnabled", "masking"),
        ]
        for (seed, ours) in cases {
            let found = unknownKeys("flow: f\ndsl: 1\ncards:\n  \(seed): true\n")
            #expect(found.map(\.1) == [ours], "\(seed)")
        }
    }

    @Test func aSeedNameAtTheWrongLevelPointsToWhereOursLives() throws {
        let found = unknownKeys("flow: f\ndsl: 1\ncvvRequired: false\nwithEmail: true\n")
        #expect(found.map(\.1) == ["cards.requireCvv", "request.withEmail"])
        #expect(found[1].2 == ["'withEmail' is a key of 'request': 'request.withEmail'"])
    }

    @Test func maxpayShortFormsAndFlagsAtTheWrongLevel() throws {
        let found = unknownKeys("flow: f\ndsl: 1\nfields:\n  available:\n    showPhone: true\n  showPhoneField: true\n")
        #expect(found.map(\.1) == ["showPhoneField", "fields.available.showPhoneField"])
    }

    @Test func providerSettingsUnderTheirSeedNames() throws {
        let found = unknownKeys(
            "flow: f\ndsl: 1\nprovider:\n  name: maxpay\n  redirect_url: https://shop.example/3ds\n  termsAndPrivacy: true\n"
                + "  applePay:\n    merchantId: merchant.com.example\n    applePayCustomizePayLine: Shop\n")
        #expect(found.map(\.1) == ["provider.returnURLs.redirect", "requireTermsConsent", "merchantIdentifier", "payLine"])
        #expect(found[0].2 == ["'redirect_url' is Maxpay's name; this language's is 'provider.returnURLs.redirect'"])
        let top = unknownKeys("flow: f\ndsl: 1\npaypalCurrencies: [USD]\ncallbackURL: https://shop.example/cb\n")
        #expect(top.map(\.1) == ["provider.paypalCurrencies", "provider.returnURLs.callback"])
    }

    @Test func anOrdinaryTypoStillGetsTheClosestSpelling() throws {
        #expect(unknownKeys("flow: f\ndsl: 1\ncards:\n  requireCv: false\n").map(\.1) == ["requireCvv"])
    }

    @Test func everyTargetIsAKeyOfTheLanguage() throws {
        let tables: [String: [KeySpec]] = [
            "cards": FlowKeys.cards, "fields.available": FlowKeys.available, "request": FlowKeys.request,
            "request.prefill": FlowKeys.prefill, "provider": FlowKeys.provider, "provider.applePay": FlowKeys.applePay,
            "provider.returnURLs": FlowKeys.returnURLs,
        ]
        for name in SeedNames.all {
            let table = try #require(tables[name.parent], "no table for \(name.ours)")
            #expect(table.contains { $0.name == name.key }, "\(name.ours) is not a key")
        }
        #expect(Set(SeedNames.all.map(\.seed)).count == SeedNames.all.count, "a seed name is listed twice")
    }

    @Test func theDocsTableIsTheList() throws {
        let text = try String(contentsOf: DocumentationTests.docs.appendingPathComponent("language.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Seed option names\n").dropFirst().first)
        let rows = section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        let expected = SeedNames.all.map { "| `\($0.seed)` | \($0.sdk.rawValue) | `\($0.ours)` |" }
        #expect(rows == expected)
    }
}

/// `cards.reportingCriteria`: BAM's transaction identifier, ≤ 100 characters, no card data.
@Suite struct ReportingCriteriaCompileTests {
    static func flow(_ criteria: String, scan: Bool = true) -> String {
        """
        flow: f
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
        cards:
          reportingCriteria: "\(criteria)"
        screens:
          - kind: \(scan ? "cardScan" : "creditCard")
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
        """
    }

    @Test func aShortReferenceIsKept() throws {
        let result = FlowCompiler.compile(Self.flow("spring-campaign 2026"), file: "f.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.flow?.definition.cards.reportingCriteria == "spring-campaign 2026")
    }

    @Test func moreThan100CharactersIsOutOfRange() throws {
        let result = FlowCompiler.compile(Self.flow(String(repeating: "a", count: 101)), file: "f.yaml")
        #expect(result.diagnostics.map(\.rule) == [.outOfRange])
    }

    @Test func aCardNumberIsRefusedAndNotShown() throws {
        let result = FlowCompiler.compile(Self.flow("order 4111 1111 1111 1111"), file: "f.yaml")
        let d = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(d.rule == .invalidFormat)
        #expect(d.hidesSource)
        #expect(!d.message.contains("4111"))
    }

    @Test func withoutACardScanItHasNoEffect() throws {
        let result = FlowCompiler.compile(Self.flow("spring", scan: false), file: "f.yaml")
        #expect(result.diagnostics.map(\.rule) == [.ineffectiveSetting])
        #expect(result.diagnostics.map(\.severity) == [.warning])
    }
}

/// `cards.requireExpiry: false` needs a card scan; the edit flags have no effect without one.
@Suite struct ScanEditCompileTests {
    static func flow(_ cards: String, screen: String) -> String {
        """
        flow: f
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
        cards:
        \(cards)
        screens:
          - kind: \(screen)
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
        """
    }

    @Test func requireExpiryFalseWithACardScanCompiles() throws {
        let result = FlowCompiler.compile(
            Self.flow("  requireExpiry: false\n  expiryEditable: true\n  holderNameEditable: true", screen: "cardScan"), file: "f.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let cards = try #require(result.flow?.definition.cards)
        #expect(!cards.requireExpiry && cards.expiryEditable && cards.holderNameEditable)
    }

    @Test func withoutACardScanRequireExpiryFalseIsUnsupportedAndEditsHaveNoEffect() throws {
        let result = FlowCompiler.compile(Self.flow("  requireExpiry: false\n  expiryEditable: true", screen: "creditCard"), file: "f.yaml")
        #expect(result.diagnostics.map(\.rule) == [.unsupported, .ineffectiveSetting])
    }
}
