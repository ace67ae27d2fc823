package import CheckoutLanguage
import Foundation

/// The terminal's background colour, when it is known: what picks a theme's light or dark
/// colours and the preset's (docs/terminal.md "Light and dark backgrounds").
///
/// Found, in order: `--background light|dark`; the terminal's own answer to xterm's OSC 11
/// query (`ESC ] 11 ; ? ST`, answered `ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST` by xterm, VTE, iTerm2,
/// kitty, Alacritty, WezTerm, foot, Windows Terminal and tmux); `COLORFGBG` (rxvt, Konsole).
/// Nothing known: the flow's light colours, as before.
package enum TerminalBackground: Sendable, Hashable {
    case unknown
    case known(RGBColor)

    /// `--background light`: white.
    package static let light = TerminalBackground.known(RGBColor(red: 255, green: 255, blue: 255))
    /// `--background dark`: black.
    package static let dark = TerminalBackground.known(RGBColor(red: 0, green: 0, blue: 0))

    /// Whether the background is dark, nil when it is not known. Dark is where white text has
    /// more contrast than black text: relative luminance below about 0.18 (WCAG 2's formula).
    package var isDark: Bool? {
        guard case .known(let c) = self else { return nil }
        return Contrast.ratio(c, .white) > Contrast.ratio(c, .black)
    }

    /// The background an OSC 11 answer names: `rgb:` with 1 to 4 hex digits a component
    /// (`rgb:1e1e/1e1e/2e2e`, `rgb:ff/ff/ff`), or `rgba:` with a fourth; nil otherwise.
    package static func fromOSC11(_ reply: [UInt8]) -> TerminalBackground? {
        guard let text = String(validating: reply, as: UTF8.self) else { return nil }
        guard let start = text.range(of: "]11;") else { return nil }
        var body = text[start.upperBound...]
        for end in ["\u{07}", "\u{1B}\\"] { if let r = body.range(of: end) { body = body[..<r.lowerBound] } }
        let spec: Substring
        if body.hasPrefix("rgba:") {
            spec = body.dropFirst(5)
        } else if body.hasPrefix("rgb:") {
            spec = body.dropFirst(4)
        } else {
            return nil
        }
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false).prefix(3)
        var values: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), let v = UInt32(part, radix: 16) else { return nil }
            let top = (UInt32(1) << (4 * UInt32(part.count))) - 1
            values.append(UInt8((v * 255 + top / 2) / top))
        }
        guard values.count == 3 else { return nil }
        return .known(RGBColor(red: values[0], green: values[1], blue: values[2]))
    }

    /// The background `COLORFGBG` (`"15;0"`, `"0;default;15"`: foreground; background as ANSI
    /// colour numbers) names: 0–6 and 8 dark (as black), 7 and 9–15 light (as white); nil otherwise.
    package static func fromCOLORFGBG(_ value: String) -> TerminalBackground? {
        guard let last = value.split(separator: ";").last, let n = Int(last) else { return nil }
        switch n {
        case 0...6, 8: return .dark
        case 7, 9...15: return .light
        default: return nil
        }
    }
}

/// WCAG 2 contrast between two colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
package enum Contrast {
    /// What a colour of the theme must reach against a known background to be drawn: WCAG's
    /// 3:1 for large or bold text and for interface parts (1.4.3, 1.4.11).
    package static let minimum = 3.0

    /// `(L1 + 0.05) / (L2 + 0.05)`, the lighter colour's luminance over the darker's: 1 to 21.
    package static func ratio(_ a: RGBColor, _ b: RGBColor) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Relative luminance: sRGB components linearised, weighted 0.2126, 0.7152, 0.0722.
    package static func luminance(_ c: RGBColor) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }
}

extension RGBColor {
    static let white = RGBColor(red: 255, green: 255, blue: 255)
    static let black = RGBColor(red: 0, green: 0, blue: 0)
}
