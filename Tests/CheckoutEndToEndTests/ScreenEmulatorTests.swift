import Testing

/// The test harness's terminal screen: what a redraw leaves on screen.
@Suite struct ScreenEmulatorTests {
    static let esc = "\u{1B}"

    func screen(_ text: String, rows: Int = 5, columns: Int = 10) -> ScreenEmulator {
        var screen = ScreenEmulator(rows: rows, columns: columns)
        screen.feed(text)
        return screen
    }

    @Test func textCarriageReturnAndLineFeed() {
        let s = screen("abc\r\nde\rX")
        #expect(s.lines[0] == "abc")
        #expect(s.lines[1] == "Xe")
        #expect(s.cursorRow == 1 && s.cursorColumn == 1)
        #expect(s.text == "abc\nXe")
    }

    /// `\n` alone moves down without returning (the pty adds `\r`), as on a real terminal.
    @Test func lineFeedKeepsTheColumn() {
        #expect(screen("ab\ncd").lines[0...1] == ["ab", "  cd"])
    }

    @Test func backspaceAndOverwrite() {
        #expect(screen("abc\u{8}\u{8}X").lines[0] == "aXc")
        #expect(screen("\u{8}\u{8}a").lines[0] == "a")
    }

    @Test func cursorMovesAndAbsolutePositions() {
        let s = screen("\(Self.esc)[3;4Hx\(Self.esc)[Ay\(Self.esc)[2Dz\(Self.esc)[Bw\(Self.esc)[1Gv\(Self.esc)[5Cu")
        #expect(s.lines[1] == "   zy")
        #expect(s.lines[2] == "v  xw u")
        #expect(s.cursorRow == 2 && s.cursorColumn == 7)
    }

    @Test func movesStopAtTheEdges() {
        let s = screen("\(Self.esc)[99;99Ha\(Self.esc)[99A\(Self.esc)[99Db")
        #expect(s.lines[0] == "b")
        #expect(s.lines[4] == "         a")
    }

    @Test func eraseInLineAndDisplay() {
        var s = screen("0123456789\r\nabcdefghij\r\nABCDEFGHIJ")
        s.feed("\(Self.esc)[2;4H\(Self.esc)[K")
        #expect(s.lines[1] == "abc")
        s.feed("\(Self.esc)[1;3H\(Self.esc)[1K")
        #expect(s.lines[0] == "   3456789")
        s.feed("\(Self.esc)[3;6H\(Self.esc)[2K")
        #expect(s.lines[2] == "")
        s.feed("\(Self.esc)[1;5H\(Self.esc)[J")
        #expect(s.lines == ["   3", "", "", "", ""])
        s.feed("xyz\(Self.esc)[2J")
        #expect(s.text == "")
    }

    @Test func eraseBelowWithZeroParameter() {
        let s = screen("one\r\ntwo\r\nthree\(Self.esc)[2;2H\(Self.esc)[0J")
        #expect(s.lines[0...2] == ["one", "t", ""])
    }

    /// A prompt redrawn in place: the screen shows the last state, not the history.
    @Test func redrawInPlace() {
        var s = screen("? Card: 4111\(Self.esc)[2K\r? Card: •••• 1111\r\n", columns: 30)
        #expect(s.lines[0] == "? Card: •••• 1111")
        #expect(!s.contains("4111"))
        s.feed("\(Self.esc)[1A\r\(Self.esc)[2K✔ Card: Visa •••• 1111")
        #expect(s.lines[0] == "✔ Card: Visa •••• 1111")
    }

    @Test func sgrChangesNoText() {
        let s = screen("\(Self.esc)[1;38;2;0;112;186mPay\(Self.esc)[0m \(Self.esc)[38;5;33m$\(Self.esc)[m26")
        #expect(s.lines[0] == "Pay $26")
        #expect(s.unhandled.isEmpty)
    }

    @Test func scrollsAtTheLastRowIntoTheScrollback() {
        let s = screen("1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7", rows: 3)
        #expect(s.lines == ["5", "6", "7"])
        #expect(s.scrollback == ["1", "2", "3", "4"])
        #expect(s.history == "1\n2\n3\n4\n5\n6\n7")
    }

