import CheckoutDomain
import CheckoutJSON
import Foundation

/// What an editor's YAML 1.2 reader (core schema) makes of the values the compiler reads, so the
/// schema accepts them in the JSON types they arrive as.
enum YAMLCoreTyping {
    /// Plain spellings a YAML 1.2 reader does not read as strings, by the JSON type they become
    /// (`01234` is the integer 1234, `true` and `TRUE` are booleans; `NO`, `yes`, `on` stay strings).
    static let nonStringSpellings: [(type: String, spellings: [String])] = [
        ("number", ["1.5", "10.50", "-0.5"]),
        ("integer", ["0", "7", "42", "2024", "01234", "20848977", "-1"]),
        ("boolean", ["true", "false", "True", "TRUE", "False", "FALSE"]),
    ]

    /// A decimal written as text (`DecimalText`: an optional `-`, digits, and optionally a point
    /// and digits). The sign is checked too when the minimum is 0, as it is for every decimal key
    /// so far; other bounds are left to the number form, a regular expression being a poor place
    /// for them.
    static func decimalPattern(minimum: Int?, exclusive: Bool) -> String {
        switch (minimum, exclusive) {
        // `-0` is 0 to the compiler, so it passes a minimum of 0.
        case (0, false): "^(-?0+(\\.0+)?|[0-9]+(\\.[0-9]+)?)$"
        case (0, true): "^(0*[1-9][0-9]*(\\.[0-9]+)?|0+\\.[0-9]*[1-9][0-9]*)$"
        default: "^-?[0-9]+(\\.[0-9]+)?$"
        }
    }

    /// The JSON types a text key's value may arrive as. The compiler takes a text key's value from
    /// any scalar, plain or quoted, so `zip: 01234` is the text "01234" to it but the integer 1234
    /// to an editor. Each kind of non-string plain scalar is allowed when one of its spellings
    /// matches `pattern` (with no pattern, all are).
    static func textTypes(pattern: String?) -> JSONValue {
        var types = ["string"]
        for (type, spellings) in nonStringSpellings where spellings.contains(where: { matches(pattern, $0) }) {
            // A number covers the integers.
            if type == "integer", types.contains("number") { continue }
            types.append(type)
        }
        return types.count == 1 ? .string("string") : .array(types.map(JSONValue.string))
    }

    /// `default` for a key whose default, as YAML text, is a value of its shape; nil when the
    /// default is a description (`the kind`, `all brands`) or a mapping (`{ name: sandbox }`).
    static func defaultValue(_ text: String, for shape: ValueShape) -> JSONValue? {
        switch shape {
        case .bool:
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case .integer(let minimum, let maximum):
            guard let v = Int(text), v >= (minimum ?? .min), v <= (maximum ?? .max) else { return nil }
            return .int(v)
        case .decimal:
            // JSON numbers have no leading zeros; such a default is left to the description.
            guard DecimalText.syntax(text) != nil, matches("^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$", text) else { return nil }
            return .number(text)
        case .enumeration(let values, _):
            return values.contains(text) ? .string(text) : nil
        case .string(let pattern, let maxLength):
            guard matches(pattern, text), text.count <= (maxLength ?? .max) else { return nil }
            return .string(text)
        case .mapping, .openMapping, .dictionary, .list, .oneOf:
            return nil
        }
    }

    /// Whether `pattern` (a key table's regular expression; nil for none) finds a match in `text`,
    /// as JSON Schema's `pattern` does.
    static func matches(_ pattern: String?, _ text: String) -> Bool {
        guard let pattern else { return true }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return true }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
