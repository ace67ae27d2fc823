/// Escape sequences: which key a complete one is, and when one is too long to wait for.
extension KeyDecoder {
    enum Decoded: Equatable {
        case key(Key)
        case pasteStart
        case ignored
    }

    /// A sequence starting at an ESC, as far as the bytes go.
    enum Scanned: Equatable {
        /// Its key (or none) and its length.
        case complete(Decoded, Int)
        /// It may go on in the next read.
        case incomplete
        /// Longer than the caps: its first `length` bytes are dropped, and its rest as `rest` says.
        case tooLong(length: Int, rest: Skipping)
    }

    /// The sequence starting at `i` (an ESC).
    static func sequence(_ b: [UInt8], at i: Int) -> Scanned {
        guard i + 1 < b.count else { return .incomplete }
        let second = b[i + 1]
        switch second {
        case UInt8(ascii: "["):
            return parameters(b, at: i, introducer: 2) { csi(params: $0, final: $1) }
        case UInt8(ascii: "O"):
            // SS3: a final byte, after parameters with some terminals (`ESC O 1 ; 5 P`).
            return parameters(b, at: i, introducer: 2) { _, final in ss3(final) }
        case 0x20...0x2F:
            // ESC with intermediates (`ESC ( B`), then a final byte.
            return parameters(b, at: i, introducer: 1) { _, _ in .ignored }
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
            // OSC, DCS, APC, PM: a string ended by BEL or ESC \ — swallowed.
            var j = i + 2
            while j < b.count, j - i < maxString {
                if b[j] == 0x07 { return .complete(.ignored, j - i + 1) }
                if b[j] == 0x1B {
                    guard j + 1 < b.count else { return .incomplete }
                    // ESC \ ends it; ESC and anything else ends it too, and begins what follows.
                    return b[j + 1] == UInt8(ascii: "\\") ? .complete(.ignored, j - i + 2) : .complete(.ignored, j - i)
                }
                j += 1
            }
            return j - i >= maxString ? .tooLong(length: j - i, rest: .string) : .incomplete
        case 0x1B:
            return .complete(.key(.escape), 1)
        default:
            // Alt+key: the key alone.
            if second == 0x7F { return .complete(.key(.backspace), 2) }
            return .complete(.ignored, 2)
        }
    }

    /// Parameter and intermediate bytes (0x20–0x3F) after `introducer` bytes, then a final byte
    /// (0x40–0x7E; from 0x30 after intermediates alone), at most `maxSequence` bytes in all.
    private static func parameters(
        _ b: [UInt8], at i: Int, introducer: Int, key: (String, UInt8) -> Decoded
    ) -> Scanned {
        let lowestFinal: UInt8 = introducer == 1 ? 0x30 : 0x40
        var j = i + introducer
        while j < b.count, j - i < maxSequence {
            let c = b[j]
            if c >= lowestFinal, c <= 0x7E {
                if introducer == 1 || !(0x20...0x3F).contains(c) {
                    return .complete(key(String(decoding: b[(i + introducer)..<j], as: UTF8.self), c), j - i + 1)
                }
            }
            guard (0x20...0x3F).contains(c) else {
                // Not a sequence byte: the sequence ends malformed before it, and it is decoded.
                return .complete(.ignored, j - i)
            }
            j += 1
        }
        return j - i >= maxSequence ? .tooLong(length: j - i, rest: .parameters) : .incomplete
    }

    private static func ss3(_ final: UInt8) -> Decoded {
        switch final {
        case UInt8(ascii: "A"): .key(.up)
        case UInt8(ascii: "B"): .key(.down)
        case UInt8(ascii: "C"): .key(.right)
        case UInt8(ascii: "D"): .key(.left)
        case UInt8(ascii: "H"): .key(.home)
        case UInt8(ascii: "F"): .key(.end)
        default: .ignored
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
}
