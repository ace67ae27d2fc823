/// A pragmatic email check, the kind checkout forms use (not full RFC 5322).
public enum EmailAddress {
    /// The longest address accepted.
    public static let maximumLength = 254

    /// True for text with exactly one `@`, a non-empty local part, a domain containing a dot
    /// with no empty labels (`a@b.c`, not `a@b.`, `a@.b` or `a@b..c`), no whitespace or control
    /// characters, and at most 254 characters.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength,
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
