/// What the terminal front end reads and draws through. The real one is `POSIXTerminal`;
/// tests script one (`ScriptedTerminal`), so every prompt is driven by exact keys.
package protocol TerminalDevice: Sendable {
    /// Writes text as is (escape sequences included).
    func write(_ text: String)
    /// The next input or resize; nil when input has ended.
    func nextEvent() async -> TerminalEvent?
    /// The window size now.
    func size() -> TerminalSize
    /// Raw mode: keys one by one, no echo, no signals from Ctrl-C (it arrives as a key).
    func enterRawMode()
    /// Puts the terminal back as it was found: mode, cursor, bracketed paste.
    func restore()
}

/// Input, a window change, or a request to draw everything again.
package enum TerminalEvent: Sendable, Equatable {
    case input([UInt8])
    case resize
    /// The screen may hold anything now (the process was stopped and continued): draw it all again.
    case redraw
}

/// A window size in character cells.
package struct TerminalSize: Sendable, Hashable {
    package var rows: Int
    package var columns: Int
    package init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}
