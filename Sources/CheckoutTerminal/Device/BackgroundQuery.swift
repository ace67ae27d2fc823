import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalBackground {
    /// xterm's OSC 11 query ("what is the background colour?") and then DA1 ("what are you?"),
    /// which every terminal answers: a DA1 answer with no OSC 11 answer before it means the
    /// terminal does not tell its background, and nothing waits for the timeout.
    static let query = "\u{1B}]11;?\u{1B}\\\u{1B}[c"

    /// Asks the terminal on `input` and `output` for its background colour: the query written,
    /// the answers read with echo and line editing off, for at most `timeoutMilliseconds`, and
    /// the terminal's modes put back. Returns the background (nil when the terminal did not
    /// say) and every byte read that was not part of the answers — keys typed meanwhile — for
    /// the form to read first (`POSIXTerminal(pending:)`), so nothing typed is lost.
    package static func ask(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeoutMilliseconds: Int = 200
    ) -> (background: TerminalBackground?, pending: [UInt8]) {
        var original = termios()
        guard isatty(input) == 1, isatty(output) == 1, tcgetattr(input, &original) == 0 else { return (nil, []) }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &quiet)
        defer { tcsetattr(input, TCSANOW, &original) }
        let bytes = Array(query.utf8)
        guard bytes.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == bytes.count else { return (nil, []) }

        var received: [UInt8] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 256)
        while Answers.deviceAttributes(in: received) == nil {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, Int32((deadline - now) / 1_000_000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            received += buffer[0..<n]
        }
        return Answers.split(received)
    }

    /// Finding the two answers among the bytes read.
    enum Answers {
        /// The range of an OSC 11 answer (`ESC ] 11 ; … BEL` or `… ESC \`), if complete.
        static func background(in bytes: [UInt8]) -> Range<Int>? {
            guard let start = find([0x1B, 0x5D, 0x31, 0x31, 0x3B], in: bytes, from: 0) else { return nil }
            var i = start + 5
            while i < bytes.count {
                if bytes[i] == 0x07 { return start..<(i + 1) }
                if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5C { return start..<(i + 2) }
                i += 1
            }
            return nil
        }

        /// The range of a DA1 answer (`ESC [ ? … c`), if complete.
        static func deviceAttributes(in bytes: [UInt8]) -> Range<Int>? {
            guard let start = find([0x1B, 0x5B, 0x3F], in: bytes, from: 0) else { return nil }
            var i = start + 3
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "c") { return start..<(i + 1) }
                guard (0x30...0x3B).contains(b) else { return nil }  // digits and ';' only
                i += 1
            }
            return nil
        }

        /// The background the bytes answer, and the bytes that were not answers.
        static func split(_ bytes: [UInt8]) -> (background: TerminalBackground?, pending: [UInt8]) {
            var rest = bytes
            var background: TerminalBackground?
            if let r = Self.background(in: rest) {
                background = TerminalBackground.fromOSC11(Array(rest[r]))
                rest.removeSubrange(r)
            }
            if let r = deviceAttributes(in: rest) { rest.removeSubrange(r) }
            return (background, rest)
        }

        private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
            guard bytes.count >= needle.count else { return nil }
            for i in from...(bytes.count - needle.count) where bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            return nil
        }
    }
}
