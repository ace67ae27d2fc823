import Foundation

/// A file that always holds the input being compiled, so that after a crash (a signal, a
/// trap) the input that caused it is on disk. Written with `pwrite` and `ftruncate` on a
/// descriptor opened once: two system calls per case, no open, no rename, no fsync (the page
/// cache outlives the process).
final class CrashSlot {
    /// The file's path.
    let path: String
    private let descriptor: Int32

    /// Creates or empties the file at `path`.
    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FuzzError("cannot open \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    /// Replaces the file's contents with `bytes`.
    func store(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = pwrite(descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(done))
                if n <= 0 { break }
                done += n
            }
        }
        _ = ftruncate(descriptor, off_t(bytes.count))
    }

    /// Empties the file (no case is running).
    func clear() { _ = ftruncate(descriptor, 0) }
}

/// A problem with the fuzzer's own arguments or files.
struct FuzzError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
