import CheckoutLanguage
import Testing

@testable import CheckoutTerminal

@Suite struct ColorTests {
    @Test func theEnvironmentDecidesTheDepth() {
        func depth(_ env: [String: String]) -> ColorDepth { ColorDepth.detect { env[$0] } }
        #expect(depth(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(depth(["TERM": "xterm-256color"]) == .ansi256)
        #expect(depth(["TERM": "xterm"]) == .ansi16)
        #expect(depth(["TERM": "dumb", "COLORTERM": "truecolor"]) == .none)
        #expect(depth(["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
        // An empty NO_COLOR does not count (no-color.org).
        #expect(depth(["TERM": "xterm-256color", "NO_COLOR": ""]) == .ansi256)
        #expect(depth([:]) == .none)
    }

    @Test func coloursAreMappedToWhatTheTerminalHas() {
        let blue = RGBColor(hex: "#0070BA")!
        #expect(Painter(depth: .trueColor).paint("x", TextStyle(color: blue)) == "\u{1B}[38;2;0;112;186mx\u{1B}[0m")
        #expect(Painter(depth: .ansi256).colorCode(blue) == "38;5;25")
        // Nearer xterm's cyan (0,205,205) than its blue (0,0,238).
        #expect(Painter(depth: .ansi16).colorCode(blue) == "36")
        #expect(Painter.index256(RGBColor(hex: "#FF0000")!) == 196)
        #expect(Painter.index256(RGBColor(hex: "#808080")!) == 244)
        #expect(Painter.code16(RGBColor(hex: "#D0021B")!) == 31)
        #expect(Painter.code16(RGBColor(hex: "#FFFFFF")!) == 97)

        // No colour: no sequences at all, attributes included.
        #expect(Painter(depth: .none).paint("x", TextStyle(color: blue, bold: true, underline: true)) == "x")
    }

    /// A coloured colour keeps its hue at 256 and 16 colours: the standard theme's success
    /// green #2E7D32 was grey 243 at 256 colours, nearer by plain RGB distance (issue 20).
    @Test func coloursKeepTheirHueWhenQuantized() {
        let levels = [0, 95, 135, 175, 215, 255]
        for hex in ["#2E7D32", "#0070BA", "#D0021B", "#81C784", "#4FC3F7", "#FF6E6E"] {
            let c = RGBColor(hex: hex)!
            let i = Painter.index256(c)
            #expect((16...231).contains(i), "\(hex) became grey \(i)")
            let (r, g, b) = (levels[(i - 16) / 36], levels[(i - 16) / 6 % 6], levels[(i - 16) % 6])
            // The strongest channel stays the strongest.
            let original = [Int(c.red), Int(c.green), Int(c.blue)]
            let strongest = original.firstIndex(of: original.max()!)!
            #expect([r, g, b][strongest] == [r, g, b].max(), "\(hex) → \(i) (\(r),\(g),\(b))")
        }
        #expect(Painter.index256(RGBColor(hex: "#2E7D32")!) == 29)
        #expect(Painter.code16(RGBColor(hex: "#2E7D32")!) == 32)
        // Nearly grey stays grey: the muted text, the standard checkout's near-black title.
        #expect((232...255).contains(Painter.index256(RGBColor(hex: "#8A8A8A")!)))
        #expect((232...255).contains(Painter.index256(RGBColor(hex: "#1A1A2E")!)))
        #expect(Painter.code16(RGBColor(hex: "#8A8A8A")!) == 90)
    }

    @Test func theThemeStylesTheRolesAndHighContrastWins() {
        var theme = Theme()
        theme.colors["errorColor"] = RGBColor(hex: "#AA0000")!
        theme.colors["enabledButtonBackgroundColor"] = RGBColor(hex: "#123456")!
        let p = Palette(theme: theme)
        #expect(p.error.color == RGBColor(hex: "#AA0000"))
        #expect(p.accent.color == RGBColor(hex: "#123456"))
        let high = Palette(theme: theme, highContrast: true)
        #expect(high.error.color == RGBColor(hex: "#FF0000"))
        #expect(high.accent.color == RGBColor(hex: "#FFFF00"))
        theme.preset = .highContrast
        #expect(Palette(theme: theme) == high)
    }
}
