import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An interactive `checkout ARGS` on a pseudo-terminal of its own, driven like a person at a
/// terminal: keys in, output read as it comes and drawn on a `ScreenEmulator`.
///
/// The child is a session leader whose controlling terminal is the pty, so Ctrl-C typed as a
/// byte signals it through the line discipline (unless it turned `ISIG` off) exactly as in a
/// real terminal. The parent keeps the pty's secondary end open, so the terminal's modes can be
/// read after the child has gone (`modes`): a well-behaved program restores them.
///
/// Waiting polls the pty with a deadline; nothing sleeps a fixed time.
final class TerminalSession {
    struct Options {
        var rows: UInt16 = 24
        var columns: UInt16 = 80
        /// `TERM` for the child; nil leaves it unset.
        var term: String? = "xterm-256color"
        /// Keep `NO_COLOR=1` in the child's environment (else it is removed).
        var noColor = false
        /// Added to the child's environment last.
        var environment: [String: String] = [:]
        /// Stdin a pipe instead of the terminal (line mode): `send` writes to the pipe and
        /// `closeInput` ends it. Stdout and stderr stay on the terminal.
        var stdinIsPipe = false
        /// Stderr a pipe of its own (`errorText`) instead of the terminal.
        var stderrIsPipe = false
        /// The program to run instead of `checkout` (the harness's own tests use `sh`).
        var program: String? = nil
        /// The background the terminal tells (OSC 11), `rgb:RRRR/GGGG/BBBB`; nil: it does not.
        var background: String? = nil
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The default for every wait: generous, since tests run in parallel on small machines.
    static let defaultTimeout: Double = 30

    let arguments: [String]
    let pid: pid_t
    private var primary: Int32
    private let secondary: Int32
    private var stdinWriter: Int32 = -1
    private var stderrReader: Int32 = -1

    /// Every byte the child wrote to the terminal, raw (`\n` arrives as `\r\n`).
    private(set) var output: [UInt8] = []
    /// Every byte the child wrote to stderr when it is a pipe.
    private(set) var errorOutput: [UInt8] = []
    /// The terminal as drawn by `output`.
    private(set) var screen: ScreenEmulator
    /// Where the last successful `waitFor` match ended in `output`: the next one searches after it.
    private(set) var mark = 0
    private(set) var exitCode: Int32?

    var text: String { String(decoding: output, as: UTF8.self) }
    var errorText: String { String(decoding: errorOutput, as: UTF8.self) }

    /// Starts `checkout ARGS` (paths in ARGS should be absolute: the child inherits the test's
    /// working directory).
    init(_ arguments: [String], options: Options = Options()) throws {
        self.arguments = arguments
        let (primary, secondary, path) = try Self.openTerminal(rows: options.rows, columns: options.columns)
        (self.primary, self.secondary) = (primary, secondary)
        screen = ScreenEmulator(rows: Int(options.rows), columns: Int(options.columns))
        screen.background = options.background

        var env = ChildProcess.environment(
            removing: ["NO_COLOR", "TERM", "COLORTERM", "COLUMNS", "LINES", "TMUX", "TMUX_PANE"], setting: [:])
        if let term = options.term { env["TERM"] = term }
        if options.noColor { env["NO_COLOR"] = "1" }
        for (k, v) in options.environment { env[k] = v }

        // The terminal is opened by path in the child after setsid, so it becomes the child's
        // controlling terminal; stdin or stderr may be pipes instead.
        var standard: [ChildProcess.Descriptor]
        var childEnds: [Int32] = []
        if options.stdinIsPipe {
            let (read, write) = try Self.makePipe()
            stdinWriter = write
            childEnds.append(read)
            standard = [.duplicate(read), .open(path), .duplicate(1)]
        } else {
            standard = [.open(path), .duplicate(0), .duplicate(0)]
        }
        if options.stderrIsPipe {
            let (read, write) = try Self.makePipe()
            stderrReader = read
            childEnds.append(write)
            standard[2] = .duplicate(write)
        }
        defer { for fd in childEnds { close(fd) } }
        do {
            pid = try ChildProcess.spawn(
                options.program ?? CheckoutBinary.url.path, arguments, environment: env, standard: standard, newSession: true)
        } catch {
            for fd in [primary, secondary, stdinWriter, stderrReader] where fd >= 0 { close(fd) }
            throw error
        }
    }

