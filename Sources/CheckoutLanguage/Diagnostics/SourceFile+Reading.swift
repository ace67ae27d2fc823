import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file given as input (a flow, an answers file, a scenarios file) could not be read.
package struct FileReadError: Error, Sendable, Hashable {
    /// `size-limit` when the file is too large, `file-unreadable` otherwise.
    public var rule: Rule
    /// Lower-case words: `no such file or directory`, `is a directory, not a file`,
    /// `the file is 209715200 bytes, more than the limit of 16777216 bytes`.
    public var reason: String

    /// Creates an error.
    public init(rule: Rule, reason: String) {
        self.rule = rule
        self.reason = reason
    }

    /// The finding for the file at `path`; `what` names the kind of file (`the answers file`).
    public func diagnostic(file path: String, what: String) -> Diagnostic {
        Diagnostic(rule: rule, message: rule == .sizeLimit ? reason : "cannot read \(what): \(reason)", file: path)
    }
}

extension SourceFile {
    /// Reads the file at `path`, at most `maxBytes` of it: the one way inputs are read, so that
    /// flows, answers and scenarios files fail alike and no input is read whole before its size
    /// is known.
    ///
    /// A regular file's size is checked (`fstat`) before anything is read. A pipe or FIFO
    /// (`--answers /dev/stdin`, `<(…)`) or a character device is read up to `maxBytes + 1`
    /// bytes, so `/dev/zero` ends in "more than the limit" at once; a FIFO nobody writes to
    /// reads as empty instead of waiting for a writer. Directories, sockets and block devices
    /// are refused without opening them. Errors say what the system said (`too many levels
    /// of symbolic links` for a loop).
    package static func read(path: String, maxBytes: Int) -> Result<[UInt8], FileReadError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.system(errno)) }
        if let refused = refusal(info.st_mode) { return .failure(FileReadError(rule: .fileUnreadable, reason: refused)) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer. Cleared once open.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.system(errno)) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { return .failure(.system(errno)) }
        if let refused = refusal(info.st_mode) { return .failure(FileReadError(rule: .fileUnreadable, reason: refused)) }
        let regular = info.st_mode & S_IFMT == S_IFREG
        if regular, Int(info.st_size) > maxBytes { return .failure(.tooLarge(size: Int(info.st_size), limit: maxBytes)) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(regular ? Int(info.st_size) + 1 : min(maxBytes + 1, 64 << 10))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maxBytes {
            let wanted = min(chunk.count, maxBytes + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
            if n < 0 {
                if errno == EINTR { continue }
                // A FIFO whose writer has not written yet reads EAGAIN on some systems: empty.
                if errno == EAGAIN { break }
                return .failure(.system(errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        if bytes.count > maxBytes {
            // A growing regular file or a stream: its size is not known, only that it is too large.
            return .failure(FileReadError(rule: .sizeLimit, reason: "the file is more than the limit of \(maxBytes) bytes"))
        }
        return .success(bytes)
    }

    /// The reason a file of this type is not read, or nil when it is read.
    private static func refusal(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFDIR: "is a directory, not a file"
        case S_IFSOCK: "is a socket, not a file"
        case S_IFBLK: "is a block device, not a file"
        default: nil
        }
    }
}

extension FileReadError {
    /// Why `path` cannot be looked at (`no such file or directory`, `too many levels of
    /// symbolic links`), or nil when it can.
    public static func statusOf(path: String) -> FileReadError? {
        var info = stat()
        return stat(path, &info) == 0 ? nil : .system(errno)
    }

    /// The system's words for `code`, starting lower case: `no such file or directory`.
    static func system(_ code: Int32) -> FileReadError {
        let text = String(cString: strerror(code))
        return FileReadError(rule: .fileUnreadable, reason: text.prefix(1).lowercased() + text.dropFirst())
    }

    /// The message `size-limit` has always had: `the file is N bytes, more than the limit of L bytes`.
    static func tooLarge(size: Int, limit: Int) -> FileReadError {
        FileReadError(rule: .sizeLimit, reason: "the file is \(size) bytes, more than the limit of \(limit) bytes")
    }
}
