import CheckoutDomain
package import CheckoutJSON
package import CheckoutLanguage
import Foundation

/// Compares a scenario's `expect.sent` with the provider calls of its run (`ProviderCall.json`
/// of each `provider.call` event).
///
/// The items are matched in order as a subsequence of the calls: each item takes the first
/// call after the previous item's that it matches. An item matches a call when
/// `StructuralMatcher` finds no difference: the same rules as `expect.result` (mappings as
/// subsets, lists item by item, numbers exactly as decimals, `absent`, `!pattern`;
/// docs/testing.md).
package enum SentMatcher {
    /// One sentence per item with no matching call (empty when all match), naming the item's
    /// `file:line` and, when a call of the same operation comes after the previous match, how
    /// the first such call differs.
    package static func differences(expected: [YAMLNode], calls: [JSONValue], file: String) -> [String] {
        var out: [String] = []
        var next = 0
        func compare(_ item: YAMLNode, _ call: JSONValue) -> [MatchDifference] {
            StructuralMatcher.differences(expected: item, actual: call, path: "", file: file)
        }
        for (index, item) in expected.enumerated() {
            if let found = (next..<calls.count).first(where: { compare(item, calls[$0]).isEmpty }) {
                next = found + 1
                continue
            }
            let operation = item.mapping?.first { $0.key.scalar?.value == "operation" }?.value.scalar?.value ?? "?"
            let place = "sent[\(index)] (\(file):\(item.range.start.line))"
            let after = next == 0 ? "" : " after call \(next)"
            let sameOperation = (next..<calls.count).first { calls[$0]["operation"] == .string(operation) }
            if let candidate = sameOperation {
                let detail = compare(item, calls[candidate]).map(\.message).joined(separator: "; ")
                out.append("\(place): no \(operation) call\(after) matches; call \(candidate + 1): \(detail)")
            } else {
                out.append("\(place): expected a \(operation) call\(after), got none (\(calls.count) calls in all)")
            }
        }
        return out
    }
}