    deinit {
        if exitCode == nil {
            kill(pid, SIGKILL)
            _ = ChildProcess.wait(pid)
        }
        for fd in [primary, secondary, stdinWriter, stderrReader] where fd >= 0 { close(fd) }
    }

    // MARK: Input

    /// Types `text` (its UTF-8 bytes, as a paste would arrive).
    func send(_ text: String) throws { try send(bytes: Array(text.utf8)) }

    /// Presses `keys` one after the other.
    func send(_ keys: TerminalKey...) throws { try send(bytes: keys.flatMap(\.bytes)) }

    /// Presses `key` `count` times.
    func send(_ key: TerminalKey, times count: Int) throws {
        try send(bytes: Array([[UInt8]](repeating: key.bytes, count: count).joined()))
    }

    func send(bytes: [UInt8]) throws { try writeAll(bytes, to: stdinWriter >= 0 ? stdinWriter : primary) }

    private func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "writing to checkout: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    /// Ends stdin when it is a pipe (end of input in line mode).
    func closeInput() {
        if stdinWriter >= 0 { close(stdinWriter) }
        stdinWriter = -1
    }

    /// Sets a new window size on the terminal and signals the child, as a terminal emulator
    /// does when its window is resized.
    func resize(rows: UInt16, columns: UInt16) throws {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(primary, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure(description: "TIOCSWINSZ: \(errno)") }
        screen.resize(rows: Int(rows), columns: Int(columns))
        // The kernel signals the terminal's foreground process group already; this covers a
        // child that is not in it.
        kill(pid, SIGWINCH)
    }

    // MARK: Waiting

