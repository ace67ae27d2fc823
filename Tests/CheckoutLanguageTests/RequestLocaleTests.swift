import CheckoutDomain
import CheckoutLanguage
import Testing

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
