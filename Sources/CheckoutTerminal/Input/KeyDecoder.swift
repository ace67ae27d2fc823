import CheckoutDomain

/// Turns the bytes a terminal sends into `Key`s: UTF-8 text, control keys, the CSI and SS3
/// sequences of xterm-compatible terminals, and bracketed paste (`ESC[200~` … `ESC[201~`).
///
/// Unknown sequences are swallowed whole, and control characters inside pasted text are
/// dropped: a paste of `\e[31m` or a stray `\e]0;title\a` never reaches a field or the screen.
/// Input may arrive split anywhere (a sequence across two reads); the decoder keeps the
/// unfinished part until the next `feed`.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasting = false
    private var pasted: [UInt8] = []

    /// Creates a decoder.
    public init() {}

    /// Decodes `bytes`, returning the complete keys. A lone ESC at the end of the bytes is kept
    /// until `flush()` (the reader calls it when no more bytes follow at once).
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var i = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                let typed = Self.withoutC1(String(decoding: text, as: UTF8.self))
                if !typed.isEmpty { keys.append(.text(typed)) }
                text.removeAll()
            }
        }
        while i < pending.count {
            if pasting {
                if let end = Self.find(Self.pasteEnd, in: pending, from: i) {
                    pasted += pending[i..<end]
                    i = end + Self.pasteEnd.count
                    pasting = false
                    let clean = Self.printable(pasted)
                    pasted.removeAll()
                    if !clean.isEmpty { keys.append(.text(clean)) }
                    continue
                }
                // Keep a possible partial end marker for the next read.
                let keep = min(Self.pasteEnd.count - 1, pending.count - i)
                pasted += pending[i..<(pending.count - keep)]
                pending = Array(pending[(pending.count - keep)...])
                return keys
            }
            let b = pending[i]
            switch b {
            case 0x1B:
                flushText()
                guard let (key, length) = Self.sequence(pending, at: i) else {
                    // Incomplete: wait for more bytes.
                    pending = Array(pending[i...])
                    return keys
                }
                i += length
                if key == .pasteStart {
                    pasting = true
                } else if case .key(let k) = key {
                    keys.append(k)
                }
            case 0x0D, 0x0A:
                flushText()
                keys.append(.enter)
                // CR LF from a pipe or a paste is one Enter.
                if b == 0x0D, i + 1 < pending.count, pending[i + 1] == 0x0A { i += 1 }
                i += 1
            case _ where Self.controlKeys[b] != nil:
                flushText()
                keys.append(Self.controlKeys[b]!)
                i += 1
            case 0x00..<0x20:
                i += 1  // other control characters: ignored
            default:
                // UTF-8: take the whole scalar, or wait for the rest of it.
                let length = Self.utf8Length(b)
                if i + length > pending.count {
                    flushText()
                    pending = Array(pending[i...])
                    return keys
                }
                text += pending[i..<(i + length)]
                i += length
            }
        }
        flushText()
        pending.removeAll()
        return keys
    }

    /// Ends a pending lone ESC: the Escape key.
    public mutating func flush() -> [Key] {
        guard !pasting, !pending.isEmpty else { return [] }
        let wasEscape = pending == [0x1B]
        pending.removeAll()
        return wasEscape ? [.escape] : []
    }

    private enum Decoded: Equatable {
        case key(Key)
        case pasteStart
        case ignored
    }

    /// Control bytes that are keys: Tab, Backspace (DEL or BS), Ctrl-C, Ctrl-D, Ctrl-U, Ctrl-A, Ctrl-E.
    private static let controlKeys: [UInt8: Key] = [
        0x09: .tab, 0x7F: .backspace, 0x08: .backspace, 0x03: .interrupt, 0x04: .endOfInput, 0x15: .clearLine,
        0x01: .home, 0x05: .end,
    ]

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The sequence starting at `i` (an ESC) and its length; nil when it is not complete yet.
    private static func sequence(_ b: [UInt8], at i: Int) -> (Decoded, Int)? {
        guard i + 1 < b.count else { return nil }
        let second = b[i + 1]
        switch second {
        case UInt8(ascii: "["):
            // CSI: parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
            var j = i + 2
            while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
            guard j < b.count else { return nil }
            let params = String(decoding: b[(i + 2)..<j], as: UTF8.self)
            let final = b[j]
            guard (0x40...0x7E).contains(final) else { return (.ignored, j - i) }
            return (csi(params: params, final: final), j - i + 1)
        case UInt8(ascii: "O"):
            guard i + 2 < b.count else { return nil }
            let key: Decoded =
                switch b[i + 2] {
                case UInt8(ascii: "A"): .key(.up)
                case UInt8(ascii: "B"): .key(.down)
                case UInt8(ascii: "C"): .key(.right)
                case UInt8(ascii: "D"): .key(.left)
                case UInt8(ascii: "H"): .key(.home)
                case UInt8(ascii: "F"): .key(.end)
                default: .ignored
                }
            return (key, 3)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
            // OSC, DCS, APC, PM: a string ended by BEL or ESC \ — swallowed.
            var j = i + 2
            while j < b.count {
                if b[j] == 0x07 { return (.ignored, j - i + 1) }
                if b[j] == 0x1B, j + 1 < b.count, b[j + 1] == UInt8(ascii: "\\") { return (.ignored, j - i + 2) }
                j += 1
            }
            return nil
        case 0x1B:
            return (.key(.escape), 1)
        default:
            // Alt+key: the key alone.
            if second == 0x7F { return (.key(.backspace), 2) }
            return (.ignored, 2)
        }
    }

    private static func csi(params: String, final: UInt8) -> Decoded {
        switch final {
        case UInt8(ascii: "A"): return .key(.up)
        case UInt8(ascii: "B"): return .key(.down)
        case UInt8(ascii: "C"): return .key(.right)
        case UInt8(ascii: "D"): return .key(.left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "Z"): return .key(.backTab)
        case UInt8(ascii: "~"):
            switch params {
            case "200": return .pasteStart
            case "1", "7": return .key(.home)
            case "4", "8": return .key(.end)
            case "3": return .key(.delete)
            default: return .ignored
            }
        default: return .ignored
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], Array(haystack[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    /// Pasted text without control characters or escape sequences; newlines become spaces.
    private static func printable(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                if let (_, length) = sequence(bytes, at: i) { i += length } else { i = bytes.count }
                continue
            }
            if b == 0x0A || b == 0x0D || b == 0x09 {
                if out.last != UInt8(ascii: " ") { out.append(UInt8(ascii: " ")) }
            } else if b >= 0x20 && b != 0x7F {
                out.append(b)
            }
            i += 1
        }
        return withoutC1(String(decoding: out, as: UTF8.self)).trimmingWhitespace()
    }

    /// Without C1 controls (U+0080–U+009F), which some terminals take as escape sequences.
    private static func withoutC1(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }))
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
