import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines from standard input for line mode; a secret line is read without echo when standard
/// input is a terminal (like `getpass`).
package enum LineInput {
    private static let hidden = Mutex<termios?>(nil)

    /// Turns echo back on if a secret line is being read (Ctrl-C while typing a CVV).
    package static func restoreEcho() {
        guard var t = hidden.withLock({ $0.take() }) else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &t)
    }

    package static func standard(secret: Bool) async -> String? {
        await withCheckedContinuation { (c: CheckedContinuation<String?, Never>) in
            DispatchQueue.global().async {
                var saved = termios()
                let hide = secret && isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &saved) == 0
                if hide {
                    var quiet = saved
                    quiet.c_lflag &= ~tcflag_t(ECHO)
                    hidden.withLock { $0 = saved }
                    tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
                }
                let line = Swift.readLine(strippingNewline: true)
                if hide {
                    hidden.withLock { $0 = nil }
                    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                    FileHandle.standardError.write(Data("\n".utf8))
                }
                c.resume(returning: line)
            }
        }
    }
}
