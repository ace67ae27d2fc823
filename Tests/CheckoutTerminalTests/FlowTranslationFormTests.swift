import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// A flow's own texts in the shopper's language (`translations`): the banner, a custom field's
/// title and option labels; the answer keeps the option's value.
@Suite struct FlowTranslationFormTests {
    static let yaml = """
        flow: t
        dsl: 1
        title: Gift shop
        description: A gift with a note.
        request:
          price: { amount: 10.00 }
        fields:
          custom:
            - { id: wrap, title: Gift wrap, options: [none, box] }
            - { id: note, title: Card note }
        translations:
          de:
            title: Geschenkeladen
            fields:
              wrap: { title: Geschenkverpackung, options: { box: Schachtel } }
        """

    static func forms(_ tag: String) throws -> ScreenForms {
        var flow = try #require(FlowCompiler.compile(yaml, file: "t.yaml").flow)
        flow.definition.request.locale = ShopperLocale.matching(tag)
        return ScreenForms(flow: flow, today: YearMonth(year: 2026, month: 6))
    }

    static func prompt(_ forms: ScreenForms) throws -> ScreenPrompt {
        var p = ScreenPrompt(
            kind: .form, stageId: "form", price: PriceState(amount: 10, taxAmount: 0, currency: .usd),
            requirements: AddressRequirements(withEmail: false, fullBilling: false))
        p.customFields = forms.flow.definition.fields.custom
        return p
    }

    @Test func aGermanShopperReadsTheFlowsGermanTexts() throws {
        let forms = try Self.forms("de")
        #expect(forms.banner.title == "Geschenkeladen")
        // No German description: the flow's own.
        #expect(forms.banner.description == "A gift with a note.")
        let form = forms.form(for: try Self.prompt(forms), previous: nil)
        #expect(form.fields.map(\.label) == ["Geschenkverpackung", "Card note (optional)"])
        guard case .choice(let list) = form.fields[0].control else {
            Issue.record("no choice")
            return
        }
        #expect(list.options.map(\.label) == ["none", "Schachtel"])
        #expect(list.options.map(\.id) == ["none", "box"])
    }

    @Test func otherShoppersReadTheFlowsOwnTexts() throws {
        for tag in ["en", "ja"] {
            let forms = try Self.forms(tag)
            #expect(forms.banner.title == "Gift shop")
            let form = forms.form(for: try Self.prompt(forms), previous: nil)
            #expect(form.fields[0].label == "Gift wrap")
        }
    }
}

/// An explicit pipeline's screen titles in the shopper's language (`translations.<tag>.screens`).
@Suite struct TranslatedScreenHeadingTests {
    static let yaml = """
        flow: t
        dsl: 1
        request:
          price: { amount: 10.00 }
        screens:
          - { id: card, kind: creditCard, title: Your card }
          - { id: check, kind: review, title: Check your order }
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
        translations:
          de:
            screens:
              check: { title: Bestellung prüfen }
        """

    static func heading(_ tag: String, stage: String, kind: ScreenKind, title: String) throws -> String {
        var flow = try #require(FlowCompiler.compile(yaml, file: "t.yaml").flow)
        flow.definition.request.locale = ShopperLocale.matching(tag)
        let forms = ScreenForms(flow: flow, today: YearMonth(year: 2026, month: 6))
        var p = ScreenPrompt(
            kind: kind, stageId: stage, price: PriceState(amount: 10, taxAmount: 0, currency: .usd),
            requirements: AddressRequirements(withEmail: false, fullBilling: false))
        p.title = title
        return forms.heading(p)
    }

    @Test func theHeadingIsTheTranslationElseTheFlowsTitle() throws {
        #expect(try Self.heading("de", stage: "check", kind: .review, title: "Check your order") == "Bestellung prüfen")
        // No German title for the card screen: the flow's own.
        #expect(try Self.heading("de", stage: "card", kind: .creditCard, title: "Your card") == "Your card")
        #expect(try Self.heading("en", stage: "check", kind: .review, title: "Check your order") == "Check your order")
        #expect(try Self.heading("ja", stage: "check", kind: .review, title: "Check your order") == "Check your order")
    }
}
