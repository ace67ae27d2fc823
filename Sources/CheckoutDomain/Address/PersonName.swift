import Foundation

/// A name split into first and last parts, as BlueSnap sends it.
package struct PersonName: Sendable, Hashable {
    /// The first part ("Mary").
    public var first: String
    /// Everything after the first space ("Ann Smith"); empty for a single-part CJK name.
    public var last: String

    /// Makes a name from its parts.
    public init(first: String, last: String) {
        self.first = first
        self.last = last
    }

    /// Splits a full name at the first whitespace after trimming: "Mary Ann Smith" → "Mary",
    /// "Ann Smith".
    ///
    /// A single part is accepted only when it contains Han, Hangul or Kana characters (e.g.
    /// "山田太郎", where no space is customary): then `first` is the name and `last` is empty.
    /// Any other single part, or blank text, gives `nil`.
    public static func split(_ full: String) -> PersonName? {
        let trimmed = full.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        if let space = trimmed.firstIndex(where: \.isWhitespace) {
            let first = String(trimmed[..<space])
            let last = trimmed[space...].trimmingWhitespace()
            return PersonName(first: first, last: last)
        }
        guard trimmed.unicodeScalars.contains(where: isEastAsian) else { return nil }
        return PersonName(first: trimmed, last: "")
    }

    /// Han ideographs, Hangul and Kana: scripts whose names are commonly written without a space.
    static func isEastAsian(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x323AF: true  // Han
        case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true  // Kana
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:
            true  // Hangul
        default: false
        }
    }

    /// "First Last", or just the first part when there is no last part.
    public var full: String {
        last.isEmpty ? first : "\(first) \(last)"
    }
}
