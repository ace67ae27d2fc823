import Testing

@testable import CheckoutTerminal

@Suite struct KeyDecoderTests {
    func keys(_ chunks: [String]) -> [Key] {
        var d = KeyDecoder()
        return chunks.flatMap { d.feed(Array($0.utf8)) + d.flush() }
    }

    @Test func textAndControlKeys() {
        #expect(keys(["ab\r"]) == [.text("ab"), .enter])
        #expect(keys(["\t\u{1B}[Z\u{7F}\u{03}\u{04}"]) == [.tab, .backTab, .backspace, .interrupt, .endOfInput])
        #expect(keys(["x\r\n"]) == [.text("x"), .enter])
    }

    @Test func arrowsInBothForms() {
        #expect(keys(["\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"]) == [.up, .down, .right, .left])
        #expect(keys(["\u{1B}OA\u{1B}OB"]) == [.up, .down])
        #expect(keys(["\u{1B}[3~\u{1B}[H\u{1B}[F"]) == [.delete, .home, .end])
    }

    @Test func aSequenceSplitAcrossReadsIsOneKey() {
        var d = KeyDecoder()
        #expect(d.feed(Array("\u{1B}[".utf8)) == [])
        #expect(d.feed(Array("A".utf8)) == [.up])
        // A multi-byte character split in two.
        let euro = Array("€".utf8)
        #expect(d.feed(Array(euro[0..<1])) == [])
        #expect(d.feed(Array(euro[1...])) == [.text("€")])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        #expect(keys(["\u{1B}"]) == [.escape])
    }

    @Test func unknownSequencesAndTitlesAreSwallowed() {
        #expect(keys(["a\u{1B}[31mb\u{1B}]0;evil\u{07}c\u{1B}[99~"]) == [.text("a"), .text("b"), .text("c")])
    }

    @Test func pastedTextLosesItsControlsAndEscapes() {
        let paste = "\u{1B}[200~4111 \u{1B}[31m1111\u{07}\n1111\u{1B}]0;t\u{07} 1111\u{1B}[201~"
        #expect(keys([paste]) == [.text("4111 1111 1111 1111")])
        // The end marker split across reads.
        var d = KeyDecoder()
        #expect(d.feed(Array("\u{1B}[200~12/30\u{1B}[20".utf8)) == [])
        #expect(d.feed(Array("1~\r".utf8)) == [.text("12/30"), .enter])
    }

    @Test func c1ControlsNeverReachAField() {
        #expect(keys(["a\u{9B}31mb"]) == [.text("a31mb")])
    }
}
