import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to the standard streams, and whether colour is wanted there.
enum Output {
    static func standardOutput(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    static func standardError(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    /// `write(2)` until all is written or it fails. A failure (EIO from a terminal that has
    /// gone away, EPIPE) loses the text but never traps, as `FileHandle.write` does.
    private static func writeAll(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }

    /// Colour only on a terminal, never when `NO_COLOR` is set (https://no-color.org) or
    /// `TERM` is `dumb`: `--color auto`.
    static func wantsColor(fileDescriptor: Int32) -> Bool {
        ColorChoice.auto.wantsColor(fileDescriptor: fileDescriptor)
    }

    /// Writes `text` to `path`, creating or replacing the file atomically (a temporary file
    /// beside it, then a rename): a reader never sees half a result.
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}
