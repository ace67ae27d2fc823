import CheckoutLanguage
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A journal in a file: each line is appended with one `write` and `fsync`ed before
/// `append` returns, so a line the runtime acted on survives a kill or a power cut.
///
/// The file is locked (`flock`, exclusive) from `init` until the store is released, so two
/// runs never share a journal: the second is refused (`JournalError.locked`) before it reads
/// a byte. Only a regular file is used (a FIFO, device, directory or socket is refused before
/// anything is read or written; a symlink is followed), and one larger than `maximumSize` is
/// refused unread. Reading never changes the file: a torn last line (the process died
/// mid-write) is cut off only by the first `append`, which `RunJournal` makes only once it
/// has checked the file is a journal of this run.
package final class FileJournalStore: JournalStore {
    /// The largest journal read: a run writes a few kilobytes; anything bigger is not one.
    public static let maximumSize = 64 * 1024 * 1024
    /// How a journal's first line starts (`JournalEntry.jsonLine` of `journal.start`).
    static let headerStart = Array(#"{"event":"journal.start""#.utf8)

    private let fd: Int32
    private let path: String
    /// Where the complete lines end, once `lines()` found a torn line after them.
    private let tornFrom = Mutex<off_t?>(nil)

    /// Opens (or creates, mode 0600) the journal file at `path` and locks it.
    /// - Throws: `JournalError.locked` when another run holds it, `.notAJournal` for a file
    ///   that is not a regular one or is too big, `.io` when it cannot be opened.
    public init(path: String) throws {
        self.path = path
        // Checked on a local descriptor, kept only once every check passed: a class whose
        // initializer throws after every property is set is deinitialised, and `deinit` closed
        // the descriptor a second time, by then maybe another thread's file (a parallel test's
        // journal failed with "Bad file descriptor").
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw JournalError.io("cannot open the journal \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw JournalError.io("cannot read the journal \(path): \(why)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw JournalError.notAJournal("it is not a regular file (a device, FIFO, socket or directory); nothing was read or written")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let why = String(cString: strerror(errno))
            close(fd)
            throw busy
                ? JournalError.locked("another run holds it; wait for that run to end, or use another journal file")
                : JournalError.io("cannot lock the journal \(path): \(why)")
        }
        guard info.st_size <= off_t(Self.maximumSize) else {
            close(fd)
            throw JournalError.notAJournal(
                "it is larger than \(Self.maximumSize / 1024 / 1024) MiB, so not a run journal; it was left as it is")
        }
        self.fd = fd
        // The file's directory entry must be durable too.
        let folder = FilePaths.directory(of: path)
        let dir = open(folder.isEmpty ? "." : folder, O_RDONLY)
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
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw JournalError.io("cannot read the journal \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            data += buffer[0..<n]
            guard data.count <= Self.maximumSize else {
                throw JournalError.notAJournal(
                    "it is larger than \(Self.maximumSize / 1024 / 1024) MiB, so not a run journal; it was left as it is")
            }
        }
        let complete = (data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let lines = data[0..<complete].split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        if lines.isEmpty, complete > 0 {
            throw JournalError.notAJournal("the file is not a run journal; it was left as it is")
        }
        if complete < data.count {
            // Only text after a journal's lines, or the start of a journal's first line, can be
            // a line torn by a kill; anything else is some other file (checked by RunJournal
            // when there are complete lines).
            let tail = data[complete...]
            if lines.isEmpty, !(tail.starts(with: Self.headerStart) || Self.headerStart.starts(with: tail)) {
                throw JournalError.notAJournal("the file is not a run journal; it was left as it is")
            }
            tornFrom.withLock { $0 = off_t(complete) }
        }
        return lines
    }

    public func append(_ line: String) throws {
        try tornFrom.withLock { torn in
            // A torn last line: drop it, so the next line starts on a line of its own.
            guard let at = torn else { return }
            guard ftruncate(fd, at) == 0, fsync(fd) == 0 else {
                throw JournalError.io("cannot repair the journal \(path): \(String(cString: strerror(errno)))")
            }
            torn = nil
        }
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress.map { $0 + written }, raw.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw JournalError.io("cannot write the journal \(path): \(String(cString: strerror(errno)))") }
            written += n
        }
        guard fsync(fd) == 0 else { throw JournalError.io("cannot sync the journal \(path): \(String(cString: strerror(errno)))") }
    }
}