    /// Waits until `text` appears in the output after `mark`, then moves `mark` past it and
    /// returns the output from the old mark to the end of the match.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = defaultTimeout) throws -> String {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = Self.find(needle, in: output, from: mark) {
                let seen = String(decoding: output[mark..<range.upperBound], as: UTF8.self)
                mark = range.upperBound
                return seen
            }
            guard try pump(until: deadline) else {
                throw timeoutFailure("\(text.debugDescription) in the output", timeout: timeout)
            }
        }
    }

    /// Waits until the drawn screen satisfies `condition`.
    func waitForScreen(
        _ description: String, timeout: Double = defaultTimeout, _ condition: (ScreenEmulator) -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(screen) {
            guard try pump(until: deadline) else { throw timeoutFailure(description, timeout: timeout) }
        }
    }

    /// Waits until `text` is on the drawn screen.
    func waitForScreen(containing text: String, timeout: Double = defaultTimeout) throws {
        try waitForScreen("\(text.debugDescription) on the screen", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the child to end, reading its output meanwhile; returns the exit code (128 +
    /// the signal when a signal ended it). Everything it wrote before ending is in `output`.
    @discardableResult
    func waitForExit(timeout: Double = defaultTimeout) throws -> Int32 {
        if let exitCode { return exitCode }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let code = ChildProcess.exited(pid) {
                exitCode = code
                drain()
                return code
            }
            // The child's exit is not a readable event on the pty (the parent holds the
            // secondary end open), so output waits are cut into short slices.
            guard try pump(until: deadline, slice: 0.02) || Date() < deadline else {
                throw timeoutFailure("checkout to exit", timeout: timeout)
            }
        }
    }

    /// The terminal's local modes now (after the child exits: what it left behind).
    var modes: (canonical: Bool, echo: Bool, signals: Bool) {
        var attributes = termios()
        tcgetattr(secondary, &attributes)
        let flags = attributes.c_lflag
        return (flags & tcflag_t(ICANON) != 0, flags & tcflag_t(ECHO) != 0, flags & tcflag_t(ISIG) != 0)
    }

    /// The terminal's foreground process group (the job a terminal's Ctrl-Z or Ctrl-C signals).
    var foregroundProcessGroup: pid_t? {
        var group: pid_t = 0
        return primary >= 0 && ioctl(primary, UInt(TIOCGPGRP), &group) == 0 ? group : nil
    }

    /// Closes the terminal's primary end, as a terminal emulator does when its window is closed:
    /// the child's terminal hangs up (SIGHUP; its reads end, its writes fail). Nothing is read after.
    func hangUp() {
        if primary >= 0 { close(primary) }
        primary = -1
    }

    /// The terminal's window size now.
    var windowSize: (rows: UInt16, columns: UInt16) {
        var size = winsize()
        _ = ioctl(secondary, UInt(TIOCGWINSZ), &size)
        return (size.ws_row, size.ws_col)
    }

    /// The output after byte `offset` (e.g. a `mark` taken earlier), as text.
    func text(after offset: Int) -> String { String(decoding: output[min(offset, output.count)...], as: UTF8.self) }

    // MARK: Reading

    /// Reads whatever arrives before `deadline` (or `slice` seconds); false when nothing came.
    private func pump(until deadline: Date, slice: Double = .infinity) throws -> Bool {
        let remaining = min(deadline.timeIntervalSinceNow, slice)
        if remaining <= 0 { return false }
        if primary < 0 {
            // Hung up: nothing to read; wait out the slice (a child's exit is no event here).
            _ = poll(nil, 0, Int32(max(1, remaining * 1000)))
            return false
        }
        var fds = [pollfd(fd: primary, events: Int16(POLLIN), revents: 0)]
        if stderrReader >= 0 { fds.append(pollfd(fd: stderrReader, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), Int32(max(1, remaining * 1000)))
        if ready < 0 && errno == EINTR { return true }
        guard ready > 0 else { return false }
        var progressed = false
        if fds[0].revents & Int16(POLLIN) != 0, let bytes = ChildProcess.readAvailable(primary), !bytes.isEmpty {
            output += bytes
            screen.feed(bytes)
            // Answers to the terminal's queries (cursor position, device attributes), as a
            // terminal gives them.
            let replies = screen.takeReplies()
            if !replies.isEmpty { try? writeAll(replies, to: primary) }
            progressed = true
        }
        if fds.count > 1, fds[1].revents != 0 {
            if let bytes = ChildProcess.readAvailable(stderrReader), !bytes.isEmpty {
                errorOutput += bytes
                progressed = true
            } else {
                close(stderrReader)
                stderrReader = -1
            }
        }
        return progressed
    }

    /// Reads everything already written (after the child exited).
    private func drain() {
        let now = Date()
        while (try? pump(until: now.addingTimeInterval(0.05), slice: 0.001)) == true {}
        if stderrReader >= 0 {
            while let bytes = ChildProcess.readAvailable(stderrReader), !bytes.isEmpty { errorOutput += bytes }
        }
    }

    private func timeoutFailure(_ what: String, timeout: Double) -> Failure {
        Failure(
            description: """
                checkout \(arguments.joined(separator: " ")): no \(what) within \(timeout) s
                screen:
                \(screen.text)
                output after the mark:
                \(text(after: mark).debugDescription)
                stderr: \(errorText.debugDescription)
                """)
    }

    // MARK: Setting up

    /// A pty pair, both ends close-on-exec, with the window size set, and the secondary's path.
    private static func openTerminal(rows: UInt16, columns: UInt16) throws -> (Int32, Int32, String) {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var name = [CChar](repeating: 0, count: 4096)
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, &name, nil, &size) == 0 else {
            throw Failure(description: "openpty: \(String(cString: strerror(errno)))")
        }
        // Not atomic with openpty, but children this suite spawns close every descriptor above
        // 2 anyway (`ChildProcess.spawn`), and so do Foundation's.
        for fd in [primary, secondary] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (primary, secondary, String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// A pipe whose ends are close-on-exec (the child gets its end by dup2).
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe: \(errno)") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty else { return start..<start }
        guard haystack.count - start >= needle.count else { return nil }
        for i in start...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
        }
        return nil
    }
}
