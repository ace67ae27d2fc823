/// A duration as flows (`timeout: 10s`, `retry.delay: 250ms`) and answers files
/// (`wait: { review: 61m }`) write it: 1 to 9 ASCII digits, then a unit. The one reader of
/// both; each caller says which units and what range it takes.
package enum DurationText {
    /// The units a duration can be written in.
    public enum Unit: String, CaseIterable, Sendable {
        case milliseconds = "ms", seconds = "s", minutes = "m", hours = "h"
    }

    /// The duration `text` writes in one of `units`; nil when it is not 1 to 9 digits and such
    /// a unit. Zero is a duration here: callers bound the range. Read from the bytes, so a unit
    /// with a combining mark, a sign or a non-ASCII digit is not one.
    public static func parse(_ text: String, units: [Unit] = Unit.allCases) -> Duration? {
        let u = Array(text.utf8)
        let unit: Unit
        if u.count >= 2, u[u.count - 2] == UInt8(ascii: "m"), u[u.count - 1] == UInt8(ascii: "s") {
            unit = .milliseconds
        } else if let last = u.last, let single = Unit(rawValue: String(UnicodeScalar(last))), single != .milliseconds {
            unit = single
        } else {
            return nil
        }
        let digits = u.dropLast(unit.rawValue.utf8.count)
        guard units.contains(unit), (1...9).contains(digits.count),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let n = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        switch unit {
        case .milliseconds: return .milliseconds(n)
        case .seconds: return .seconds(n)
        case .minutes: return .seconds(n * 60)
        case .hours: return .seconds(n * 3600)
        }
    }
}
