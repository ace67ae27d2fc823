/// One key press (or pasted text) as the prompts see it.
package enum Key: Sendable, Hashable {
    /// Text typed or pasted: printable characters only. Control characters and escape
    /// sequences never reach a field, so nothing typed is ever echoed as a live sequence.
    case text(String)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D: end of input when the field is empty.
    case endOfInput
    /// Ctrl-U: clear the field.
    case clearLine
}
