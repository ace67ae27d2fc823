import CheckoutDomain

/// One line of text being typed, with the formatting of its field.
///
/// Card fields keep only what the field can hold (digits for the number and the CVV, `MM/YY`
/// for the expiry): anything else typed or pasted is dropped, so the value never holds
/// stray characters or escape sequences.
package struct TextInput: Sendable, Hashable {
    /// How the field takes and shows its text.
    package enum Format: Sendable, Hashable {
        /// Free text (names, addresses): every printable character.
        case plain
        /// Card number: digits, at most 19, shown grouped by the detected brand's gaps.
        case cardNumber
        /// Expiry: four digits shown as `MM/YY`; a first digit of 2–9 is the month `0N`.
        case expiry
        /// Security code: digits, at most 4, shown as dots.
        case securityCode
        /// Digits only, at most `max` (sort code, account number: shown as dots).
        case secretDigits(max: Int)
    }

    package var format: Format
    /// The text as kept (digits only for card fields; `MMYY` for the expiry).
    package private(set) var value: String
    /// Where typing goes, in characters of `value`.
    package private(set) var cursor: Int

    package init(format: Format = .plain, value: String = "") {
        self.format = format
        self.value = ""
        self.cursor = 0
        insert(value)
    }

    /// Handles a key; false when the key is not for a text field (Enter, arrows up and down…).
    package mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .text(let t):
            insert(t)
        case .backspace:
            guard cursor > 0 else { return true }
            let i = value.index(value.startIndex, offsetBy: cursor - 1)
            value.remove(at: i)
            cursor -= 1
        case .delete:
            guard cursor < value.count else { return true }
            value.remove(at: value.index(value.startIndex, offsetBy: cursor))
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(value.count, cursor + 1)
        case .home:
            cursor = 0
        case .end:
            cursor = value.count
        case .clearLine:
            value = ""
            cursor = 0
        default:
            return false
        }
        return true
    }

    /// Types `text` at the cursor, keeping what the format allows.
    package mutating func insert(_ text: String) {
        var kept = ""
        var room = capacity.map { $0 - value.count } ?? Int.max
        for ch in text {
            guard room > 0 else { break }
            switch format {
            case .plain:
                guard ch.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }) else { continue }
            case .cardNumber, .securityCode, .secretDigits, .expiry:
                guard ch.isASCII, ch.isNumber else { continue }
                if case .expiry = format, value.isEmpty, kept.isEmpty, ch >= "2" {
                    // "4" can only be April.
                    kept.append("0")
                    room -= 1
                }
            }
            kept.append(ch)
            room -= 1
        }
        let i = value.index(value.startIndex, offsetBy: cursor)
        value.insert(contentsOf: kept, at: i)
        cursor += kept.count
    }

    private var capacity: Int? {
        switch format {
        case .plain: 200
        case .cardNumber: 19
        case .expiry: 4
        case .securityCode: 4
        case .secretDigits(let max): max
        }
    }

    /// The answer text: the expiry as `MM/YY`, everything else as kept.
    package var answer: String {
        if case .expiry = format, value.count > 2 {
            return String(value.prefix(2)) + "/" + String(value.dropFirst(2))
        }
        return value
    }

    /// What the field shows while it is being typed, and the cursor's column in it.
    package var display: (text: String, cursor: Int) {
        switch format {
        case .plain:
            return (value, value.prefix(cursor).count)
        case .cardNumber:
            let gaps = CardBrand.detect(value)?.gaps ?? [4, 8, 12]
            let shown = CardNumber.grouped(value, gaps: gaps)
            // Digits before the cursor plus the gaps among them.
            let before = CardNumber.grouped(String(value.prefix(cursor)), gaps: gaps)
            return (shown, before.count)
        case .expiry:
            let shown = value.count >= 2 ? String(value.prefix(2)) + "/" + String(value.dropFirst(2)) : value
            let column = cursor >= 2 ? cursor + 1 : cursor
            return (shown, column)
        case .securityCode, .secretDigits:
            return (String(repeating: "•", count: value.count), cursor)
        }
    }
}
