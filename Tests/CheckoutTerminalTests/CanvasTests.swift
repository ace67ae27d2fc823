import Testing

@testable import CheckoutTerminal

@Suite struct CanvasTests {
    func lines(_ texts: String...) -> [StyledLine] { texts.map { StyledLine([($0, .plain)]) } }

    @Test func theLiveBlockIsErasedFromItsFirstRowAndDrawnAgain() {
        var c = Canvas(painter: Painter(depth: .none), size: TerminalSize(rows: 24, columns: 80))
        let first = c.show(FormView.Drawn(lines: lines("Card details", "❯ Card number  4111", "hint"), cursor: (row: 1, column: 19)))
        // Drawn, then the cursor goes up one row to the field, at column 19.
        #expect(first == "\r\u{1B}[J" + "Card details\n❯ Card number  4111\nhint" + "\u{1B}[1A\r\u{1B}[19C\u{1B}[?25h")
        let second = c.show(FormView.Drawn(lines: lines("Card details", "❯ Card number  Visa •••• 1111", "hint"), cursor: nil))
        // Back up the one row the cursor was below the block's top, erase, redraw, hide the cursor.
        #expect(second.hasPrefix("\r\u{1B}[1A\u{1B}[J"))
        #expect(second.hasSuffix("\u{1B}[?25l"))
        // Settling replaces the block: from its top, which is now two rows above the cursor.
        let settled = c.settle(lines("✔ Card details  Visa •••• 1111"))
        #expect(settled == "\r\u{1B}[2A\u{1B}[J✔ Card details  Visa •••• 1111\n")
    }

    @Test func linesAreCutToTheWindowSoNoneWraps() {
        var c = Canvas(painter: Painter(depth: .none), size: TerminalSize(rows: 24, columns: 12))
        let out = c.settle(lines("0123456789ABCDEF"))
        #expect(out.hasSuffix("0123456789A\n"))
        #expect(DisplayWidth.of("€") == 1 && DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.prefix("日本語", cells: 5) == "日本")
        #expect(DisplayWidth.wrap("The card number is not valid", cells: 12) == ["The card", "number is", "not valid"])
    }

    @Test func aBlockTallerThanTheWindowKeepsItsBottomRows() {
        var c = Canvas(painter: Painter(depth: .none), size: TerminalSize(rows: 4, columns: 40))
        let out = c.show(FormView.Drawn(lines: lines("a", "b", "c", "d", "e"), cursor: (row: 4, column: 0)))
        #expect(out.contains("c\nd\ne"))
        #expect(!out.contains("a\n") && !out.contains("b\n"))
    }

    @Test func aResizeClearsAndDrawsTheHistoryAndTheBlockAgain() {
        var c = Canvas(painter: Painter(depth: .none), size: TerminalSize(rows: 24, columns: 80))
        _ = c.settle(lines("✔ Payment method  Card"))
        _ = c.show(FormView.Drawn(lines: lines("Card details"), cursor: nil))
        let out = c.resized(to: TerminalSize(rows: 10, columns: 40))
        #expect(out.hasPrefix("\u{1B}[2J\u{1B}[H✔ Payment method  Card\n"))
        #expect(out.contains("Card details"))
    }
}
