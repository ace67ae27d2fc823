/// The part of the terminal the front end draws: lines already settled above (history) and
/// one live block below them that is redrawn in place — erased from its first row and drawn
/// again — as the person types. Lines are cut to the window's width so none wraps, which
/// keeps the erase exact; on a resize the whole screen is cleared and drawn again.
struct Canvas {
    var painter: Painter
    var size: TerminalSize
    /// Rows of the live block above the cursor.
    private var cursorRow = 0
    private var live: FormView.Drawn?
    /// Settled lines, kept to draw them again after a resize.
    private var history: [StyledLine] = []

    init(painter: Painter, size: TerminalSize) {
        self.painter = painter
        self.size = size
    }

    private var columns: Int { max(10, size.columns - 1) }

    private mutating func eraseLive() -> String {
        var s = "\r"
        if cursorRow > 0 { s += "\u{1B}[\(cursorRow)A" }
        cursorRow = 0
        return s + "\u{1B}[J"
    }

    /// Draws the live block (replacing the previous one) and places the cursor.
    mutating func show(_ drawn: FormView.Drawn) -> String {
        var drawn = drawn
        // A block taller than the window cannot be erased in place: keep its bottom rows.
        let limit = max(1, size.rows - 1)
        if drawn.lines.count > limit {
            let cut = drawn.lines.count - limit
            drawn.lines.removeFirst(cut)
            drawn.cursor = drawn.cursor.flatMap { $0.row >= cut ? ($0.row - cut, $0.column) : nil }
        }
        live = drawn
        var s = eraseLive()
        s += drawn.lines.map { $0.painted(painter, columns: columns) }.joined(separator: "\n")
        if let c = drawn.cursor {
            let up = drawn.lines.count - 1 - c.row
            if up > 0 { s += "\u{1B}[\(up)A" }
            s += "\r"
            let column = min(c.column, columns)
            if column > 0 { s += "\u{1B}[\(column)C" }
            s += "\u{1B}[?25h"
            cursorRow = c.row
        } else {
            s += "\u{1B}[?25l"
            cursorRow = drawn.lines.count - 1
        }
        return s
    }

    /// Replaces the live block with settled lines; what follows is drawn below them.
    mutating func settle(_ lines: [StyledLine]) -> String {
        live = nil
        var s = eraseLive()
        for l in lines { s += l.painted(painter, columns: columns) + "\n" }
        history += lines
        if history.count > 500 { history.removeFirst(history.count - 500) }
        return s
    }

    /// After a window change: clear, then draw what fits of the history and the live block.
    mutating func resized(to newSize: TerminalSize) -> String {
        size = newSize
        cursorRow = 0
        var s = "\u{1B}[2J\u{1B}[H"
        let liveRows = live?.lines.count ?? 0
        let room = max(0, size.rows - 1 - liveRows)
        for l in history.suffix(room) { s += l.painted(painter, columns: columns) + "\n" }
        if let live { s += show(live) }
        return s
    }

    /// Ends drawing: the cursor below everything, visible.
    mutating func finish() -> String {
        live = nil
        let s = eraseLive()
        return s + "\u{1B}[?25h"
    }
}