    /// xterm's delayed wrap: the last column fills without moving to the next row yet.
    @Test func wrapsAtTheLastColumn() {
        var s = screen("0123456789", rows: 3)
        #expect(s.cursorRow == 0 && s.cursorColumn == 9)
        s.feed("\r\n")
        #expect(s.lines[0...1] == ["0123456789", ""])
        s.feed("0123456789ab")
        #expect(s.lines[1...2] == ["0123456789", "ab"])
    }

    @Test func cursorVisibility() {
        var s = screen("\(Self.esc)[?25l")
        #expect(!s.cursorVisible)
        s.feed("\(Self.esc)[?25h")
        #expect(s.cursorVisible)
    }

    @Test func alternateScreenRestoresTheMainOne() {
        var s = screen("shell$ checkout", columns: 20)
        s.feed("\(Self.esc)[?1049h")
        #expect(s.usingAlternateScreen)
        #expect(s.text == "")
        s.feed("\(Self.esc)[H? Pay $26.52")
        #expect(s.lines[0] == "? Pay $26.52")
        s.feed("\(Self.esc)[?1049l")
        #expect(!s.usingAlternateScreen)
        #expect(s.lines[0] == "shell$ checkout")
        #expect(s.cursorColumn == 15)
    }

    @Test func saveAndRestoreCursor() {
        let s = screen("ab\(Self.esc)7\r\n\r\nxy\(Self.esc)8c\(Self.esc)[3;3H\(Self.esc)[sq\(Self.esc)[1;1H\(Self.esc)[ur")
        #expect(s.lines[0...2] == ["abc", "", "xyr"])
    }

    @Test func wideAndCombiningCharacters() {
        let s = screen("💳ab\r\ne\u{301}x")
        #expect(s.lines[0] == "💳ab")
        #expect(s.cursorRow == 1 && s.cursorColumn == 2)
        #expect(s.grid[0][2] == "a")
        #expect(s.lines[1] == "e\u{301}x")
    }

    @Test func utf8SplitAcrossFeeds() {
        var s = ScreenEmulator(rows: 2, columns: 10)
        let bytes = Array("•4".utf8)
        s.feed(Array(bytes[0..<2]))
        s.feed(Array(bytes[2...]))
        #expect(s.lines[0] == "•4")
    }

    @Test func sequenceSplitAcrossFeeds() {
        var s = ScreenEmulator(rows: 2, columns: 10)
        s.feed(Array("ab\u{1B}[".utf8))
        s.feed(Array("1Dc".utf8))
        #expect(s.lines[0] == "ac")
    }

    @Test func oscTitlesAreSkipped() {
        let s = screen("\(Self.esc)]0;checkout\u{7}a\(Self.esc)]2;x\(Self.esc)\\b")
        #expect(s.lines[0] == "ab")
    }

    @Test func insertAndDeleteCharactersAndLines() {
        var s = screen("abcdef\r\nline2\r\nline3")
        s.feed("\(Self.esc)[1;2H\(Self.esc)[2P")
        #expect(s.lines[0] == "adef")
        s.feed("\(Self.esc)[2@")
        #expect(s.lines[0] == "a  def")
        s.feed("\(Self.esc)[2;1H\(Self.esc)[L")
        #expect(s.lines[0...3] == ["a  def", "", "line2", "line3"])
        s.feed("\(Self.esc)[M\(Self.esc)[M")
        #expect(s.lines[0...2] == ["a  def", "line3", ""])
    }

    @Test func cursorPositionQueryIsAnswered() {
        var s = screen("abc\(Self.esc)[6n")
        #expect(String(decoding: s.takeReplies(), as: UTF8.self) == "\(Self.esc)[1;4R")
        #expect(s.takeReplies().isEmpty)
    }

    @Test func unknownSequencesAreListed() {
        let s = screen("\(Self.esc)[5Za")
        #expect(s.unhandled == ["CSI 5Z"])
        #expect(s.lines[0] == "a")
    }

    @Test func resizeKeepsTheCursorRowOnScreen() {
        var s = screen("1\r\n2\r\n3\r\n4\r\n5", rows: 5, columns: 10)
        s.resize(rows: 3, columns: 4)
        #expect(s.lines == ["3", "4", "5"])
        #expect(s.scrollback == ["1", "2"])
        s.resize(rows: 4, columns: 6)
        s.feed("\(Self.esc)[4;1Hxyzxyz")
        #expect(s.lines[3] == "xyzxyz")
    }
}
