import Foundation
import Testing

/// The interactive-terminal harness itself (`TerminalSession`, `TmuxSession`), on programs
/// whose behaviour is known: `checkout validate`, and `sh` for what checkout does not do yet.
@Suite struct TerminalHarnessTests {
    static let broken = ValidateColorAndStatsTests.flow

    static func sh(_ script: String, options: TerminalSession.Options = .init()) throws -> TerminalSession {
        var options = options
        options.program = "/bin/sh"
        return try TerminalSession(["-c", script], options: options)
    }

    // MARK: TerminalSession with checkout

    @Test func colouredDiagnosticsOnThePseudoTerminal() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.broken, to: "broken.yaml")
        var options = TerminalSession.Options()
        options.columns = 200
        let session = try TerminalSession(["validate", path], options: options)
        try session.waitFor("unknown key 'withEmial'")
        #expect(try session.waitForExit() == 2)
        #expect(session.text.contains("\u{1B}[1;31merror:\u{1B}[0m"), "\(session.text.debugDescription)")
        // On screen the colours are gone and the lines are where the terminal put them.
        #expect(
            session.screen.lines.contains { $0.hasSuffix("error: unknown key 'withEmial' in 'request' [unknown-key]") },
            "\(session.screen.text)")
        #expect(session.screen.unhandled.isEmpty, "\(session.screen.unhandled)")
        #expect(session.modes.canonical && session.modes.echo)
    }

    @Test func noColorIsPassedOnlyWhenAsked() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.broken, to: "broken.yaml")
        var options = TerminalSession.Options()
        options.noColor = true
        let session = try TerminalSession(["validate", path], options: options)
        #expect(try session.waitForExit() == 2)
        #expect(session.text.contains("error: unknown key 'withEmial'"))
        #expect(!session.text.contains("\u{1B}["), "\(session.text.debugDescription)")
    }

    /// Stderr as a pipe of its own: the error is there, not on the terminal.
    @Test func stderrAsAPipe() throws {
        var options = TerminalSession.Options()
        options.stderrIsPipe = true
        let session = try TerminalSession(["run", "/nonexistent/flow.yaml"], options: options)
        #expect(try session.waitForExit() == 2)
        #expect(session.errorText.contains("/nonexistent/flow.yaml"), "\(session.errorText)")
        #expect(!session.text.contains("/nonexistent/flow.yaml"), "\(session.text)")
    }

    // MARK: TerminalSession with sh

    /// Typed text is echoed by the terminal in canonical mode; Ctrl-D on an empty line is end of
    /// input; the exit code comes back.
    @Test func typingEchoAndEndOfInput() throws {
        let session = try Self.sh("cat; exit 7")
        try session.send("hello")
        try session.send(.enter)
        try session.waitFor("hello\r\nhello\r\n")  // the echo, then cat's copy
        try session.send(.ctrlD)
        #expect(try session.waitForExit() == 7)
    }

    /// Ctrl-C reaches the child as SIGINT: the pty is its controlling terminal and the runner's
    /// blocked signals were unblocked.
    @Test func ctrlCInterrupts() throws {
        let session = try Self.sh("echo ready; exec cat")
        try session.waitFor("ready")
        try session.send(.ctrlC)
        #expect(try session.waitForExit() == 130)
    }

    /// The mode check fails for a program that leaves the terminal raw, and passes for one that
    /// restores it.
    @Test func terminalModesAfterExit() throws {
        let broken = try Self.sh("stty raw -echo")
        #expect(try broken.waitForExit() == 0)
        #expect(!broken.modes.canonical && !broken.modes.echo)

        let restoring = try Self.sh("saved=$(stty -g); stty raw -echo; stty \"$saved\"")
        #expect(try restoring.waitForExit() == 0)
        #expect(restoring.modes.canonical && restoring.modes.echo)
    }

    /// The window size is set before the child starts and changed with SIGWINCH.
    @Test func windowSizeAndResize() throws {
        var options = TerminalSession.Options()
        options.rows = 30
        options.columns = 100
        let session = try Self.sh("trap 'stty size' WINCH; stty size; echo ready; while :; do read line && exit 0; done", options: options)
        try session.waitFor("30 100\r\nready")
        try session.resize(rows: 40, columns: 120)
        try session.waitFor("40 120")
        #expect(session.windowSize == (40, 120))
        #expect(session.screen.rows == 40 && session.screen.columns == 120)
        try session.send("x")
        try session.send(.enter)
        #expect(try session.waitForExit() == 0)
    }

    /// Line mode: stdin a pipe, output still on the terminal.
    @Test func stdinAsAPipe() throws {
        var options = TerminalSession.Options()
        options.stdinIsPipe = true
        let session = try Self.sh(
            "[ -t 0 ] || echo stdin-is-not-a-terminal; [ -t 1 ] && echo stdout-is-a-terminal; cat; echo end", options: options)
        try session.waitFor("stdin-is-not-a-terminal\r\nstdout-is-a-terminal")
        try session.send("line one\n")
        try session.waitFor("line one")
        session.closeInput()
        try session.waitFor("end")
        #expect(try session.waitForExit() == 0)
        // Not echoed: the pipe bypasses the terminal.
        #expect(session.screen.lines.filter { $0 == "line one" }.count == 1, "\(session.screen.text)")
    }

    /// The screen shows a line redrawn in place; the byte stream still holds the old text.
    @Test func screenAfterARedraw() throws {
        let session = try Self.sh(#"printf 'card 4111 1111\r\033[2Kcard Visa 1111\n'"#)
        #expect(try session.waitForExit() == 0)
        #expect(session.text.contains("4111 1111"))
        #expect(session.screen.lines[0] == "card Visa 1111")
        #expect(!session.screen.contains("4111"))
    }

    @Test func timeoutsReportTheScreen() throws {
        let session = try Self.sh("echo something else; exec cat")
        #expect {
            try session.waitFor("never printed", timeout: 0.2)
        } throws: { error in
            "\(error)".contains("never printed") && "\(error)".contains("something else")
        }
    }

    // MARK: TmuxSession

    @Test func tmuxCapturesTheDrawnScreen() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.broken, to: "broken.yaml")
        let tmux = try TmuxSession(["validate", path], columns: 200)
        #expect(try tmux.waitForExit() == 2)
        let screen = try tmux.capture()
        #expect(screen.contains("\(path):6:3: error: unknown key 'withEmial' in 'request' [unknown-key]"), "\(screen)")
        #expect(!screen.contains("\u{1B}"))
    }

    @Test func tmuxTypesKeysAndWaitsForOutput() throws {
        let tmux = try TmuxSession(
            ["-c", "printf 'name? '; read name; printf 'card 4111\\r\\033[2Kcard %s\\n' \"$name\"; exit 5"], program: "/bin/sh")
        try tmux.waitFor("name?")
        try tmux.send("Visa 1111")
        try tmux.send(.enter)
        #expect(try tmux.waitForExit() == 5)
        let screen = try tmux.capture()
        #expect(screen.contains("card Visa 1111"), "\(screen)")
        #expect(!screen.contains("4111"), "\(screen)")
    }

    @Test func tmuxCtrlC() throws {
        let tmux = try TmuxSession(["-c", "echo ready; exec cat"], program: "/bin/sh")
        try tmux.waitFor("ready")
        try tmux.send(.ctrlC)
        #expect(try tmux.waitForExit() == 130)
    }
}
