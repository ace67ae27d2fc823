/// `theme`: the Maxpay `PAYTheme` properties by name, plus a named preset (SPEC §6).
/// Kept as data for the front ends; the text front end maps colours to what the terminal has.
public struct Theme: Sendable, Hashable {
    /// A named preset the properties start from.
    package var preset: ThemePreset = .standard
    /// Colour properties, `#RRGGBB`, by name: the colour, or the light one of a pair.
    package var colors: [String: RGBColor] = [:]
    /// The dark colour of each property given as a `{ light, dark }` pair.
    package var darkColors: [String: RGBColor] = [:]
    /// Numeric properties (`buttonCornerRadius`, …).
    public var numbers: [String: Double] = [:]
    /// Font properties.
    package var fonts: [String: ThemeFont] = [:]

    /// Creates a theme.
    public init() {}

    /// The colour property names the language knows.
    public static let colorKeys = [
        "backgroundColor", "navigationBarColor", "separatorColor", "errorColor", "hyperlinkColor",
        "headerTitleColor", "headerAmountColor", "headerBackgroundColor", "fieldTitleColor",
        "fieldTextColor", "fieldPlaceholderColor", "fieldBackgroundColor", "fieldBorderColor",
        "enabledButtonBackgroundColor", "enabledButtonTitleColor", "disabledButtonBackgroundColor",
        "disabledButtonTitleColor", "switchOnColor", "headerSeparatorColor", "checkmarkColor", "conditionsTextColor",
    ]
    /// The numeric property names the language knows.
    public static let numberKeys = [
        "buttonCornerRadius", "fieldCornerRadius", "fieldBorderWidth", "fieldBackgroundCornerRadius", "checkboxCornerRadius",
    ]
    /// The font property names the language knows.
    public static let fontKeys = [
        "headerTitleFont", "headerAmountFont", "fieldTitleFont", "fieldTextFont", "buttonTitleFont",
        "headerStandardTitleFont", "headerLargeTitleFont", "conditionsFont",
    ]
}

/// Named theme presets.
package enum ThemePreset: String, Sendable, CaseIterable {
    case standard, dark, highContrast
}

/// A 24-bit colour.
package struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB` (either case); nil otherwise.
    public init?(hex: String) {
        guard hex.utf8.count == 7, hex.utf8.first == UInt8(ascii: "#") else { return nil }
        // Six hex digits, the usual spelling, read from the bytes; anything else as before.
        var digits: UInt32? = 0
        for byte in hex.utf8.dropFirst() {
            guard let d = Self.hexDigit(byte), let value = digits else {
                digits = nil
                break
            }
            digits = value << 4 | d
        }
        guard let v = digits ?? UInt32(hex.dropFirst(), radix: 16) else { return nil }
        red = UInt8((v >> 16) & 0xFF)
        green = UInt8((v >> 8) & 0xFF)
        blue = UInt8(v & 0xFF)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    public var description: String {
        func h(_ b: UInt8) -> String { let s = String(b, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + h(red) + h(green) + h(blue)
    }
}

/// A font: family name and point size.
package struct ThemeFont: Sendable, Hashable {
    public var family: String
    public var size: Double

    /// Creates a font.
    public init(family: String, size: Double) {
        self.family = family
        self.size = size
    }
}
