import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A journal in a file: each line is appended with one `write` and `fsync`ed before
/// `append` returns, so a line the runtime acted on survives a kill or a power cut. A torn
/// last line (the process died mid-write) is cut off when the file is read.
public final class FileJournalStore: JournalStore {
    private let fd: Int32
    private let path: String

    /// Opens (or creates, mode 0600) the journal file at `path`.
    public init(path: String) throws {
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalError.io("cannot open the journal \(path): \(String(cString: strerror(errno)))") }
        // The file's directory entry must be durable too.
        let dir = open((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent, O_RDONLY)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    deinit { close(fd) }

    public func lines() throws -> [String] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(data.count)) }
            guard n >= 0 else { throw JournalError.io("cannot read the journal \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            data += buffer[0..<n]
        }
        let complete = (data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        if complete < data.count {
            // A torn last line: drop it, so the next line starts on a line of its own.
            guard ftruncate(fd, off_t(complete)) == 0, fsync(fd) == 0 else {
                throw JournalError.io("cannot repair the journal \(path): \(String(cString: strerror(errno)))")
            }
        }
        return data[0..<complete].split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }

    public func append(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw JournalError.io("cannot write the journal \(path): \(String(cString: strerror(errno)))") }
            written += n
        }
        guard fsync(fd) == 0 else { throw JournalError.io("cannot sync the journal \(path): \(String(cString: strerror(errno)))") }
    }
}
