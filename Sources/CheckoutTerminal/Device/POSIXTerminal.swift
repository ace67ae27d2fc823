import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's own terminal: standard input and output.
///
/// Input is read on a thread of its own and queued, so keys typed while a provider step runs
/// are kept. Ctrl-C is acted on the moment it is read, whatever the run is doing: the
/// terminal is restored and `onInterrupt` runs (the CLI exits 130). SIGINT, SIGTERM and SIGHUP
/// (sent by `kill`) restore the terminal the same way; SIGWINCH becomes a `.resize` event.
///
/// The terminal going away (its reads end or fail in raw mode) is a hang-up: `onInterrupt`
/// runs with SIGHUP, as it does when the kernel's SIGHUP arrives first. Writes are plain
/// `write(2)`s whose failures are ignored: a terminal that is gone never traps the process.
///
/// Ctrl-Z (the key, read in raw mode, or SIGTSTP from `kill`) suspends: the terminal is put
/// back as it was found, and the process stops as SIGTSTP's default stops it. On continuing
/// (`fg`, SIGCONT) raw mode is set again and a `.redraw` event asks for the whole screen.
package final class POSIXTerminal: TerminalDevice {
    private let input: Int32
    private let output: Int32
    private let saved = Mutex<termios?>(nil)
    private let events: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private let reader: EventReader
    private let onInterrupt: @Sendable (Int32) -> Void
    private let signalsInstalled = Mutex(false)
    private let started = Mutex(false)
    private let ending = Mutex(false)
    private let redrawPending = Mutex(false)

    /// The terminal on `input` and `output`. `onInterrupt` is called with the signal number
    /// (SIGINT for Ctrl-C) after the terminal has been restored; it should end the process.
    /// `pending` is input already read (keys typed while `TerminalBackground.ask` waited),
    /// read first.
    package init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, pending: [UInt8] = [],
        onInterrupt: @escaping @Sendable (Int32) -> Void
    ) {
        self.input = input
        self.output = output
        self.onInterrupt = onInterrupt
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        reader = EventReader(events.makeAsyncIterator())
        if !pending.isEmpty { continuation.yield(.input(pending)) }
    }

    package func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemWrite(output, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return  // EIO (the terminal is gone) and any other failure: nothing more to draw
            }
            offset += n
        }
    }

    package func nextEvent() async -> TerminalEvent? {
        startReading()
        let event = await reader.next()
        if event == .redraw { redrawPending.withLock { $0 = false } }
        return event
    }

    package func size() -> TerminalSize {
        var ws = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return TerminalSize(rows: Int(ws.ws_row), columns: Int(ws.ws_col))
        }
        return TerminalSize(rows: 24, columns: 80)
    }

    package func enterRawMode() {
        installSignalHandlers()
        var t = termios()
        guard tcgetattr(input, &t) == 0 else { return }
        let original = saved.withLock { s in
            if s == nil { s = t }
            return s ?? t
        }
        applyRawMode(from: original)
    }

    /// Raw mode from the terminal's `original` modes, and bracketed paste on.
    private func applyRawMode(from original: termios) {
        var t = original
        t.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        t.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP)
        withUnsafeMutableBytes(of: &t.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &t)
        // Bracketed paste: pasted text arrives marked, so it is taken as text, never as keys.
        write("\u{1B}[?2004h")
    }

    package func restore() {
        // Only a terminal this put in raw mode is touched: line mode writes no escapes.
        guard let original = saved.withLock({ $0.take() }) else { return }
        putBack(original)
    }

    /// The terminal as it was found: bracketed paste off, the cursor shown, its modes.
    private func putBack(_ original: termios) {
        var original = original
        write("\u{1B}[?2004l\u{1B}[?25h")
        tcsetattr(input, TCSANOW, &original)
    }

    /// Ctrl-Z: the terminal put back, then stopped as SIGTSTP's default action stops a process;
    /// on continuing, raw mode again and the whole screen redrawn. (A process group with no
    /// job-control shell above it — orphaned — is not stopped: the kernel drops the signal, and
    /// the form carries on at once.)
    private func suspend() {
        if let original = saved.withLock({ $0 }) { putBack(original) }
        _ = signal(SIGTSTP, SIG_DFL)
        // This thread may have been started from one that blocks every signal (a Swift
        // concurrency thread): SIGTSTP is unblocked here so `raise` stops the process before
        // it returns.
        var tstp = sigset_t()
        var previous = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &tstp, &previous)
        _ = raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        // Continued (`fg`).
        SignalForwarder.handle(SIGTSTP) { [self] _ in suspend() }
        resume()
    }

    /// After SIGCONT: raw mode set again (the shell may have changed the modes) and a redraw.
    private func resume() {
        guard let original = saved.withLock({ $0 }) else { return }
        applyRawMode(from: original)
        guard redrawPending.claimFirst() else { return }
        continuation.yield(.redraw)
    }

    /// Reads input on its own thread from the first `nextEvent()` on.
    private func startReading() {
        guard started.claimFirst() else { return }
        let fd = input
        let continuation = continuation
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                let raw = saved.withLock { $0 != nil }
                guard n > 0 else {
                    // In raw mode Ctrl-D is a byte, so an end of input or a failed read is the
                    // terminal gone (a hang-up); the process ends as SIGHUP ends it.
                    if raw {
                        interrupt(SIGHUP)
                        return
                    }
                    break
                }
                let bytes = Array(buffer[0..<n])
                // Ctrl-C in raw mode: act now, even while a provider step runs.
                if bytes.contains(0x03), raw { interrupt(SIGINT) }
                // Ctrl-Z in raw mode (no SIGTSTP from the terminal then): suspend.
                if bytes.contains(0x1A), raw { suspend() }
                continuation.yield(.input(bytes))
            }
            continuation.finish()
        }
        thread.start()
    }

    /// Restores the terminal and ends the process through `onInterrupt`, once: a second
    /// ending (a hang-up seen both as SIGHUP and as a failed read) leaves it to the first.
    private func interrupt(_ signal: Int32) {
        guard ending.claimFirst() else { return }
        restore()
        onInterrupt(signal)
    }

    private func installSignalHandlers() {
        guard signalsInstalled.claimFirst() else { return }
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            SignalForwarder.handle(sig) { [self] in interrupt($0) }
        }
        SignalForwarder.handle(SIGWINCH) { [continuation] _ in continuation.yield(.resize) }
        SignalForwarder.handle(SIGTSTP) { [self] _ in suspend() }
        SignalForwarder.handle(SIGCONT) { [self] _ in resume() }
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}

/// The one consumer of the input stream: the front end asks for one event at a time, never
/// two at once, which is what makes the unchecked sendability safe.
private final class EventReader: @unchecked Sendable {
    private var iterator: AsyncStream<TerminalEvent>.AsyncIterator
    init(_ iterator: AsyncStream<TerminalEvent>.AsyncIterator) { self.iterator = iterator }
    func next() async -> TerminalEvent? { await iterator.next() }
}
