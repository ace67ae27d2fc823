/// Decoding the byte stream: UTF-8, C0 controls, ESC, CSI and string sequences.
extension ScreenEmulator {
    struct Parser {
        enum State {
            case ground, escape, csi, string, stringEscape, charset
        }
        var state = State.ground
        /// The CSI sequence's parameter and intermediate bytes so far.
        var sequence: [UInt8] = []
        /// A UTF-8 character's bytes so far, and how many it needs.
        var pending: [UInt8] = []
        var needed = 0
        /// An OSC string's bytes so far (nil inside DCS, APC, PM and SOS strings).
        var osc: [UInt8]?
    }

    /// Draws `bytes`; a sequence or character cut at the end continues with the next call.
    mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes { feed(byte) }
    }

    mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    private mutating func feed(_ byte: UInt8) {
        switch parser.state {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .csi: csi(byte)
        case .charset: parser.state = .ground
        case .string:
            // OSC, DCS, APC, PM: skipped up to BEL or ST (ESC \); an OSC 11 query is answered.
            if byte == 0x07 {
                parser.state = .ground
                endString()
            } else if byte == 0x1B {
                parser.state = .stringEscape
            } else if parser.osc != nil, parser.osc!.count < 64 {
                parser.osc!.append(byte)
            }
        case .stringEscape:
            parser.state = byte == 0x5C ? .ground : .string
            if byte == 0x5C { endString() }
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if !parser.pending.isEmpty || byte >= 0x80 {
            utf8(byte)
            return
        }
        switch byte {
        case 0x1B: parser.state = .escape
        case 0x20..<0x7F: put(String(UnicodeScalar(byte)), width: 1)
        default: control(byte)
        }
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x08: moveCursor(column: cursorColumn - 1)
        case 0x09: moveCursor(column: (cursorColumn / 8 + 1) * 8)
        case 0x0A, 0x0B, 0x0C:
            pendingWrap = false
            lineFeed()
        case 0x0D: moveCursor(column: 0)
        default: break  // BEL, NUL, DEL and the rest draw nothing
        }
    }

    private mutating func utf8(_ byte: UInt8) {
        if parser.pending.isEmpty {
            switch byte {
            case 0xC2...0xDF: parser.needed = 2
            case 0xE0...0xEF: parser.needed = 3
            case 0xF0...0xF4: parser.needed = 4
            default:
                put("\u{FFFD}", width: 1)
                return
            }
            parser.pending = [byte]
            return
        }
        guard byte & 0xC0 == 0x80 else {
            // A broken sequence: a replacement character, then this byte afresh.
            parser.pending = []
            put("\u{FFFD}", width: 1)
            ground(byte)
            return
        }
        parser.pending.append(byte)
        guard parser.pending.count == parser.needed else { return }
        let text = String(decoding: parser.pending, as: UTF8.self)
        parser.pending = []
        for scalar in text.unicodeScalars {
            let width = Self.width(of: scalar)
            if width == 0 {
                combine(String(scalar))
            } else {
                put(String(scalar), width: width)
            }
        }
    }

    /// Cells a character takes, as wcwidth gives it for the common cases.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let v = scalar.value
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        if wide.contains(where: { $0.contains(v) }) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private mutating func escape(_ byte: UInt8) {
        parser.state = .ground
        switch byte {
        case UInt8(ascii: "["):
            parser.state = .csi
            parser.sequence = []
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            parser.state = .string
            parser.osc = byte == UInt8(ascii: "]") ? [] : nil
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): parser.state = .charset
        case UInt8(ascii: "7"): savedCursor = (cursorRow, cursorColumn)
        case UInt8(ascii: "8"):
            if let saved = savedCursor { moveCursor(row: saved.row, column: saved.column) }
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"):
            moveCursor(column: 0)
            lineFeed()
        case UInt8(ascii: "M"): reverseLineFeed()
        case UInt8(ascii: "c"): reset()
        case UInt8(ascii: "="), UInt8(ascii: ">"): break  // keypad modes
        case 0x1B: parser.state = .escape
        default: note("ESC \(String(UnicodeScalar(byte)))")
        }
    }

    private mutating func csi(_ byte: UInt8) {
        switch byte {
        case 0x20...0x3F: parser.sequence.append(byte)
        case 0x40...0x7E:
            parser.state = .ground
            dispatch(String(decoding: parser.sequence, as: UTF8.self), final: Character(UnicodeScalar(byte)))
        case 0x1B: parser.state = .escape  // cancelled
        case 0x18, 0x1A: parser.state = .ground
        default: control(byte)  // C0 controls act even inside a sequence
        }
    }

    private mutating func dispatch(_ body: String, final: Character) {
        let marker = body.first.flatMap { "?<=>".contains($0) ? $0 : nil }
        let numbers = (marker == nil ? body : String(body.dropFirst())).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.prefix { $0.isNumber }) }
        func parameter(_ i: Int, default value: Int = 1) -> Int {
            let n = i < numbers.count ? numbers[i] ?? 0 : 0
            return n == 0 ? value : n
        }
        let n = parameter(0)
        if let marker {
            guard marker == "?", final == "h" || final == "l" else {
                if final == "c" && marker == ">" { reply("\u{1B}[>0;0;0c") } else { note("CSI \(body)\(final)") }
                return
            }
            for mode in numbers.compactMap({ $0 }) { privateMode(mode, on: final == "h") }
            return
        }
        switch final {
        case "A": moveCursor(row: cursorRow - n)
        case "B", "e": moveCursor(row: cursorRow + n)
        case "C", "a": moveCursor(column: cursorColumn + n)
        case "D": moveCursor(column: cursorColumn - n)
        case "E": moveCursor(row: cursorRow + n, column: 0)
        case "F": moveCursor(row: cursorRow - n, column: 0)
        case "G", "`": moveCursor(column: n - 1)
        case "d": moveCursor(row: n - 1)
        case "H", "f": moveCursor(row: parameter(0) - 1, column: parameter(1) - 1)
        case "J": eraseDisplay(parameter(0, default: 0))
        case "K": eraseLine(parameter(0, default: 0))
        case "X": erase(row: cursorRow, from: cursorColumn, to: cursorColumn + n)
        case "P": deleteCharacters(n)
        case "@": insertBlanks(n)
        case "L": if (scrollTop...scrollBottom).contains(cursorRow) { scrollDown(n, top: cursorRow) }
        case "M": if (scrollTop...scrollBottom).contains(cursorRow) { scrollUp(n, top: cursorRow) }
        case "S": scrollUp(n)
        case "T": scrollDown(n)
        case "r":
            let top = parameter(0) - 1
            let bottom = parameter(1, default: rows) - 1
            if top < bottom && bottom < rows {
                scrollTop = top
                scrollBottom = bottom
            } else {
                resetScrollRegion()
            }
            moveCursor(row: 0, column: 0)
        case "s": savedCursor = (cursorRow, cursorColumn)
        case "u": if let saved = savedCursor { moveCursor(row: saved.row, column: saved.column) }
        case "n":
            if parameter(0, default: 0) == 6 { reply("\u{1B}[\(cursorRow + 1);\(cursorColumn + 1)R") }
            if parameter(0, default: 0) == 5 { reply("\u{1B}[0n") }
        case "c": reply("\u{1B}[?1;2c")
        case "m", "h", "l", "q", "t": break  // attributes, ANSI modes, cursor style, window ops
        default: note("CSI \(body)\(final)")
        }
    }

    private mutating func privateMode(_ mode: Int, on: Bool) {
        switch mode {
        case 25: setCursorVisible(on)
        case 1049: alternateScreen(on, save: true)
        case 47, 1047: alternateScreen(on, save: false)
        // Cursor keys, wrap, blink, mouse, focus and bracketed paste: nothing drawn changes.
        case 1, 7, 12, 1000, 1002, 1003, 1004, 1006, 2004: break
        default: note("CSI ?\(mode)\(on ? "h" : "l")")
        }
    }

    private mutating func eraseDisplay(_ mode: Int) {
        switch mode {
        case 0:
            erase(row: cursorRow, from: cursorColumn, to: columns)
            for row in (cursorRow + 1)..<max(rows, cursorRow + 1) { erase(row: row, from: 0, to: columns) }
        case 1:
            for row in 0..<cursorRow { erase(row: row, from: 0, to: columns) }
            erase(row: cursorRow, from: 0, to: cursorColumn + 1)
        case 2, 3:
            for row in 0..<rows { erase(row: row, from: 0, to: columns) }
            if mode == 3 { clearScrollback() }
        default: note("CSI \(mode)J")
        }
    }

    private mutating func eraseLine(_ mode: Int) {
        switch mode {
        case 0: erase(row: cursorRow, from: cursorColumn, to: columns)
        case 1: erase(row: cursorRow, from: 0, to: cursorColumn + 1)
        case 2: erase(row: cursorRow, from: 0, to: columns)
        default: note("CSI \(mode)K")
        }
    }

    /// The end of an OSC, DCS, APC or PM string: `OSC 11 ; ?` (what is the background?) gets
    /// `background`'s answer, as xterm gives it; a terminal without one answers nothing.
    private mutating func endString() {
        defer { parser.osc = nil }
        guard let osc = parser.osc, osc == Array("11;?".utf8), let background else { return }
        reply("\u{1B}]11;\(background)\u{1B}\\")
    }
}
