import CheckoutDomain

/// Turns the bytes a terminal sends into `Key`s: UTF-8 text, control keys, the CSI and SS3
/// sequences of xterm-compatible terminals, and bracketed paste (`ESC[200~` … `ESC[201~`).
///
/// Unknown sequences are swallowed whole, and control characters inside pasted text are
/// dropped: a paste of `\e[31m` or a stray `\e]0;title\a` never reaches a field or the screen.
/// Input may arrive split anywhere (a sequence across two reads); the decoder keeps the
/// unfinished part until the next `feed`.
///
/// Everything it waits for is bounded, so no input can swallow the keys typed after it:
/// - a sequence (CSI, SS3, ESC with intermediates) longer than `maxSequence` bytes is dropped
///   whole, and so are the rest of its parameter bytes, up to its final byte or the first
///   byte that cannot belong to it (which is decoded as usual);
/// - a string (OSC, DCS, APC, PM) longer than `maxString` bytes is dropped whole with the rest
///   of it, up to BEL, ESC or any other control character (which is decoded as usual);
/// - a paste ends at its end marker, or when the read it arrived in ends without one (`flush`):
///   what came is the pasted text, and if the next read carries the end marker, the text before
///   the marker is pasted too. A paste start with no end therefore costs nothing: the keys typed
///   after it are keys. Pasted text beyond `maxPaste` bytes is dropped (no field holds as much).
package struct KeyDecoder: Sendable {
    /// The longest CSI or SS3 sequence taken (ESC and the introducer included).
    static let maxSequence = 32
    /// The longest OSC, DCS, APC or PM string taken (its terminator included).
    static let maxString = 512
    /// The most pasted bytes kept from one paste.
    static let maxPaste = 4096

    /// The rest of an over-long sequence being dropped.
    enum Skipping: Sendable {
        /// Parameter and intermediate bytes, up to the final byte.
        case parameters
        /// A string's bytes, up to its terminator or a control character.
        case string
    }

    private var pending: [UInt8] = []
    private var pasting = false
    private var pasted: [UInt8] = []
    /// A paste was cut at the end of the last read: the next read's text before an end marker is its rest.
    private var pasteCut = false
    private var skipping: Skipping?

    /// Creates a decoder.
    package init() {}

    /// Decodes `bytes`, returning the complete keys. A lone ESC at the end of the bytes is kept
    /// until `flush()` (the reader calls it when no more bytes follow at once).
    package mutating func feed(_ bytes: [UInt8]) -> [Key] {
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
        if pasteCut {
            pasteCut = false
            if let end = Self.find(Self.pasteEnd, in: pending, from: 0) {
                let clean = Self.printable(Array(pending[0..<min(end, Self.maxPaste)]))
                if !clean.isEmpty { keys.append(.text(clean)) }
                i = end + Self.pasteEnd.count
            }
        }
        while i < pending.count {
            if let skip = skipping {
                i = skipOne(skip, at: i)
                continue
            }
            if pasting {
                if let end = Self.find(Self.pasteEnd, in: pending, from: i) {
                    keepPasted(pending[i..<end])
                    i = end + Self.pasteEnd.count
                    pasting = false
                    let clean = Self.printable(pasted)
                    pasted.removeAll()
                    if !clean.isEmpty { keys.append(.text(clean)) }
                    continue
                }
                // Keep a possible partial end marker for the next read.
                let keep = Self.partialEndMarker(pending[i...])
                keepPasted(pending[i..<(pending.count - keep)])
                pending = Array(pending[(pending.count - keep)...])
                return keys
            }
            let b = pending[i]
            switch b {
            case 0x1B:
                flushText()
                switch Self.sequence(pending, at: i) {
                case .incomplete:
                    // Wait for more bytes (bounded: `sequence` says `.tooLong` past the caps).
                    pending = Array(pending[i...])
                    return keys
                case .tooLong(let length, let rest):
                    i += length
                    skipping = rest
                case .complete(let key, let length):
                    i += length
                    if key == .pasteStart {
                        pasting = true
                    } else if case .key(let k) = key {
                        keys.append(k)
                    }
                }
            case 0x0D, 0x0A:
                flushText()
                keys.append(.enter)
                // CR LF from a pipe or a paste is one Enter.
                if b == 0x0D, i + 1 < pending.count, pending[i + 1] == 0x0A { i += 1 }
                i += 1
            case _ where Self.controlKeys[b] != nil:
                flushText()
                if let key = Self.controlKeys[b] { keys.append(key) }
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

    /// The end of a read: a pending lone ESC is the Escape key, and a paste without its end
    /// marker ends here (what came is the pasted text). An unfinished sequence stays pending.
    package mutating func flush() -> [Key] {
        if pasting {
            pasting = false
            pasteCut = true
            let clean = Self.printable(pasted)
            pasted.removeAll()
            return clean.isEmpty ? [] : [.text(clean)]
        }
        guard pending == [0x1B] else { return [] }
        pending.removeAll()
        return [.escape]
    }

    /// Drops one byte (or a terminator) of an over-long sequence's rest; returns where decoding goes on.
    private mutating func skipOne(_ skip: Skipping, at i: Int) -> Int {
        let b = pending[i]
        switch skip {
        case .parameters:
            guard (0x20...0x3F).contains(b) else {
                skipping = nil
                // The final byte ends the sequence and goes with it; any other byte is decoded.
                return (0x40...0x7E).contains(b) ? i + 1 : i
            }
            return i + 1
        case .string:
            if b == 0x07 {
                skipping = nil
                return i + 1
            }
            // ESC (a terminator `ESC \` or a new sequence) and other controls end it, and are decoded.
            if b < 0x20 || b == 0x7F { skipping = nil }
            return b < 0x20 || b == 0x7F ? i : i + 1
        }
    }

    private mutating func keepPasted(_ bytes: ArraySlice<UInt8>) {
        let room = max(0, Self.maxPaste - pasted.count)
        pasted += bytes.prefix(room)
    }

    /// How many bytes at the end of `bytes` may begin the paste end marker.
    private static func partialEndMarker(_ bytes: ArraySlice<UInt8>) -> Int {
        for length in stride(from: min(pasteEnd.count - 1, bytes.count), to: 0, by: -1)
        where bytes.suffix(length).elementsEqual(pasteEnd.prefix(length)) {
            return length
        }
        return 0
    }

    /// Control bytes that are keys: Tab, Backspace (DEL or BS), Ctrl-C, Ctrl-D, Ctrl-U, Ctrl-A, Ctrl-E.
    private static let controlKeys: [UInt8: Key] = [
        0x09: .tab, 0x7F: .backspace, 0x08: .backspace, 0x03: .interrupt, 0x04: .endOfInput, 0x15: .clearLine,
        0x01: .home, 0x05: .end,
    ]

    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Pasted text without control characters or escape sequences; newlines become spaces.
    static func printable(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                if case .complete(_, let length) = sequence(bytes, at: i) { i += length } else { i = bytes.count }
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
    static func withoutC1(_ text: String) -> String {
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
