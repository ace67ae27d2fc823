import Testing

@testable import CheckoutTerminal

/// Input that never ends what it starts (issue 14): a paste start with no end, escape
/// sequences with no final byte. Nothing may swallow the keys typed after it, and nothing of a
/// broken sequence may reach a field as text.
@Suite struct KeyDecoderBoundsTests {
    /// Each chunk is one read: fed, then flushed, as the front end does.
    func keys(_ chunks: [String]) -> [Key] {
        var d = KeyDecoder()
        return chunks.flatMap { d.feed(Array($0.utf8)) + d.flush() }
    }

    // MARK: Bracketed paste

    /// A paste start alone: the keys typed in the reads after it are keys.
    @Test func aLonePasteStartDoesNotSwallowLaterKeys() {
        #expect(keys(["\u{1B}[200~", "4111", "\r", "\u{1B}[B"]) == [.text("4111"), .enter, .down])
        // With text after it in the same read: that text is the paste, the next read is keys.
        #expect(keys(["\u{1B}[200~Jane", "x", "\r"]) == [.text("Jane"), .text("x"), .enter])
    }

    /// A paste split across two reads: the second read's text before the end marker is pasted
    /// too, so its newline is no Enter.
    @Test func aPasteSplitAcrossTwoReadsEndsAtItsMarker() {
        #expect(keys(["\u{1B}[200~4111 1111", "\n1111 1111\u{1B}[201~\r"]) == [.text("4111 1111"), .text("1111 1111"), .enter])
        // Its end marker split too.
        #expect(keys(["\u{1B}[200~12/30\u{1B}[20", "1~x"]) == [.text("12/30"), .text("x")])
    }

    /// Fed without a flush (all in one go, no end marker), a paste keeps at most `maxPaste` (4096) bytes.
    @Test func aPasteIsCapped() {
        var d = KeyDecoder()
        #expect(d.feed(Array("\u{1B}[200~".utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: 100_000)) == [])
        #expect(d.flush() == [.text(String(repeating: "7", count: 4096))])
        #expect(d.feed(Array("8".utf8)) == [.text("8")])
    }

    // MARK: Over-long and unterminated sequences

    /// `ESC [` and thousands of parameter bytes, over several reads: dropped whole, the card
    /// digits in them included; the first byte that cannot belong to it is a key again.
    @Test func anOverLongCSIIsDroppedWhole() {
        let digits = String(repeating: "4111111111111111", count: 300)
        #expect(keys(["\u{1B}[" + digits.prefix(4000), String(digits.dropFirst(4000)), "\r", "5"]) == [.enter, .text("5")])
        // Ended by its final byte: that goes with it.
        #expect(keys(["\u{1B}[" + digits, "m", "6"]) == [.text("6")])
    }

    /// An unfinished CSI waits across reads (an arrow key split by a read is still the arrow).
    @Test func anUnfinishedCSIWaitsAcrossReads() {
        #expect(keys(["\u{1B}[1;5", "A", "7"]) == [.up, .text("7")])
    }

    /// SS3 with parameters, finished, too long, or broken by a byte that is not part of it.
    @Test func ss3IsBounded() {
        #expect(keys(["\u{1B}O1;5A"]) == [.up])
        #expect(keys(["\u{1B}O" + String(repeating: "4", count: 5000), "x", "y"]) == [.text("y")])
        #expect(keys(["\u{1B}O\r"]) == [.enter])
    }

    /// OSC (a title) with no terminator: dropped whole, its text included, up to a control
    /// character, which is decoded as usual.
    @Test func anUnterminatedOSCIsDroppedWhole() {
        let title = "\u{1B}]0;" + String(repeating: "4111111111111111", count: 100)
        #expect(keys([title, "1111", "\r", "9"]) == [.enter, .text("9")])
        #expect(keys(["\u{1B}]0;short", "\u{07}ok"]) == [.text("ok")])
        #expect(keys(["\u{1B}]0;" + String(repeating: "x", count: 5000) + "\u{1B}\\z"]) == [.text("z")])
    }

    /// A lone ESC at the end of a read is the Escape key; digits in the next read are text.
    /// ESC and a digit in one read are Alt+digit (a two-byte sequence): dropped, and the
    /// decoder waits for nothing after them.
    @Test func aLoneEscapeFollowedByDigits() {
        #expect(keys(["\u{1B}", "123"]) == [.escape, .text("123")])
        #expect(keys(["\u{1B}1", "23"]) == [.text("23")])
        #expect(keys(["\u{1B}(" + String(repeating: " ", count: 100), "x", "y"]) == [.text("y")])
    }
}
