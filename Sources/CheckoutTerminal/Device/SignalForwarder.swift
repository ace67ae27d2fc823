import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signals as events: a handler installed with `signal(2)` writes the signal's number to a pipe,
/// and a thread of its own reads the pipe and calls the Swift handler.
///
/// Not `DispatchSource.makeSignalSource`: it needs the signal ignored (`SIG_IGN`), and on Linux
/// the source is armed later, on libdispatch's manager thread, with the signal blocked in that
/// thread only. A signal that arrived in between, or went to a thread that does not block it,
/// was dropped: Ctrl-C at a line-mode prompt was now and then lost under load (the
/// end-to-end test `ctrlCInLineModeAtATerminal`). The handler here is in place when
/// `handle` returns, and whichever thread takes the signal writes it to the pipe.
enum SignalForwarder {
    private static let handlers = Mutex<[Int32: @Sendable (Int32) -> Void]>([:])
    private static let started = Mutex(false)

    /// Calls `handler` (on the forwarder's thread) each time signal `number` arrives, from now on.
    static func handle(_ number: Int32, _ handler: @escaping @Sendable (Int32) -> Void) {
        startIfNeeded()
        handlers.withLock { $0[number] = handler }
        // signal(2) installs with SA_RESTART (glibc's BSD semantics, as on Darwin): reads in
        // other threads are not interrupted.
        _ = signal(number, forwardSignal)
    }

    private static func startIfNeeded() {
        guard started.claimFirst() else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        signalPipeWriter = fds[1]
        let reader = fds[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(reader, &byte, 1)
                if n < 0 && errno == EINTR { continue }
                guard n == 1 else { return }
                let number = Int32(byte)
                if let handler = handlers.withLock({ $0[number] }) { handler(number) }
            }
        }
        thread.start()
    }
}

/// The pipe's write end, set once before any handler is installed.
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1

/// The signal handler: one async-signal-safe write, errno kept.
private func forwardSignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriter, &byte, 1)
    errno = saved
}

/// Ending signals in line mode, where no terminal is put in raw mode: Ctrl-C at a prompt
/// (SIGINT), SIGTERM and SIGHUP call `handler` with the signal's number; it should end the process.
package enum InterruptSignals {
    package static func handle(_ handler: @escaping @Sendable (Int32) -> Void) {
        for sig in [SIGINT, SIGTERM, SIGHUP] { SignalForwarder.handle(sig, handler) }
    }
}
