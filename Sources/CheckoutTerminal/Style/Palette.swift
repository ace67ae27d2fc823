package import CheckoutLanguage

/// A text style: a colour and attributes.
package struct TextStyle: Sendable, Hashable {
    package var color: RGBColor?
    package var bold = false
    package var dim = false
    package var underline = false

    package init(color: RGBColor? = nil, bold: Bool = false, dim: Bool = false, underline: Bool = false) {
        self.color = color
        self.bold = bold
        self.dim = dim
        self.underline = underline
    }

    package static let plain = TextStyle()
}

/// What the form draws, styled from the flow's `theme` (SPEC §6): each role takes the
/// `PAYTheme` property named for it, else the preset's colour.
///
/// | role | theme property |
/// |---|---|
/// | title | `headerTitleColor` |
/// | amount | `headerAmountColor` |
/// | label | `fieldTitleColor` |
/// | text | `fieldTextColor` |
/// | placeholder | `fieldPlaceholderColor` |
/// | error | `errorColor` |
/// | accent (prompt marker, chosen option, pay button) | `enabledButtonBackgroundColor` |
/// | link | `hyperlinkColor` |
/// | success (check marks, switches on) | `checkmarkColor`, else `switchOnColor` |
/// | muted (hints, separators) | `separatorColor` |
package struct Palette: Sendable, Hashable {
    package var title: TextStyle
    package var amount: TextStyle
    package var label: TextStyle
    package var text: TextStyle
    package var placeholder: TextStyle
    package var error: TextStyle
    package var accent: TextStyle
    package var link: TextStyle
    package var success: TextStyle
    package var muted: TextStyle

    /// The palette of `theme` on `background`; `highContrast` forces the high-contrast preset
    /// (`--high-contrast`), which nothing else changes.
    ///
    /// On a known background (docs/terminal.md "Light and dark backgrounds"): the `standard`
    /// and `dark` presets follow it (`dark` on a dark one, `standard` on a light one); a colour
    /// given as `{ light, dark }` takes the background's; and a theme colour with less than
    /// `Contrast.minimum` against the background gives way to the preset's, so no text is drawn
    /// that the shopper cannot read. On an unknown background: the preset and the light colours.
    package init(theme: Theme, highContrast: Bool = false, background: TerminalBackground = .unknown) {
        let chosen = highContrast ? .highContrast : theme.preset
        let dark = background.isDark
        let preset = chosen == .highContrast ? chosen : dark.map { $0 ? .dark : .standard } ?? chosen
        let base = Self.preset(preset)
        // A high-contrast palette is not overridden by the flow's colours: that is its point.
        var colors = chosen == .highContrast ? [:] : theme.colors
        if dark == true, chosen != .highContrast { colors.merge(theme.darkColors) { _, dark in dark } }
        let backgroundColor: RGBColor? = if case .known(let c) = background { c } else { nil }
        func role(_ keys: [String], _ fallback: TextStyle) -> TextStyle {
            var s = fallback
            guard let c = keys.lazy.compactMap({ colors[$0] }).first else { return s }
            if let backgroundColor, Contrast.ratio(c, backgroundColor) < Contrast.minimum { return s }
            s.color = c
            return s
        }
        title = role(["headerTitleColor"], base.title)
        amount = role(["headerAmountColor"], base.amount)
        label = role(["fieldTitleColor"], base.label)
        text = role(["fieldTextColor"], base.text)
        placeholder = role(["fieldPlaceholderColor"], base.placeholder)
        error = role(["errorColor"], base.error)
        accent = role(["enabledButtonBackgroundColor"], base.accent)
        link = role(["hyperlinkColor"], base.link)
        success = role(["checkmarkColor", "switchOnColor"], base.success)
        muted = role(["separatorColor"], base.muted)
    }

    private init(
        title: TextStyle, amount: TextStyle, label: TextStyle, text: TextStyle, placeholder: TextStyle, error: TextStyle,
        accent: TextStyle, link: TextStyle, success: TextStyle, muted: TextStyle
    ) {
        self.title = title
        self.amount = amount
        self.label = label
        self.text = text
        self.placeholder = placeholder
        self.error = error
        self.accent = accent
        self.link = link
        self.success = success
        self.muted = muted
    }

    private static func rgb(_ hex: String) -> RGBColor { RGBColor(hex: hex)! }

    private static func preset(_ p: ThemePreset) -> Palette {
        switch p {
        case .standard:
            Palette(
                title: TextStyle(bold: true), amount: TextStyle(color: rgb("#2E7D32"), bold: true), label: TextStyle(bold: true),
                text: TextStyle(), placeholder: TextStyle(color: rgb("#8A8A8A"), dim: true), error: TextStyle(color: rgb("#D0021B")),
                accent: TextStyle(color: rgb("#0070BA"), bold: true), link: TextStyle(color: rgb("#0070BA"), underline: true),
                success: TextStyle(color: rgb("#2E7D32")), muted: TextStyle(color: rgb("#8A8A8A")))
        case .dark:
            Palette(
                title: TextStyle(color: rgb("#F5F5F5"), bold: true), amount: TextStyle(color: rgb("#81C784"), bold: true),
                label: TextStyle(color: rgb("#E0E0E0"), bold: true), text: TextStyle(color: rgb("#F5F5F5")),
                placeholder: TextStyle(color: rgb("#9E9E9E")), error: TextStyle(color: rgb("#FF6E6E")),
                accent: TextStyle(color: rgb("#4FC3F7"), bold: true), link: TextStyle(color: rgb("#4FC3F7"), underline: true),
                success: TextStyle(color: rgb("#81C784")), muted: TextStyle(color: rgb("#9E9E9E")))
        case .highContrast:
            // Pure colours that survive any reduction to 16, bold, and no dim text.
            Palette(
                title: TextStyle(color: rgb("#FFFFFF"), bold: true, underline: true),
                amount: TextStyle(color: rgb("#FFFF00"), bold: true), label: TextStyle(color: rgb("#FFFFFF"), bold: true),
                text: TextStyle(color: rgb("#FFFFFF"), bold: true), placeholder: TextStyle(color: rgb("#FFFFFF")),
                error: TextStyle(color: rgb("#FF0000"), bold: true, underline: true),
                accent: TextStyle(color: rgb("#FFFF00"), bold: true), link: TextStyle(color: rgb("#00FFFF"), bold: true, underline: true),
                success: TextStyle(color: rgb("#00FF00"), bold: true), muted: TextStyle(color: rgb("#FFFFFF")))
        }
    }
}
