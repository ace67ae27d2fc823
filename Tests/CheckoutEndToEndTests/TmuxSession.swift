import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `checkout ARGS` in a detached tmux session of a tmux server of its own (a socket in a
/// workspace): keys go in with `send-keys`, the screen comes out with `capture-pane` — the
/// screen as a real terminal emulator draws it, an independent check of `ScreenEmulator`.
///
/// The pane's output is also piped (`pipe-pane`) into a FIFO, and the program's end and a
/// `pane-died` hook write to it, so waiting is `poll(2)` on the FIFO with a deadline: the
/// screen is captured again each time the program writes, never on a timer. tmux comes from PATH (`.ci/run` installs it).
///
/// The pane stays after the program exits (`remain-on-exit`, with an empty notice: tmux 3.3's
/// default "Pane is dead" line would scroll the screen by a row), so its last screen can be
/// captured.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let session = "checkout"

    let arguments: [String]
    private let workspace: Workspace
    private let socket: String
    private let statusPath: String
    private let environment: [String: String]
    private var fifoReader: Int32 = -1
    private var fifoWriter: Int32 = -1

    /// The tmux executable on PATH, or nil.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Starts `checkout ARGS` in the repository root in a `columns` × `rows` window, with
    /// `TERM` as given and the test's environment minus `NO_COLOR` (unless `noColor`), plus
    /// `environment`.
    init(
        _ arguments: [String], columns: Int = 100, rows: Int = 40, term: String = "tmux-256color", noColor: Bool = false,
        environment extra: [String: String] = [:], program: String = CheckoutBinary.url.path
    ) throws {
        guard Self.executable != nil else { throw Failure(description: "tmux is not on PATH (.ci/run installs it)") }
        self.arguments = arguments
        workspace = try Workspace()
        socket = workspace.url.appendingPathComponent("tmux.sock").path
        statusPath = workspace.url.appendingPathComponent("status").path
        // The shopper reads English unless a test says otherwise (issue 22: `run` reads the locale
        // from LC_ALL, LC_MESSAGES and LANG), whatever the machine's locale.
        var env = ChildProcess.environment(
            removing: ["NO_COLOR", "TMUX", "TMUX_PANE", "COLORTERM", "COLUMNS", "LINES", "LC_ALL", "LC_MESSAGES"],
            setting: ["LANG": "C.UTF-8"])
        if noColor { env["NO_COLOR"] = "1" }
        for (k, v) in extra { env[k] = v }
        environment = env

        let fifo = workspace.url.appendingPathComponent("pane.fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw Failure(description: "mkfifo: \(errno)") }
        // Reader first (non-blocking, so opening does not wait for a writer), then a writer of
        // our own so the FIFO never reports end of file while tmux's writers come and go.
        fifoReader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        fifoWriter = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fifoReader >= 0, fifoWriter >= 0 else { throw Failure(description: "opening the FIFO: \(errno)") }

        let config = """
            set -g default-terminal "\(term)"
            set -g status off
            set -g remain-on-exit on
            set -g remain-on-exit-format ""
            set -g history-limit 10000
            set-hook -g pane-died "run-shell -b 'printf x > \(fifo)'"

            """
        let configPath = try workspace.write(config, to: "tmux.conf")
        // `pipe-pane` can only follow the program's start: what it draws before that is on the
        // screen for the first capture, what it draws after wakes the waits.
        // The exit status comes from a shell around the program: tmux 3.3 can mark a pane dead
        // before it has the status and then never record it. The shell only waits (its INT
        // trap is a handler, so the program starts with SIGINT's default disposition), then
        // writes the status and wakes the waits.
        let wrapper = "trap : INT; \"$@\"; echo \"$?\" > '\(statusPath)'; printf x > '\(fifo)'"
        try tmux(
            [
                "-f", configPath, "new-session", "-d", "-s", Self.session, "-x", String(columns), "-y", String(rows), "-c",
                CheckoutBinary.root.path, "--", "/bin/sh", "-c", wrapper, "checkout-in-tmux", program,
            ] + arguments)
        // A program that has already exited has nothing more to draw.
        do {
            try tmux(["pipe-pane", "-O", "-t", Self.session, "cat > '\(fifo)'"])
        } catch let error as Failure where error.description.contains("has exited") {}
    }

    deinit {
        _ = try? tmux(["kill-server"])
        for fd in [fifoReader, fifoWriter] where fd >= 0 { close(fd) }
    }

    // MARK: Input

    /// Types `text` literally.
    func send(_ text: String) throws { try tmux(["send-keys", "-t", Self.session, "-l", text]) }

    /// Presses `keys`, as tmux's terminal sends them (cursor keys follow the pane's mode).
    func send(_ keys: TerminalKey...) throws { try tmux(["send-keys", "-t", Self.session] + keys.map(\.tmuxName)) }

    /// Resizes the window (tmux signals the program with SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", Self.session, "-x", String(columns), "-y", String(rows)])
    }

    // MARK: Output

    /// The visible screen, rows joined by newlines (trailing blanks of each row removed);
    /// with `history`, the scrollback too.
    func capture(history: Bool = false) throws -> String {
        let text = try tmux(["capture-pane", "-p", "-t", Self.session] + (history ? ["-S", "-"] : []))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var s = String(line)
            while s.last == " " { s.removeLast() }
            return s
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Waits until the captured screen satisfies `condition` and returns that capture.
    @discardableResult
    func waitForScreen(
        _ description: String, timeout: Double = TerminalSession.defaultTimeout, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            drainFIFO()
            let screen = try capture()
            if condition(screen) { return screen }
            guard ChildProcess.waitReadable(fifoReader, until: deadline) else {
                throw Failure(description: "tmux: no \(description) within \(timeout) s; screen:\n\(screen)")
            }
        }
    }

    /// Waits until `text` is on the screen and returns the capture.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = TerminalSession.defaultTimeout) throws -> String {
        try waitForScreen("\(text.debugDescription) on the screen", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the program to end; its exit code (128 + the signal when one ended it, as the
    /// shell around it reports).
    /// The pane stays (remain-on-exit), so the final screen can still be captured.
    @discardableResult
    func waitForExit(timeout: Double = TerminalSession.defaultTimeout) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            drainFIFO()
            // The status once written, and the pane dead: tmux has read all the program drew.
            let status = workspace.read(statusPath).flatMap { $0.hasSuffix("\n") ? Int32($0.dropLast()) : nil }
            if let status, try tmux(["display-message", "-p", "-t", Self.session, "#{pane_dead}"]).hasPrefix("1") {
                return status
            }
            // With the status written, tmux may run the pane-died hook (the last wake-up) before
            // it marks the pane dead, once it has read the pane to its end: ask again shortly
            // instead of waiting for a wake-up that has already come (seen under load).
            let until = status == nil ? deadline : min(deadline, Date().addingTimeInterval(0.05))
            guard ChildProcess.waitReadable(fifoReader, until: until) || (status != nil && Date() < deadline) else {
                throw Failure(description: "tmux: checkout did not exit within \(timeout) s; screen:\n\((try? capture()) ?? "")")
            }
        }
    }

    // MARK: tmux

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let (status, text) = try ChildProcess.output(Self.executable ?? "tmux", ["-S", socket] + arguments, environment: environment)
        guard status == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")): exit \(status): \(text)") }
        return text
    }

    private func drainFIFO() {
        while let bytes = ChildProcess.readAvailable(fifoReader), !bytes.isEmpty {}
    }
}
