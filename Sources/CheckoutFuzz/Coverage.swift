import CheckoutLanguage
import Foundation

/// A cheap stand-in for code coverage: the rule ids seen, and the distinct (rule, message
/// shape) signatures, where a message's shape is the message with quoted text and numbers
/// blanked out (`unknown key '…' in '…'`). An input that shows a new signature joins the
/// pool that mutations start from.
struct Coverage {
    /// Every rule but `file-unreadable`, which only a file on disk can produce.
    static let reachableRuleCount = Rule.all.count - 1

    private(set) var rules: Set<String> = []
    private(set) var signatures: Set<String> = []
    private var perRule: [String: Int] = [:]

    /// More than any rule has message templates (`type-mismatch` has about 20).
    static let maxSignaturesPerRule = 48

    /// Records the findings of one case on `source`; true when one of them has a new signature.
    mutating func record(_ diagnostics: [Diagnostic], source: [UInt8]) -> Bool {
        var isNew = false
        for d in diagnostics {
            rules.insert(d.rule.rawValue)
            // The shape is a heuristic: the user's text leaks into it now and then. A cap per
            // rule keeps such leaks from filling the pool.
            guard perRule[d.rule.rawValue, default: 0] < Self.maxSignaturesPerRule else { continue }
            let signature = "\(d.severity.rawValue) \(d.rule.rawValue) \(Self.shape(d.message, source: source))"
            if signatures.insert(signature).inserted {
                perRule[d.rule.rawValue, default: 0] += 1
                isNew = true
            }
        }
        return isNew
    }

    /// The message's template: `'…'` for quoted text, `#` for numbers (and hex after `U+`, `0x`), up to the second
    /// quoted text and at most 40 characters.
    ///
    /// Quoted text is the user's and may hold quotes itself (`unknown key 'a' b'`). A quote
    /// closes only before a space, `,`, `;`, `:`, `)` or the end; when several quotes could
    /// close, the longest text that occurs in `source` wins. The shape also stops where no
    /// template would go on (a character no template has, or a quote not followed by a space
    /// and a word), in case the user's text got past that.
    static func shape(_ message: String, source: [UInt8]) -> String {
        let chars = Array(message)
        var out = ""
        var i = 0
        var quoted = 0
        while i < chars.count, out.count < 40, quoted < 2 {
            let ch = chars[i]
            if ch == "'" {
                i = closingQuote(after: i, in: chars, source: source) + 1
                out += "'…'"
                quoted += 1
                // Templates go on after a quote with the end, a comma, or a space and a word.
                if i < chars.count, !(chars[i] == "," || (chars[i] == " " && i + 1 < chars.count && chars[i + 1].isLowercase)) {
                    break
                }
            } else if out.hasSuffix("U+") || out.hasSuffix("0x") {
                out.append("#")  // a code point or byte in hex
                while i < chars.count, chars[i].isHexDigit { i += 1 }
            } else if ch.isNumber {
                out.append("#")
                while i < chars.count, chars[i].isNumber { i += 1 }
            } else if ch.isASCII, ch.isLetter || " ,.:;()\"/+-=".contains(ch) {
                out.append(ch)
                i += 1
            } else {
                break
            }
        }
        return out
    }

    private static func closingQuote(after open: Int, in chars: [Character], source: [UInt8]) -> Int {
        var candidates: [Int] = []
        for j in (open + 1)..<chars.count where chars[j] == "'" && (j + 1 == chars.count || " ,;:)".contains(chars[j + 1])) {
            candidates.append(j)
        }
        guard let first = candidates.first else { return chars.count }
        guard candidates.count > 1 else { return first }
        for j in candidates.reversed() {
            let text = Array(String(chars[(open + 1)..<j]).utf8)
            if occurs(text, in: source) { return j }
        }
        return first
    }

    /// Whether `needle` occurs in `haystack` (memchr for the first byte, then memcmp).
    private static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                guard let base = h.baseAddress, let pattern = n.baseAddress, h.count >= n.count else { return false }
                var i = 0
                let last = h.count - n.count
                while i <= last {
                    guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return false }
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, pattern, n.count) == 0 { return true }
                    i = at + 1
                }
                return false
            }
        }
    }
}
