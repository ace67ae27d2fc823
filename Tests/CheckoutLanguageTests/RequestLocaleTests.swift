import CheckoutDomain
import Testing

@testable import CheckoutLanguage

/// `request.locale` (issue 22): a tag matched to a supported locale, `auto`, or a finding that
/// lists the supported ones.
@Suite struct RequestLocaleTests {
    static func flow(_ locale: String) -> String {
        "flow: l\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n  locale: \(locale)\n"
    }

    @Test(arguments: [("de-AT", "de"), ("zh-CN", "zh-Hans"), ("pt", "pt-BR"), ("ja", "ja")])
    func aTagIsTheRequestsLocale(text: String, tag: String) throws {
        let result = FlowCompiler.compile(Self.flow(text), file: "l.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(try #require(result.flow).definition.request.locale?.tag == tag)
    }

    @Test func autoLeavesItToTheRun() throws {
        let result = FlowCompiler.compile(Self.flow("auto"), file: "l.yaml")
        #expect(result.diagnostics.isEmpty)
        #expect(try #require(result.flow).definition.request.locale == nil)
    }

    @Test func anUnsupportedTagIsAnErrorThatListsTheSupportedOnes() {
        let result = FlowCompiler.compile(Self.flow("zh-TW"), file: "l.yaml")
        let text = TextDiagnosticRenderer(color: false).render(file: result.diagnostics, source: nil)
        #expect(
            text.hasPrefix(
                "l.yaml:5:11: error: 'request.locale' 'zh-TW' is not a supported locale; use auto or one of en, zh-Hans, de, fr, es, pt-BR, ja [unsupported-locale]"
            ), "\(text)")
        #expect(result.flow == nil)
    }
}

/// `translations` (issue 22, item 6): the flow's own texts per language, checked against the
/// flow's custom fields.
@Suite struct FlowTranslationsTests {
    static func flow(_ translations: String) -> String {
        """
        flow: t
        dsl: 1
        title: Gift shop
        description: A gift with a note.
        request:
          price: { amount: 10.00 }
        fields:
          custom:
            - { id: wrap, title: Gift wrap, options: [none, paper, box] }
            - { id: note, title: Card note }
        translations:
        \(translations)
        """
    }

    @Test func theTextsOfEachLanguageAreCompiled() throws {
        let result = FlowCompiler.compile(
            Self.flow(
                """
                  de-DE:
                    title: Geschenkeladen
                    fields:
                      wrap: { title: Geschenkverpackung, options: { none: Keine, box: Schachtel } }
                  zh-CN:
                    description: 附赠贺卡的礼物。
                """), file: "t.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let d = try #require(result.flow).definition
        let de = d.texts(for: try #require(ShopperLocale.matching("de")))
        #expect(de.title == "Geschenkeladen" && de.description == nil)
        #expect(de.fields["wrap"] == FlowTexts.Field(title: "Geschenkverpackung", options: ["none": "Keine", "box": "Schachtel"]))
        #expect(d.texts(for: try #require(ShopperLocale.matching("zh-Hans"))).description == "附赠贺卡的礼物。")
        #expect(d.texts(for: .english) == FlowTexts())
    }

    @Test(arguments: [
        ("  ko:\n    title: x\n", "unsupported-locale", 12, "'translations.ko' is not a supported locale; use one of en, zh-Hans"),
        ("  de:\n    fields:\n      gift: { title: x }\n", "unknown-reference", 14, "names 'gift', which is not a custom field"),
        (
            "  de:\n    fields:\n      wrap: { options: { bag: Tüte } }\n", "unknown-reference", 14,
            "'bag' is not an option of the custom field 'wrap'"
        ),
        ("  de:\n    titel: x\n", "unknown-key", 13, "unknown key 'titel'"),
        ("  de: { title: a }\n  de-AT: { title: b }\n", "duplicate-key", 13, "the same language as another key (de)"),
    ])
    func eachMistakeIsAFindingAtItsLine(translations: String, rule: String, line: Int, message: String) {
        let diagnostics = FlowCompiler.compile(Self.flow(translations), file: "t.yaml").diagnostics
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        let d = diagnostics.first
        #expect(
            d?.rule.rawValue == rule && d?.range?.start.line == line, "\(d.map { "\($0.rule) \($0.range?.start.line ?? 0)" } ?? "none")")
        #expect(d?.message.contains(message) == true, "\(d?.message ?? "none")")
    }
}

/// `translations.<tag>.screens` (issue 22's gaps): an explicit pipeline's screen titles per
/// language, checked against the pipeline's screens.
@Suite struct TranslatedScreenTitleTests {
    static func flow(_ screens: String) -> String {
        """
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
        \(screens)
        """
    }

    @Test func aScreensTitleIsCompiledPerLanguage() throws {
        let result = FlowCompiler.compile(Self.flow("      check: { title: Bestellung prüfen }"), file: "t.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let d = try #require(result.flow).definition
        #expect(d.texts(for: try #require(ShopperLocale.matching("de"))).screens == ["check": "Bestellung prüfen"])
        #expect(d.texts(for: .english).screens.isEmpty)
    }

    @Test func aStageThatIsNotAScreenIsAFindingWithTheClosestScreen() throws {
        for (id, suggestion) in [("chek", "check"), ("sale", "card")] {
            let diagnostics = FlowCompiler.compile(Self.flow("      \(id): { title: x }"), file: "t.yaml").diagnostics
            #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
            let d = try #require(diagnostics.first)
            #expect(d.rule.rawValue == "unknown-reference" && d.range?.start.line == 15, "\(d.rule) \(d.range?.start.line ?? 0)")
            #expect(
                d.message == "'translations.de.screens' names '\(id)', which is not a screen of this flow's pipeline", "\(d.message)")
            if id == "chek" { #expect(d.suggestion == suggestion, "\(d.suggestion ?? "none")") }
        }
        let unknownKey = FlowCompiler.compile(Self.flow("      check: { heading: x }"), file: "t.yaml").diagnostics
        #expect(unknownKey.map(\.rule.rawValue) == ["unknown-key"], "\(unknownKey.map(\.message))")
    }
}
