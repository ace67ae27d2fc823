package import CheckoutJSON
import Foundation

/// What `checkout test --update` writes for a result: the result JSON as YAML text, without the
/// parts a provider makes up anew on every run (docs/testing.md, "Updating expectations").
package enum ResultSnapshot {
    /// Keys left out of a written result, as paths below `result`: ids a provider or the run's
    /// seeded generator makes up (stable in the sandbox, different over another provider), the
    /// issuer's authorization code, and the provider's own response code and message (each
    /// provider words them its own way, so a suite run against another provider would fail on
    /// them: docs/running.md, the hand-off fields).
    package static let volatilePaths: Set<String> = [
        "fraudSessionId", "paymentMethodToken", "payPalInvoiceId", "shopperId", "transaction.id", "transaction.authCode",
        "transaction.responseCode", "transaction.responseMessage", "transaction.operations[].id",
    ]

    /// The shorthand `expect` keys that are also result keys of the same name and meaning.
    package static let shorthandKeys: Set<String> = ["status", "paymentType", "threeDSAuthenticationResult", "declineCode", "errors"]

    /// Top-level keys never written: the flow's id, which the scenario already names.
    package static let leftOutKeys: Set<String> = ["flow"]

    /// `result` without the volatile paths, and without the top-level keys in `leavingOut`.
    package static func stable(_ result: JSONValue, leavingOut: Set<String> = []) -> JSONValue {
        guard case .object(let members) = strip(result, path: "") else { return strip(result, path: "") }
        return .object(members.filter { !leavingOut.contains($0.key) && !leftOutKeys.contains($0.key) })
    }

    private static func strip(_ value: JSONValue, path: String) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.compactMap { m in
                    let p = path.isEmpty ? m.key : "\(path).\(m.key)"
                    return volatilePaths.contains(p) ? nil : JSONMember(m.key, strip(m.value, path: p))
                })
        case .array(let items):
            return .array(items.map { strip($0, path: path + "[]") })
        default:
            return value
        }
    }

    /// Lines up to this many characters hold a collection of scalars in flow style.
    package static let lineWidth = 120

    /// The value as a YAML block under a key: `\n` then one line per member, each indented by
    /// `indent` spaces (nested mappings and lists of mappings indented two more). A scalar, an
    /// empty collection, or a collection of scalars that fits in `lineWidth` with its key is
    /// written after the key on its line (` 8.88`, ` []`, ` { amount: 8.88, currency: USD }`).
    package static func block(_ value: JSONValue, indent: Int, keyWidth: Int = 0) -> String {
        if isFlat(value), indent + keyWidth + 1 + flow(value).count <= lineWidth { return " " + flow(value) }
        switch value {
        case .object(let members) where !members.isEmpty:
            let pad = String(repeating: " ", count: indent)
            return members.map {
                let k = key($0.key)
                return "\n" + pad + k + ":" + block($0.value, indent: indent + 2, keyWidth: k.count + 1 - 2)
            }.joined()
        case .array(let items) where !items.isEmpty && items.contains(where: isCollection):
            let pad = String(repeating: " ", count: indent)
            return items.map { item in
                guard case .object(let members) = item, !members.isEmpty, !(isFlat(item) && indent + 2 + flow(item).count <= lineWidth)
                else { return "\n" + pad + "- " + flow(item) }
                // `- a: 1` then the other keys under `a`.
                let body = block(item, indent: indent + 2)
                return "\n" + pad + "- " + body.dropFirst(1 + indent + 2)
            }.joined()
        default:
            return " " + flow(value)
        }
    }

    /// The value on one line, as YAML flow: `{ code: required, path: card.cvv }`, `[1, 2]`.
    package static func flow(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return scalar(s)
        case .array(let items): return items.isEmpty ? "[]" : "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let members):
            return members.isEmpty ? "{}" : "{ " + members.map { key($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + " }"
        }
    }

    /// A scalar, or a collection holding only scalars.
    private static func isFlat(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let items): return !items.contains(where: isCollection)
        case .object(let members): return !members.contains { isCollection($0.value) }
        default: return true
        }
    }

    private static func isCollection(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    /// A key, plain when it is a word.
    static func key(_ text: String) -> String {
        isWord(text) && !reserved.contains(text.lowercased()) ? text : quoted(text)
    }

    /// Text, plain when YAML reads it back as the same text in both block and flow context,
    /// else double-quoted.
    static func scalar(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, CharacterSet.letters.contains(first),
            !reserved.contains(text.lowercased()), text.last != " ",
            text.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || plainPunctuation.contains($0) })
        else { return quoted(text) }
        return text
    }

    /// Punctuation a plain scalar may hold anywhere after its first character.
    private static let plainPunctuation: Set<Unicode.Scalar> = [" ", "_", "-", ".", "/", "@", "(", ")", "+", "'"]

    /// Words YAML 1.1 tools read as booleans or null, and `absent`, which `expect.result` reads
    /// as "not there": always quoted.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "absent"]

    private static func isWord(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
    }

    /// `"text"`, escaped as JSON escapes it (every JSON escape is a YAML double-quoted escape).
    static func quoted(_ text: String) -> String {
        var out = ""
        JSONValue.quote(text, into: &out)
        return out
    }
}
