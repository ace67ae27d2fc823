import Testing

@testable import CheckoutLanguage

/// `theme` colours as `{ light, dark }` pairs (docs/language.md "Theme").
@Suite struct ThemeColorPairTests {
    func compile(_ title: String) -> CompileResult {
        FlowCompiler.compile(
            "flow: pair\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\ntheme:\n  headerTitleColor: \(title)\n", file: "pair.yaml")
    }

    @Test func aPairKeepsBothColours() throws {
        let result = compile("{ light: \"#1A1A2E\", dark: \"#E0E0FF\" }")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let theme = try #require(result.flow?.definition.theme)
        #expect(theme.colors["headerTitleColor"] == RGBColor(hex: "#1A1A2E"))
        #expect(theme.darkColors["headerTitleColor"] == RGBColor(hex: "#E0E0FF"))
    }

    @Test func aSingleColourHasNoDarkOne() throws {
        let result = compile("\"#1A1A2E\"")
        #expect(result.diagnostics.isEmpty)
        #expect(result.flow?.definition.theme.darkColors.isEmpty == true)
    }

    @Test(arguments: [
        ("{ light: \"#1A1A2E\" }", "dark"),
        ("{ light: \"#1A1A2E\", dark: \"navy\" }", "'theme.headerTitleColor.dark' must be a colour \"#RRGGBB\", found 'navy'"),
        ("{ light: \"#1A1A2E\", dark: \"#000000\", dim: \"#111111\" }", "dim"),
        ("[\"#1A1A2E\"]", "headerTitleColor"),
    ])
    func aBrokenPairIsAnError(value: String, says: String) {
        let result = compile(value)
        #expect(result.flow == nil, "\(value)")
        #expect(result.diagnostics.contains { $0.severity == .error && $0.message.contains(says) }, "\(result.diagnostics.map(\.message))")
    }
}
