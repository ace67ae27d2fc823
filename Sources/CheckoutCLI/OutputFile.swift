import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an output file could not be written: its path as the user gave it and the system's reason.
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String

    init(_ path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    var description: String { "\(path): \(reason)" }
}

/// An output file the CLI writes (`--result`, `--junit`, `--trace`, `schema --output`),
/// written without harm to what the path names (docs/running.md, "Output files"):
///
/// - a regular file, or a path that does not exist yet: a temporary file beside it, fsynced,
///   renamed over the target when `finish` is called, with the target's permission bits (a
///   new file gets 0666 less the umask). A reader never sees half a file.
/// - a regular file with several hard links: written in place, so every link sees the content.
/// - a FIFO, character device or socket (`/dev/null`, `/dev/stdout`, a pipe): opened and written
///   to directly, never replaced.
/// - a symlink: followed; what it points to is written as above, and the link stays a link.
/// - a directory, or a path in a missing directory: an error when the file is opened.
///
/// Writes never trap: the first failure is kept, later writes are dropped, and `finish`
/// reports it.
final class OutputFile: Sendable {
    /// The path as the user gave it, for messages.
    let path: String
    private struct State {
        var fd: Int32
        /// The temporary file renamed over `target` at the end; nil when written directly.
        var temporary: String?
        var failure: Int32?
        var finished = false
    }
    private let target: String
    private let mode: mode_t
    /// The replaced file's owner and group (kept when the process may, as root does).
    private let owner: (uid: uid_t, gid: gid_t)?
    private let state: Mutex<State>

    /// Opens `path` for writing (see the type's comment); throws when it cannot be written at all.
    init(_ path: String) throws(OutputFileError) {
        self.path = path
        if path == "-" {
            // Standard output, as it is (a terminal, a pipe, a file opened for appending):
            // written to a copy of the descriptor, never replaced.
            target = path
            mode = 0
            owner = nil
            state = Mutex(State(fd: dup(STDOUT_FILENO), temporary: nil))
            return
        }
        let resolved = try Self.resolve(path)
        let target = resolved.path
        self.target = target
        var fd: Int32 = -1
        var temporary: String?
        if let info = resolved.info, (info.st_mode & S_IFMT) != S_IFREG || info.st_nlink > 1 {
            // A device, FIFO or socket, or a file with other hard links: written where it is.
            let truncate = (info.st_mode & S_IFMT) == S_IFREG ? O_TRUNC : 0
            repeat { fd = open(target, O_WRONLY | O_CLOEXEC | truncate) } while fd < 0 && errno == EINTR
            guard fd >= 0 else { throw OutputFileError(path, errno: errno) }
            mode = info.st_mode & 0o7777
            owner = nil
        } else {
            let slash = target.lastIndex(of: "/")
            let directory = slash.map { String(target[..<$0]) } ?? "."
            let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
            var template = Array("\(directory.isEmpty ? "" : directory)/.\(name).XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { b in b.baseAddress.map { mkstemp($0) } ?? -1 }
            guard fd >= 0 else { throw OutputFileError(path, errno: errno) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            mode = resolved.info.map { $0.st_mode & 0o7777 } ?? (0o666 & ~Self.umaskBits)
            owner = resolved.info.map { ($0.st_uid, $0.st_gid) }
        }
        state = Mutex(State(fd: fd, temporary: temporary))
    }

    /// Checks that `path` can be an output file, without creating anything: not a directory, its
    /// directory exists. For files written at the end of a run, checked before the run starts.
    static func check(_ path: String) throws(OutputFileError) {
        if path == "-" { return }
        let resolved = try resolve(path)
        if let info = resolved.info, (info.st_mode & S_IFMT) == S_IFDIR { throw OutputFileError(path, errno: EISDIR) }
    }

    /// Writes `text` to `path` and finishes it; nil, or why it failed.
    static func write(_ text: String, to path: String) -> OutputFileError? {
        do {
            let file = try OutputFile(path)
            file.write(text)
            return file.finish()
        } catch {
            return error
        }
    }

    /// Appends `text`; after a failure, does nothing (`finish` reports the failure).
    func write(_ text: String) {
        state.withLock { s in
            guard s.failure == nil, !s.finished else { return }
            if let code = Self.writeAll(s.fd, Array(text.utf8)) { s.failure = code }
        }
    }

    /// Flushes the file to disk and puts it in place; nil, or why it was not written.
    /// Called once more, returns the first answer's failure again and does nothing else.
    @discardableResult
    func finish() -> OutputFileError? {
        state.withLock { s in
            if s.finished { return s.failure.map { OutputFileError(path, errno: $0) } }
            s.finished = true
            if let temporary = s.temporary {
                if s.failure == nil, fsync(s.fd) != 0 { s.failure = errno }
                if let owner, owner.uid != geteuid() || owner.gid != getegid() { _ = fchown(s.fd, owner.uid, owner.gid) }
                if s.failure == nil, fchmod(s.fd, mode) != 0 { s.failure = errno }
                close(s.fd)
                if s.failure == nil, rename(temporary, target) != 0 { s.failure = errno }
                if s.failure != nil {
                    unlink(temporary)
                } else {
                    Self.syncDirectory(of: target)
                }
            } else {
                // A device or FIFO may not sync (EINVAL); only a regular file's fsync counts.
                if s.failure == nil, fsync(s.fd) != 0, errno != EINVAL, errno != EROFS { s.failure = errno }
                close(s.fd)
            }
            return s.failure.map { OutputFileError(path, errno: $0) }
        }
    }

    /// Makes a rename in the directory of `path` durable; best effort (not every file system can).
    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Writes all of `bytes` to `fd`, again after EINTR or a short write; nil, or the errno.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { b in b.baseAddress.map { systemWrite(fd, $0 + done, b.count - done) } ?? 0 }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    /// `path` with its symlinks followed (at most 40), and what is there (nil: nothing yet, but
    /// its directory exists).
    private static func resolve(_ path: String) throws(OutputFileError) -> (path: String, info: stat?) {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            if lstat(current, &info) != 0 {
                let code = errno
                guard code == ENOENT else { throw OutputFileError(path, errno: code) }
                // A new file: its directory must exist.
                let slash = current.lastIndex(of: "/")
                let directory = slash.map { String(current[..<$0]) } ?? "."
                var dirInfo = stat()
                if stat(directory.isEmpty ? "/" : directory, &dirInfo) != 0 { throw OutputFileError(path, errno: errno) }
                if (dirInfo.st_mode & S_IFMT) != S_IFDIR { throw OutputFileError(path, errno: ENOTDIR) }
                return (current, nil)
            }
            if (info.st_mode & S_IFMT) == S_IFDIR { throw OutputFileError(path, errno: EISDIR) }
            guard (info.st_mode & S_IFMT) == S_IFLNK else { return (current, info) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw OutputFileError(path, errno: errno) }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let slash = current.lastIndex(of: "/")
                current = (slash.map { String(current[...$0]) } ?? "") + link
            }
        }
        throw OutputFileError(path, errno: ELOOP)
    }

    /// The process's umask, read once (setting it back at once).
    private static let umaskBits: mode_t = {
        let bits = umask(0o022)
        umask(bits)
        return bits
    }()
}

/// write(2), named apart from `OutputFile.write`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
