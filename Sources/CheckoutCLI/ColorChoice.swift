import ArgumentParser
import CheckoutTerminal
import Foundation

/// `--color auto|always|never`: whether diagnostics on a terminal are coloured.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    /// Colour when the stream is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
    case auto
    /// Colour whatever the stream and the environment say: an explicit flag outranks
    /// `NO_COLOR`, as https://no-color.org allows.
    case always
    /// Never colour.
    case never

    /// Whether to colour what is written to `fileDescriptor`.
    func wantsColor(fileDescriptor: Int32) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isatty(fileDescriptor) == 1 && Self.environmentAllowsColor(Self.variable)
        }
    }

    /// The environment's say under `auto`: no when `NO_COLOR` is set and not empty, or `TERM`
    /// is `dumb`.
    static func environmentAllowsColor(_ variable: (String) -> String?) -> Bool {
        if let noColor = variable("NO_COLOR"), !noColor.isEmpty { return false }
        return variable("TERM") != "dumb"
    }

    /// One environment variable (`getenv`: building `ProcessInfo`'s dictionary costs more).
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// `checkout run --background auto|light|dark`: the terminal's background, which picks a
/// theme's light or dark colours (docs/terminal.md "Light and dark backgrounds").
enum BackgroundChoice: String, ExpressibleByArgument, CaseIterable {
    /// `COLORFGBG` when it names one, else the terminal's answer to the OSC 11 query.
    case auto
    /// A light background (as white).
    case light
    /// A dark background (as black).
    case dark

    /// The background, and input read while asking the terminal (for the form to read first).
    /// Only asked when the form is drawn in colour: with no colour the background changes nothing.
    func resolve(variable: (String) -> String?) -> (TerminalBackground, [UInt8]) {
        switch self {
        case .light: return (.light, [])
        case .dark: return (.dark, [])
        case .auto:
            if let named = variable("COLORFGBG").flatMap(TerminalBackground.fromCOLORFGBG) { return (named, []) }
            let (asked, pending) = TerminalBackground.ask()
            return (asked ?? .unknown, pending)
        }
    }
}
