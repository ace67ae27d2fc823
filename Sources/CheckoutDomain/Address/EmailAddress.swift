/// A pragmatic email check, the kind checkout forms use (not full RFC 5322): HTML5's
/// `input type=email` rule.
///
/// BlueSnap's iOS SDK (`BSValidator.isValidEmail`, bluesnap/bluesnap-ios
/// Sources/BluesnapSDK/BSValidator.swift) takes `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}`;
/// the HTML5 rule is a little wider in the local part and, like it, takes ASCII only: no `<`,
/// `>`, `"`, spaces, control characters or non-ASCII letters anywhere, so an address can never
/// carry markup to a receipt or a dashboard.
package enum EmailAddress {
    /// The longest address accepted.
    public static let maximumLength = 254

    /// The characters of a local part besides ASCII letters and digits (HTML5).
    static let localPunctuation = Set(".!#$%&'*+/=?^_`{|}~-".utf8)

    /// True for text with exactly one `@`; a non-empty local part of ASCII letters, digits and
    /// `.!#$%&'*+/=?^_`{|}~-`; a domain of at least two dot-separated labels, each of ASCII
    /// letters, digits and `-`, neither starting nor ending with `-` (`a@b.co`, not `a@b.`,
    /// `a@.b`, `a@b..co` or `a@-b.co`), the last of them a top-level label; and at most 254
    /// characters.
    ///
    /// A top-level label is at least two ASCII letters, as BlueSnap's `\.[A-Za-z]{2,64}` requires
    /// (`a@b.c`, `a@b.c0m`, `a@10.0.0.1` are refused), or an internationalized one in its ASCII
    /// form (`xn--p1ai`).
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength else { return false }
        let parts = text.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        guard parts[0].allSatisfy({ isAlphanumeric($0) || localPunctuation.contains($0) }) else { return false }
        let labels = parts[1].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard let top = labels.last else { return false }
        return labels.count >= 2 && labels.allSatisfy { isDomainLabel($0) } && isTopLevelLabel(top)
    }

    private static func isTopLevelLabel(_ label: some Collection<UInt8>) -> Bool {
        let letters = label.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        if letters { return label.count >= 2 }
        return label.count > 4 && label.prefix(4).elementsEqual("xn--".utf8)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    private static func isDomainLabel(_ label: some BidirectionalCollection<UInt8>) -> Bool {
        guard let first = label.first, let last = label.last, label.count <= 63 else { return false }
        return isAlphanumeric(first) && isAlphanumeric(last) && label.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }
}
