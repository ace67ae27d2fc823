import CheckoutLanguage
import Testing

@testable import CheckoutTerminal

/// Light and dark backgrounds (docs/terminal.md "Light and dark backgrounds"): what the
/// terminal answers, and the palette it picks.
@Suite struct BackgroundTests {
    static func rgb(_ hex: String) -> RGBColor { RGBColor(hex: hex)! }

    /// xterm's answer forms: 4, 2 or 1 hex digits a component, `rgba:`, BEL or ST at the end.
    @Test(arguments: [
        ("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\", "#1E1E2E"),
        ("\u{1B}]11;rgb:ff/ff/ff\u{07}", "#FFFFFF"),
        ("\u{1B}]11;rgb:f/8/0\u{07}", "#FF8800"),
        ("\u{1B}]11;rgba:0000/2b2b/3636/ffff\u{1B}\\", "#002B36"),
    ])
    func anOSC11AnswerNamesTheBackground(reply: String, hex: String) {
        #expect(TerminalBackground.fromOSC11(Array(reply.utf8)) == .known(Self.rgb(hex)))
    }

    @Test(arguments: [
        "\u{1B}]11;#1e1e1e\u{07}", "\u{1B}]11;rgb:12345/0/0\u{07}", "\u{1B}]11;rgb:zz/00/00\u{07}", "\u{1B}]10;rgb:0/0/0\u{07}",
    ])
    func anythingElseIsNotAnAnswer(reply: String) {
        #expect(TerminalBackground.fromOSC11(Array(reply.utf8)) == nil)
    }

    @Test func colorfgbgNamesAnANSIBackground() {
        #expect(TerminalBackground.fromCOLORFGBG("15;0") == .dark)
        #expect(TerminalBackground.fromCOLORFGBG("0;default;15") == .light)
        #expect(TerminalBackground.fromCOLORFGBG("0;7") == .light)
        #expect(TerminalBackground.fromCOLORFGBG("7;8") == .dark)
        #expect(TerminalBackground.fromCOLORFGBG("15;default") == nil)
        #expect(TerminalBackground.fromCOLORFGBG("") == nil)
    }

    /// Dark is where white text has more contrast than black: Solarized's two backgrounds fall
    /// on either side.
    @Test func darkIsWhereWhiteTextReadsBetter() {
        #expect(TerminalBackground.known(Self.rgb("#002B36")).isDark == true)
        #expect(TerminalBackground.known(Self.rgb("#FDF6E3")).isDark == false)
        #expect(TerminalBackground.known(Self.rgb("#1E1E2E")).isDark == true)
        #expect(TerminalBackground.unknown.isDark == nil)
    }

    /// WCAG 2's figures: black on white 21:1; #767676 is the lightest grey with 4.5:1 on white.
    @Test func contrastIsWCAGs() {
        #expect(abs(Contrast.ratio(.black, .white) - 21) < 0.001)
        #expect(abs(Contrast.ratio(Self.rgb("#767676"), .white) - 4.54) < 0.01)
        #expect(Contrast.ratio(Self.rgb("#1A1A2E"), .black) < 1.5)
    }

    /// The answers are taken out of what was read; keys typed meanwhile are kept, in order.
    @Test func keysTypedWhileAskingAreKept() {
        let read = Array("41\u{1B}]11;rgb:0000/0000/0000\u{1B}\\11\u{1B}[?62;22c 1".utf8)
        let (background, pending) = TerminalBackground.Answers.split(read)
        #expect(background == .known(.black))
        #expect(String(decoding: pending, as: UTF8.self) == "4111 1")
        // Only DA1: the terminal does not tell; nothing is lost either.
        let none = TerminalBackground.Answers.split(Array("x\u{1B}[?1;2c".utf8))
        #expect(none.background == nil)
        #expect(none.pending == Array("x".utf8))
        #expect(TerminalBackground.Answers.deviceAttributes(in: Array("\u{1B}[?62;2".utf8)) == nil)
    }

    /// The standard checkout's near-black title (#1A1A2E) on a dark background gives way to the
    /// dark preset's; on a light or unknown one it is drawn as written.
    @Test func aColourTooDarkForTheBackgroundGivesWay() {
        var theme = Theme()
        theme.colors["headerTitleColor"] = Self.rgb("#1A1A2E")
        theme.colors["enabledButtonBackgroundColor"] = Self.rgb("#0070BA")
        #expect(Palette(theme: theme, background: .unknown).title.color == Self.rgb("#1A1A2E"))
        #expect(Palette(theme: theme, background: .light).title.color == Self.rgb("#1A1A2E"))
        let dark = Palette(theme: theme, background: .dark)
        #expect(dark.title.color == Self.rgb("#F5F5F5"))
        #expect(dark.title.bold)
        // #0070BA has 4.0:1 on black: kept.
        #expect(dark.accent.color == Self.rgb("#0070BA"))
        // The dark preset's text, not the standard's terminal default.
        #expect(dark.text.color == Self.rgb("#F5F5F5"))
    }

    @Test func aPairTakesTheBackgroundsColour() {
        var theme = Theme()
        theme.colors["headerTitleColor"] = Self.rgb("#1A1A2E")
        theme.darkColors["headerTitleColor"] = Self.rgb("#E0E0FF")
        #expect(Palette(theme: theme, background: .dark).title.color == Self.rgb("#E0E0FF"))
        #expect(Palette(theme: theme, background: .known(Self.rgb("#002B36"))).title.color == Self.rgb("#E0E0FF"))
        #expect(Palette(theme: theme, background: .light).title.color == Self.rgb("#1A1A2E"))
        #expect(Palette(theme: theme, background: .unknown).title.color == Self.rgb("#1A1A2E"))
    }

    /// The presets follow a known background; the high-contrast preset does not move.
    @Test func presetsFollowTheBackgroundButHighContrastStays() {
        var dark = Theme()
        dark.preset = .dark
        #expect(Palette(theme: dark, background: .light).text.color == nil)
        #expect(Palette(theme: dark, background: .unknown).text.color == Self.rgb("#F5F5F5"))
        var theme = Theme()
        theme.colors["headerTitleColor"] = Self.rgb("#1A1A2E")
        let contrast = Palette(theme: theme, highContrast: true, background: .unknown)
        #expect(Palette(theme: theme, highContrast: true, background: .light) == contrast)
        #expect(Palette(theme: theme, highContrast: true, background: .dark) == contrast)
    }
}
