/// How many colours the terminal shows.
package enum ColorDepth: String, Sendable, CaseIterable {
    /// No colour: plain text (NO_COLOR, `--color never`, `TERM=dumb`, not a terminal).
    case none
    /// The 16 ANSI colours.
    case ansi16
    /// xterm's 256-colour palette.
    case ansi256
    /// 24-bit colour.
    case trueColor

    /// The depth the environment asks for, the way terminal programs decide it:
    /// `NO_COLOR` (non-empty) or `TERM=dumb` → none; `COLORTERM=truecolor|24bit` → 24-bit;
    /// `TERM` ending in `-256color` → 256; `TERM` with `color`, `xterm`, `screen`, `tmux`,
    /// `linux`, `vt100`, `rxvt` or `ansi` → 16; otherwise none.
    package static func detect(_ variable: (String) -> String?) -> ColorDepth {
        if let noColor = variable("NO_COLOR"), !noColor.isEmpty { return .none }
        let term = variable("TERM") ?? ""
        if term == "dumb" || term.isEmpty { return .none }
        if let ct = variable("COLORTERM")?.lowercased(), ct == "truecolor" || ct == "24bit" { return .trueColor }
        if term.hasSuffix("256color") || term.hasSuffix("256colour") { return .ansi256 }
        let sixteen = ["color", "xterm", "screen", "tmux", "linux", "vt100", "vt220", "rxvt", "ansi", "cygwin", "konsole"]
        return sixteen.contains { term.contains($0) } ? .ansi16 : .none
    }
}
