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
public final class POSIXTerminal: TerminalDevice {
    private let input: Int32
    private let output: Int32
    private let saved = Mutex<termios?>(nil)
    private let events: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private let reader: EventReader
    private let onInterrupt: @Sendable (Int32) -> Void
    private let signalsInstalled = Mutex(false)
    private let started = Mutex(false)

    /// The terminal on `input` and `output`. `onInterrupt` is called with the signal number
    /// (SIGINT for Ctrl-C) after the terminal has been restored; it should end the process.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, onInterrupt: @escaping @Sendable (Int32) -> Void) {
        self.input = input
        self.output = output
        self.onInterrupt = onInterrupt
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        reader = EventReader(events.makeAsyncIterator())
    }

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { systemWrite(output, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    public func nextEvent() async -> TerminalEvent? {
        startReading()
        return await reader.next()
    }

    public func size() -> TerminalSize {
        var ws = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return TerminalSize(rows: Int(ws.ws_row), columns: Int(ws.ws_col))
        }
        return TerminalSize(rows: 24, columns: 80)
    }

    public func enterRawMode() {
        installSignalHandlers()
        var t = termios()
        guard tcgetattr(input, &t) == 0 else { return }
        saved.withLock { if $0 == nil { $0 = t } }
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

    public func restore() {
        // Only a terminal this put in raw mode is touched: line mode writes no escapes.
        guard var original = saved.withLock({ $0.take() }) else { return }
        write("\u{1B}[?2004l\u{1B}[?25h")
        tcsetattr(input, TCSANOW, &original)
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
                guard n > 0 else { break }
                let bytes = Array(buffer[0..<n])
                // Ctrl-C in raw mode: act now, even while a provider step runs.
                if bytes.contains(0x03), saved.withLock({ $0 != nil }) {
                    interrupt(SIGINT)
                }
                continuation.yield(.input(bytes))
            }
            continuation.finish()
        }
        thread.start()
    }

    private func interrupt(_ signal: Int32) {
        restore()
        onInterrupt(signal)
    }

    private func installSignalHandlers() {
        guard signalsInstalled.claimFirst() else { return }
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            SignalForwarder.handle(sig) { [self] in interrupt($0) }
        }
        SignalForwarder.handle(SIGWINCH) { [continuation] _ in continuation.yield(.resize) }
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
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
