/// Keys as xterm sends them in its default (normal cursor-key) mode.
enum TerminalKey: String, CaseIterable {
    case up, down, left, right, home, end, delete
    case enter, tab, backTab, backspace, escape, space
    case ctrlA, ctrlC, ctrlD, ctrlE, ctrlU, ctrlW

    var bytes: [UInt8] {
        switch self {
        case .up: Array("\u{1B}[A".utf8)
        case .down: Array("\u{1B}[B".utf8)
        case .right: Array("\u{1B}[C".utf8)
        case .left: Array("\u{1B}[D".utf8)
        case .home: Array("\u{1B}[H".utf8)
        case .end: Array("\u{1B}[F".utf8)
        case .delete: Array("\u{1B}[3~".utf8)
        case .backTab: Array("\u{1B}[Z".utf8)
        // The terminal's Enter is a carriage return; the line discipline (ICRNL) turns it into
        // a newline for a program in canonical mode, a raw-mode program sees `\r`.
        case .enter: [0x0D]
        case .tab: [0x09]
        // xterm's Backspace is DEL (VERASE); ^H is Ctrl-Backspace.
        case .backspace: [0x7F]
        case .escape: [0x1B]
        case .space: [0x20]
        case .ctrlA: [0x01]
        case .ctrlC: [0x03]
        case .ctrlD: [0x04]
        case .ctrlE: [0x05]
        case .ctrlU: [0x15]
        case .ctrlW: [0x17]
        }
    }

    /// The key's name in tmux `send-keys`.
    var tmuxName: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .right: "Right"
        case .left: "Left"
        case .home: "Home"
        case .end: "End"
        case .delete: "DC"
        case .backTab: "BTab"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backspace: "BSpace"
        case .escape: "Escape"
        case .space: "Space"
        case .ctrlA: "C-a"
        case .ctrlC: "C-c"
        case .ctrlD: "C-d"
        case .ctrlE: "C-e"
        case .ctrlU: "C-u"
        case .ctrlW: "C-w"
        }
    }
}
