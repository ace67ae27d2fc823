import Synchronization

/// A terminal for tests and embedders: input comes from a script of events, output is kept.
/// When the script runs out, input has ended (like Ctrl-D on an empty line, or a closed pipe).
package final class ScriptedTerminal: TerminalDevice {
    private struct State {
        var events: [TerminalEvent]
        var output = ""
        var size: TerminalSize
        var raw = false
        var restored = 0
        var pendingSize: TerminalSize?
        var marks: [Int] = []
    }
    private let state: Mutex<State>

    /// A terminal that will deliver `events` in order.
    package init(events: [TerminalEvent], size: TerminalSize = TerminalSize(rows: 40, columns: 100)) {
        state = Mutex(State(events: events, size: size))
    }

    /// A terminal that will deliver each string as one read.
    package convenience init(typing chunks: [String], size: TerminalSize = TerminalSize(rows: 40, columns: 100)) {
        self.init(events: chunks.map { .input(Array($0.utf8)) }, size: size)
    }

    package func write(_ text: String) { state.withLock { $0.output += text } }

    package func nextEvent() async -> TerminalEvent? {
        state.withLock { s in
            s.marks.append(s.output.utf8.count)
            guard !s.events.isEmpty else { return nil }
            let e = s.events.removeFirst()
            if e == .resize, let next = s.pendingSize { s.size = next }
            return e
        }
    }

    package func size() -> TerminalSize { state.withLock { $0.size } }
    package func enterRawMode() { state.withLock { $0.raw = true } }
    package func restore() {
        state.withLock {
            $0.raw = false
            $0.restored += 1
        }
    }

    /// Everything written so far.
    package var output: String { state.withLock { $0.output } }
    /// What was written from event `n` (0-based) on: in answer to it and to every later one.
    package func output(fromEvent n: Int) -> String {
        state.withLock { s in
            guard n < s.marks.count else { return "" }
            return String(decoding: Array(s.output.utf8)[s.marks[n]...], as: UTF8.self)
        }
    }

    /// Whether the terminal is in raw mode now.
    package var isRaw: Bool { state.withLock { $0.raw } }
    /// How often `restore()` was called.
    package var restoreCount: Int { state.withLock { $0.restored } }
    /// Sets the size a coming `.resize` event switches to.
    package func resize(to size: TerminalSize) { state.withLock { $0.pendingSize = size } }
}
