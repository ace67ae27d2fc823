import Foundation
import Testing

/// Light and dark backgrounds at a real pseudo-terminal (docs/terminal.md "Light and dark
/// backgrounds"): the standard checkout's title, `{ light: "#1A1A2E", dark: "#E6E6F0" }`, in
/// the colour for the background.
@Suite struct TerminalBackgroundTests {
    static let nearBlackTitle = "\u{1B}[1;38;2;26;26;46mStandard checkout"
    static let darkTitle = "\u{1B}[1;38;2;230;230;240mStandard checkout"
    static let query = "\u{1B}]11;?\u{1B}\\\u{1B}[c"

    /// The form's first screen drawn with 24-bit colour on a terminal that tells `background`
    /// (nil: answers only DA1), then Ctrl-C.
    static func firstScreen(background: String?, extra: [String] = [], environment: [String: String] = [:]) throws -> TerminalSession {
        var o = TerminalSession.Options()
        o.rows = 30
        o.columns = 100
        o.background = background
        o.environment = ["COLORTERM": "truecolor"].merging(environment) { $1 }
        let s = try TerminalSession(TerminalCheckout.arguments(extra), options: o)
        try s.waitForScreen(containing: "Payment method")
        try s.send(.ctrlC)
        _ = try s.waitForExit()
        return s
    }

    @Test func aDarkTerminalGetsTheDarkTitle() throws {
        let s = try Self.firstScreen(background: "rgb:1e1e/1e1e/2e2e")
        #expect(s.text.hasPrefix(Self.query), "\(s.text.prefix(40).debugDescription)")
        #expect(s.text.contains(Self.darkTitle), "\(s.text.prefix(400).debugDescription)")
        #expect(!s.text.contains("38;2;26;26;46"))
        #expect(s.screen.unhandled.isEmpty, "\(s.screen.unhandled)")
    }

    @Test func aLightTerminalGetsTheFlowsColour() throws {
        let s = try Self.firstScreen(background: "rgb:ffff/ffff/ffff")
        #expect(s.text.contains(Self.nearBlackTitle), "\(s.text.prefix(400).debugDescription)")
    }

    /// A terminal that does not tell (DA1 only): the flow's colours, as before, without waiting.
    @Test func aTerminalThatDoesNotTellGetsTheFlowsColour() throws {
        let s = try Self.firstScreen(background: nil)
        #expect(s.text.hasPrefix(Self.query))
        #expect(s.text.contains(Self.nearBlackTitle), "\(s.text.prefix(400).debugDescription)")
    }

    /// `--background dark` and `COLORFGBG` decide without asking the terminal.
    @Test func theFlagAndCOLORFGBGDecideWithoutAsking() throws {
        let flag = try Self.firstScreen(background: "rgb:ffff/ffff/ffff", extra: ["--background", "dark"])
        #expect(!flag.text.contains("\u{1B}]11;?"))
        #expect(flag.text.contains(Self.darkTitle), "\(flag.text.prefix(400).debugDescription)")
        let variable = try Self.firstScreen(background: "rgb:ffff/ffff/ffff", environment: ["COLORFGBG": "15;0"])
        #expect(!variable.text.contains("\u{1B}]11;?"))
        #expect(variable.text.contains(Self.darkTitle), "\(variable.text.prefix(400).debugDescription)")
    }

    /// No colour: nothing asked, nothing coloured.
    @Test func withoutColourNothingIsAsked() throws {
        let s = try Self.firstScreen(background: "rgb:0000/0000/0000", environment: ["NO_COLOR": "1"])
        #expect(!s.text.contains("\u{1B}]11;?"))
        #expect(!s.text.contains("38;2;"))
    }
}
