import ArgumentParser
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
