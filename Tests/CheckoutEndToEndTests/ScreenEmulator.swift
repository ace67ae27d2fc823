/// A small VT100/xterm screen: a grid of rows × columns that raw terminal output is fed into,
/// so a test can assert what is on screen after redraws rather than what passed through the
/// byte stream.
///
/// Understood: printable UTF-8 (East Asian wide and emoji-presentation characters take two
/// cells, combining marks none), `\r`, `\n` (a line feed, as on a terminal: the pty's `ONLCR`
/// adds the `\r`), `\b`, `\t`, the CSI cursor moves (`A B C D E F G H f d`), erasing (`J K X`),
/// editing (`@ P L M`), scrolling (`S T`, the scroll region `r`), `ESC 7`/`ESC 8` and
/// `CSI s`/`CSI u`, `ESC D`/`ESC M`/`ESC E`, the modes `?25` (cursor) and `?1049`/`?1047`/`?47`
/// (alternate screen), xterm's delayed wrap at the last column. SGR (`CSI … m`) and OSC strings
/// change no text and are skipped. Queries (`CSI 6 n`, `CSI 5 n`, `CSI c`) queue the replies a
/// terminal would send (`takeReplies`). Anything else is skipped and listed in `unhandled`.
struct ScreenEmulator {
    private(set) var rows: Int
    private(set) var columns: Int
    /// One string per cell: a grapheme, " " when blank, "" for the second cell of a wide one.
    private(set) var grid: [[String]]
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    private(set) var cursorVisible = true
    private(set) var usingAlternateScreen = false
    /// Lines scrolled off the top of the main screen, oldest first.
    private(set) var scrollback: [String] = []
    /// Escape sequences the emulator skipped without understanding them.
    private(set) var unhandled: [String] = []

    var pendingWrap = false
    var savedCursor: (row: Int, column: Int)?
    var mainScreen: (grid: [[String]], row: Int, column: Int)?
    var scrollTop = 0
    var scrollBottom: Int
    var replies: [UInt8] = []
    var parser = Parser()
    /// The background colour this terminal tells a program that asks (OSC 11), as xterm
    /// writes it (`rgb:1e1e/1e1e/2e2e`); nil: it does not tell, as many terminals do not.
    var background: String?

    init(rows: Int = 24, columns: Int = 80) {
        self.rows = rows
        self.columns = columns
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        scrollBottom = rows - 1
    }

    // MARK: What is on screen

    /// The visible rows, trailing blanks removed.
    var lines: [String] { grid.map(Self.text(of:)) }

