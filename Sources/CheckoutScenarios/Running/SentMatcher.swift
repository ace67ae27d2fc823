import CheckoutDomain
package import CheckoutJSON
package import CheckoutLanguage
import Foundation

/// Compares a scenario's `expect.sent` with the provider calls of its run (`ProviderCall.json`
/// of each `provider.call` event). The one place that comparison is made, so a general
/// structural matcher can take its place.
///
/// The items are matched in order as a subsequence of the calls: each item takes the first
/// call after the previous item's that it matches. An item matches a call when every key it
/// gives is in the call with an equal value; mappings (`fields`, `answer`, `billing`, …) are
/// compared as subsets, lists element by element, strings exactly, numbers as decimals
/// (`8.8` = `8.80`), `true`/`false` as booleans; `null` means "not there".
package enum SentMatcher {
    /// One sentence per item with no matching call (empty when all match), naming the item's
    /// `file:line` and, when a call of the same operation comes after the previous match, how
    /// the first such call differs.
    package static func differences(expected: [YAMLNode], calls: [JSONValue], file: String) -> [String] {
        var out: [String] = []
        var next = 0
        for (index, item) in expected.enumerated() {
            if let found = (next..<calls.count).first(where: { matches(item, calls[$0]) }) {
                next = found + 1
                continue
            }
            let operation = item.mapping?.first { $0.key.scalar?.value == "operation" }?.value.scalar?.value ?? "?"
            let place = "sent[\(index)] (\(file):\(item.range.start.line))"
            let after = next == 0 ? "" : " after call \(next)"
            let sameOperation = (next..<calls.count).first { member("operation", of: calls[$0]) == .string(operation) }
            if let candidate = sameOperation {
                let detail = differences(item, calls[candidate], path: "").joined(separator: "; ")
                out.append("\(place): no \(operation) call\(after) matches; call \(candidate + 1): \(detail)")
            } else {
                out.append("\(place): expected a \(operation) call\(after), got none (\(calls.count) calls in all)")
            }
        }
        return out
    }

    /// Whether `actual` holds the subset `expected`: `differences(_:_:path:)` is empty, found
    /// without building any text (most items are tried against several calls).
    static func matches(_ expected: YAMLNode, _ actual: JSONValue?) -> Bool {
        switch expected.kind {
        case .mapping(let pairs):
            guard let actual, case .object = actual else { return false }
            return pairs.allSatisfy { p in matches(p.value, member(p.key.scalar?.value ?? "", of: actual)) }
        case .sequence(let items):
            guard case .array(let values) = actual, values.count == items.count else { return false }
            return zip(items, values).allSatisfy { matches($0, $1) }
        case .scalar(let s):
            return scalarMatches(s, actual)
        }
    }

    /// How `actual` differs from the subset `expected`, one entry per differing leaf
    /// (`fields.orderId: expected "A-1", got "B-2"`).
    static func differences(_ expected: YAMLNode, _ actual: JSONValue?, path: String) -> [String] {
        switch expected.kind {
        case .mapping(let pairs):
            guard case .object = actual else { return [mismatch(path, expected, actual)] }
            var out: [String] = []
            for p in pairs {
                let key = p.key.scalar?.value ?? ""
                out += differences(p.value, actual.flatMap { member(key, of: $0) }, path: path.isEmpty ? key : "\(path).\(key)")
            }
            return out
        case .sequence(let items):
            guard case .array(let values) = actual, values.count == items.count else { return [mismatch(path, expected, actual)] }
            return zip(items, values).enumerated().flatMap { i, pair in differences(pair.0, pair.1, path: "\(path)[\(i)]") }
        case .scalar(let s):
            return scalarMatches(s, actual) ? [] : [mismatch(path, expected, actual)]
        }
    }

    static func scalarMatches(_ s: YAMLScalar, _ actual: JSONValue?) -> Bool {
        if s.isNull && s.style == .plain { return actual == nil || actual == .null }
        switch actual {
        case .string(let v): return v == s.value
        case .number(let n):
            if n == s.value { return true }
            guard let a = DecimalText.parse(n)?.value, let e = DecimalText.parse(s.value)?.value else { return false }
            return a == e
        case .bool(let b): return s.style == .plain && s.value == (b ? "true" : "false")
        default: return false
        }
    }

    static func member(_ key: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func mismatch(_ path: String, _ expected: YAMLNode, _ actual: JSONValue?) -> String {
        let shown: String
        if let s = expected.scalar {
            if s.isNull && s.style == .plain {
                shown = "none"
            } else if s.style == .plain && (DecimalText.parse(s.value) != nil || s.value == "true" || s.value == "false") {
                shown = s.value
            } else {
                shown = JSONValue.string(s.value).serialized()
            }
        } else {
            shown = expected.mapping != nil ? "a mapping" : "a list"
        }
        let got = actual.map { $0.serialized() } ?? "none"
        return "\(path.isEmpty ? "call" : path): expected \(shown), got \(got)"
    }
}
