import CheckoutDomain
package import CheckoutJSON
package import CheckoutLanguage
import Foundation

/// One place where an actual JSON value differs from what a scenario expects.
package struct MatchDifference: Sendable, Equatable {
    /// Dotted path of the value: `result.priceDetails.taxAmount`, `result.errors[0].code`.
    package var path: String
    /// What was expected, as text: `8.88`, `"USD"`, `absent`, `!pattern "^pi_"`, `a list of 2`.
    package var expected: String
    /// What the value is, as text, in the same notation: `0.00`, `absent`, `a list of 3`.
    package var actual: String
    /// The file of the expectation.
    package var file: String
    /// The line of the expected node: of its key for a mapping's entry, of the item for a list's.
    package var line: Int

    /// Creates a difference.
    package init(path: String, expected: String, actual: String, file: String, line: Int) {
        self.path = path
        self.expected = expected
        self.actual = actual
        self.file = file
        self.line = line
    }

    /// `result.priceDetails.taxAmount: expected 8.88, got 0.00`.
    package var message: String { "\(path): expected \(expected), got \(actual)" }
}

/// Compares what a scenario expects (a YAML node of the scenarios file) with a JSON value (the
/// result, a provider-call record) structurally (docs/testing.md, "expect.result"):
///
/// - a mapping is a subset: every key given must match; keys not given are not compared;
/// - a list has the same length and its items match in order;
/// - a plain `absent` means the key must not be there (`"absent"`, quoted, is the text);
/// - numbers are compared as `Decimal`, exactly (`8.88` ≠ `8.89`; `8.88` = `8.880`);
/// - text is compared exactly, or by `!pattern "REGEX"` (a search: anchor with `^…$`);
/// - `true`/`false` match JSON booleans; `null` (or `~`) matches JSON null only.
///
/// A value is never shown beyond what the JSON or the scenarios file holds, and text that could
/// be a card number is shown as `UserText.cardNumberStandIn`.
package enum StructuralMatcher {
    /// The tag of a pattern: `!pattern "^[0-9]+$"`.
    package static let patternTag = "!pattern"
    /// The plain scalar meaning "must not be there".
    package static let absentWord = "absent"

    /// Every difference between `expected` and `actual` (nil: the key is not there), the
    /// values' paths starting at `path` (`result`). `file` names the expectation's file; lines
    /// come from the nodes. Empty when they match.
    package static func differences(expected: YAMLNode, actual: JSONValue?, path: String, file: String) -> [MatchDifference] {
        var out: [MatchDifference] = []
        compare(expected, actual, path: path, line: expected.range.start.line, file: file, into: &out)
        return out
    }

    private static func compare(
        _ expected: YAMLNode, _ actual: JSONValue?, path: String, line: Int, file: String, into out: inout [MatchDifference]
    ) {
        func differ(_ expectedText: String, _ actualText: String) {
            out.append(MatchDifference(path: path, expected: expectedText, actual: actualText, file: file, line: line))
        }
        switch expected.kind {
        case .mapping(let pairs):
            let members: [JSONMember]
            switch actual {
            case .object(let m)?: members = m
            case nil: members = []
            case let other?:
                differ("a mapping", describe(other))
                return
            }
            for pair in pairs {
                guard let key = pair.key.scalar?.value else { continue }
                let value = members.first(where: { $0.key == key })?.value
                compare(pair.value, value, path: child(path, key), line: pair.key.range.start.line, file: file, into: &out)
            }
        case .sequence(let items):
            guard case .array(let values)? = actual else {
                differ(listText(items.count), actual.map(describe) ?? absentWord)
                return
            }
            if values.count != items.count { differ(listText(items.count), listText(values.count)) }
            for (i, item) in items.enumerated() where i < values.count {
                compare(item, values[i], path: "\(path)[\(i)]", line: item.range.start.line, file: file, into: &out)
            }
        case .scalar(let scalar):
            if !matches(scalar, tag: expected.tag, actual) {
                differ(describe(scalar, tag: expected.tag), actual.map(describe) ?? absentWord)
            }
        }
    }

    /// Whether one expected scalar matches the value.
    private static func matches(_ scalar: YAMLScalar, tag: String?, _ actual: JSONValue?) -> Bool {
        if tag == patternTag {
            guard let text = actual.flatMap(scalarText), let regex = try? Regex<AnyRegexOutput>(scalar.value) else { return false }
            return (try? regex.firstMatch(in: text)) != nil
        }
        if scalar.style == .plain, scalar.value == absentWord, tag == nil { return actual == nil }
        guard let actual else { return false }
        switch actual {
        case .null: return scalar.isNull
        case .bool(let b): return scalar.style == .plain && scalar.value == (b ? "true" : "false")
        case .number(let n):
            guard scalar.style == .plain, let e = DecimalText.parse(scalar.value), let a = DecimalText.parse(n) else { return false }
            return e.value == a.value
        case .string(let s): return !scalar.isNull && scalar.value == s
        case .array, .object: return false
        }
    }

    /// The problems of an expectation that no value could fix, with where they are: a tag other
    /// than `!pattern`, a pattern that is not a regular expression, an amount with
    /// more decimals than the currency beside it (`currency: USD` with `amount: 8.880`).
    package static func problems(in expected: YAMLNode) -> [(message: String, range: SourceRange)] {
        var out: [(message: String, range: SourceRange)] = []
        check(expected, into: &out)
        return out
    }

    /// The keys whose numbers are amounts in the currency of the same mapping's `currency`.
    package static let amountKeys: Set<String> = ["amount", "taxAmount", "capturedAmount", "refundedAmount"]

    private static func check(_ node: YAMLNode, into out: inout [(message: String, range: SourceRange)]) {
        if let tag = node.tag, tag != patternTag {
            out.append(("unknown tag \(UserText.shown(tag)): the only tag an expectation takes is \(patternTag) \"REGEX\"", node.range))
        }
        switch node.kind {
        case .scalar(let s):
            if node.tag == patternTag {
                if (try? Regex<AnyRegexOutput>(s.value)) == nil {
                    out.append(("\(patternTag) \(UserText.quoted(s.value)) is not a regular expression", node.range))
                }
            }
        case .sequence(let items):
            for item in items { check(item, into: &out) }
        case .mapping(let pairs):
            let currency = pairs.first(where: { $0.key.scalar?.value == "currency" })?.value.scalar.flatMap { Currency.iso($0.value) }
            for pair in pairs {
                check(pair.value, into: &out)
                guard let currency, let key = pair.key.scalar?.value, amountKeys.contains(key), pair.value.tag == nil,
                    let s = pair.value.scalar, s.style == .plain, let parsed = DecimalText.parse(s.value),
                    parsed.scale > currency.minorUnits
                else { continue }
                out.append(
                    (
                        "\(key) \(s.value) has more decimals than \(currency.code) has (\(currency.minorUnits)); results print "
                            + "\(DecimalText.format(parsed.value, scale: currency.minorUnits))", pair.value.range
                    ))
            }
        }
    }

    // MARK: - Text

    /// `path.key`, or `path["key"]` for a key that is not a plain word.
    static func child(_ path: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        var quoted = ""
        JSONValue.quote(key, into: &quoted)
        let part = plain ? key : "[\(UserText.shown(quoted))]"
        if path.isEmpty { return plain ? key : part }
        return plain ? "\(path).\(key)" : path + part
    }

    static func listText(_ count: Int) -> String { count == 1 ? "a list of 1 item" : "a list of \(count) items" }

    /// The JSON value as a message shows it: numbers, booleans and null as written, text
    /// quoted, collections by shape.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return text(s)
        case .array(let items): return listText(items.count)
        case .object: return "a mapping"
        }
    }

    /// The expected scalar as a message shows it, in the notation of `describe(_:)`.
    static func describe(_ scalar: YAMLScalar, tag: String?) -> String {
        if tag == patternTag { return "\(patternTag) \(text(scalar.value))" }
        if scalar.style == .plain {
            if scalar.value == absentWord && tag == nil { return absentWord }
            if scalar.isNull { return "null" }
            if scalar.value == "true" || scalar.value == "false" || DecimalText.parse(scalar.value) != nil { return scalar.value }
        }
        return text(scalar.value)
    }

    /// Text quoted as JSON writes it (`"USD"`), or the card-number stand-in.
    static func text(_ s: String) -> String {
        if UserText.containsCardNumber(s) { return UserText.cardNumberStandIn }
        var out = ""
        JSONValue.quote(s, into: &out)
        return out
    }

    /// The text a pattern is matched against: a string's, or a number's as written.
    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .number(let n): return n
        default: return nil
        }
    }
}