    /// The visible rows joined by newlines, trailing blank rows removed.
    var text: String {
        var lines = self.lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The main screen's scrollback followed by what is visible (of the alternate screen when
    /// it is in use): the whole session as a terminal's history shows it.
    var history: String {
        var lines = scrollback + self.lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Whether `text` is on one visible row.
    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The replies queued for the program since the last call.
    mutating func takeReplies() -> [UInt8] {
        defer { replies = [] }
        return replies
    }

    static func text(of row: [String]) -> String {
        var s = row.joined()
        while s.last == " " { s.removeLast() }
        return s
    }

    // MARK: Editing the grid

    mutating func put(_ cell: String, width: Int) {
        if pendingWrap {
            pendingWrap = false
            cursorColumn = 0
            lineFeed()
        }
        if width == 2 && cursorColumn == columns - 1 {
            setCell(cursorRow, cursorColumn, " ")
            cursorColumn = 0
            lineFeed()
        }
        setCell(cursorRow, cursorColumn, cell)
        if width == 2 && columns > 1 { setCell(cursorRow, cursorColumn + 1, "") }
        if cursorColumn + width >= columns {
            cursorColumn = columns - 1
            pendingWrap = true
        } else {
            cursorColumn += width
        }
    }

    /// Adds a combining mark to the character before the cursor.
    mutating func combine(_ mark: String) {
        var column = pendingWrap ? cursorColumn : cursorColumn - 1
        while column > 0 && grid[cursorRow][column].isEmpty { column -= 1 }
        guard column >= 0 else { return }
        grid[cursorRow][column] += mark
    }

    /// Sets one cell, blanking the other half of a wide character it overwrites.
    mutating func setCell(_ row: Int, _ column: Int, _ cell: String) {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return }
        if grid[row][column].isEmpty && column > 0 { grid[row][column - 1] = " " }
        if column + 1 < columns && grid[row][column + 1].isEmpty && !grid[row][column].isEmpty { grid[row][column + 1] = " " }
        grid[row][column] = cell
    }

    mutating func lineFeed() {
        if cursorRow == scrollBottom {
            scrollUp(1)
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
    }

    mutating func reverseLineFeed() {
        if cursorRow == scrollTop {
            scrollDown(1)
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
    }

    mutating func scrollUp(_ count: Int, top: Int? = nil) {
        let top = top ?? scrollTop
        guard top <= scrollBottom else { return }
        for _ in 0..<min(count, scrollBottom - top + 1) {
            let gone = grid.remove(at: top)
            if top == 0 && !usingAlternateScreen { scrollback.append(Self.text(of: gone)) }
            grid.insert(blankRow, at: scrollBottom)
        }
    }

    mutating func scrollDown(_ count: Int, top: Int? = nil) {
        let top = top ?? scrollTop
        guard top <= scrollBottom else { return }
        for _ in 0..<min(count, scrollBottom - top + 1) {
            grid.remove(at: scrollBottom)
            grid.insert(blankRow, at: top)
        }
    }

    var blankRow: [String] { Array(repeating: " ", count: columns) }

    mutating func erase(row: Int, from start: Int, to end: Int) {
        guard (0..<rows).contains(row) else { return }
        for column in max(0, start)..<min(columns, end) { setCell(row, column, " ") }
    }

    /// `CSI n P`: the rest of the row moves left, blanks come in at the end.
    mutating func deleteCharacters(_ count: Int) {
        let row = grid[cursorRow]
        let kept = Array(row[..<cursorColumn]) + Array(row[min(columns, cursorColumn + count)...])
        grid[cursorRow] = kept + Array(repeating: " ", count: columns - kept.count)
    }

    /// `CSI n @`: blanks pushed in at the cursor, the row's end falls off.
    mutating func insertBlanks(_ count: Int) {
        let row = grid[cursorRow]
        let blanks = Array(repeating: " ", count: count)
        grid[cursorRow] = Array((Array(row[..<cursorColumn]) + blanks + Array(row[cursorColumn...])).prefix(columns))
    }

    mutating func clearScrollback() { scrollback = [] }

    mutating func moveCursor(row: Int? = nil, column: Int? = nil) {
        pendingWrap = false
        if let row { cursorRow = min(max(row, 0), rows - 1) }
        if let column { cursorColumn = min(max(column, 0), columns - 1) }
    }

    mutating func setCursorVisible(_ visible: Bool) { cursorVisible = visible }

    /// Switches to or from the alternate screen (`save`: also the cursor, as `?1049` does).
    mutating func alternateScreen(_ on: Bool, save: Bool) {
        if on && !usingAlternateScreen {
            if save { savedCursor = (cursorRow, cursorColumn) }
            mainScreen = (grid, cursorRow, cursorColumn)
            grid = Array(repeating: blankRow, count: rows)
            usingAlternateScreen = true
        } else if !on && usingAlternateScreen, let main = mainScreen {
            // Cut or padded to the window's size now (it may have been resized meanwhile).
            grid = Array(main.grid.prefix(rows)).map { row in
                row.count >= columns ? Array(row.prefix(columns)) : row + Array(repeating: " ", count: columns - row.count)
            }
            while grid.count < rows { grid.append(blankRow) }
            usingAlternateScreen = false
            mainScreen = nil
            if save, let saved = savedCursor { moveCursor(row: saved.row, column: saved.column) }
        }
    }

    mutating func resetScrollRegion() {
        scrollTop = 0
        scrollBottom = rows - 1
    }

    mutating func reset() {
        self = ScreenEmulator(rows: rows, columns: columns)
    }

    mutating func note(_ sequence: String) {
        if unhandled.count < 100 { unhandled.append(sequence) }
    }

    /// A new window size: rows above the cursor go to the scrollback when the window shrinks
    /// below it, the rest is cut or padded (the program redraws after SIGWINCH).
    mutating func resize(rows newRows: Int, columns newColumns: Int) {
        let excess = cursorRow + 1 - newRows
        if excess > 0 {
            for row in grid.prefix(excess) where !usingAlternateScreen { scrollback.append(Self.text(of: row)) }
            grid.removeFirst(excess)
            cursorRow -= excess
        }
        grid = Array(grid.prefix(newRows))
        grid = grid.map { row in
            row.count >= newColumns ? Array(row.prefix(newColumns)) : row + Array(repeating: " ", count: newColumns - row.count)
        }
        while grid.count < newRows { grid.append(Array(repeating: " ", count: newColumns)) }
        rows = newRows
        columns = newColumns
        resetScrollRegion()
        moveCursor(row: cursorRow, column: cursorColumn)
    }

    mutating func reply(_ text: String) { replies += Array(text.utf8) }
}
