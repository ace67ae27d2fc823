import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Support for the output-file and signal attacks (issue 14, items 2 and 5): the binary spawned
/// with a signal mask of its own, its streams in files, and its end bounded.
enum OutputAttack {
    /// The card the attacks pay with, and its CVV: nothing of either may appear in any output.
    static let number = "4111 1111 1111 1111"
    static let cvv = "736"
    static let answers = """
        paymentMethod: card
        card:
          number: \(number)
          expiry: 12/35
          cvv: \(cvv)
          name: Jane Shopper
        billing:
          name: Jane Shopper
          email: jane@example.com
          country: US
          zip: 01234

        """
    /// More than any run here prints on stdout plus stderr.
    static let outputBound = 64 * 1024

    /// How a spawned `checkout` ended.
    struct Ended {
        /// The exit code, or 128 + the signal that killed it.
        var status: Int32
        /// The signal that killed it (a crash or a default action), if one did.
        var killedBy: Int32?
        var stdout: String
        var stderr: String
        var summary: String { "exit \(status) killed by \(killedBy.map(String.init) ?? "nothing")\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }

    /// Where the child's stdout goes.
    enum Stdout {
        /// A file, read after the end.
        case captured
        /// A pipe whose reader has already gone (`| head -c0`).
        case closedPipe
        /// A pipe that is full and never read: the first write blocks.
        case fullPipe
    }

    /// Runs `checkout ARGS` (absolute paths, or relative to the repository root) with an empty
    /// signal mask, stdin from `stdin`, stderr (and stdout unless told) into files in `ws`.
    /// `started` is told the pid. A child still running after 120 s is killed and recorded as
    /// an issue.
    static func run(
        _ arguments: [String], in ws: Workspace, environment: [String: String] = [:], stdin: String = "/dev/null",
        stdout: Stdout = .captured, started: (pid_t) -> Void = { _ in }
    ) throws -> Ended {
        let outPath = try ws.write("", to: "stdout-\(UUID().uuidString.prefix(8)).txt")
        let errPath = try ws.write("", to: "stderr-\(UUID().uuidString.prefix(8)).txt")
        var fds: [Int32] = [-1, -1]
        var standardOut = ChildProcess.Descriptor.open(outPath)
        if stdout != .captured {
            guard pipe(&fds) == 0 else { throw ChildProcess.Failure(description: "pipe") }
            if stdout == .closedPipe {
                close(fds[0])
                fds[0] = -1
            } else {
                _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
                let chunk = [UInt8](repeating: 0x2e, count: 4096)
                while chunk.withUnsafeBytes({ write(fds[1], $0.baseAddress, $0.count) }) > 0 {}
                _ = fcntl(fds[1], F_SETFL, 0)
            }
            standardOut = .duplicate(fds[1])
        }
        defer { for fd in fds where fd >= 0 { close(fd) } }
        let env = ChildProcess.environment(removing: [], setting: environment.merging(["NO_COLOR": "1"]) { a, _ in a })
        let program = CheckoutBinary.url.path
        let absolute = arguments.map { a in
            a.hasPrefix("flows/") || a.hasPrefix("examples/") ? CheckoutBinary.root.appendingPathComponent(a).path : a
        }
        let pid = try ChildProcess.spawn(program, absolute, environment: env, standard: [.open(stdin), standardOut, .open(errPath)])
        started(pid)
        let (status, killedBy) = waitBounded(pid)
        return Ended(status: status, killedBy: killedBy, stdout: ws.read(outPath) ?? "", stderr: ws.read(errPath) ?? "")
    }

    /// Waits for `pid` (120 s at most, then kills it): its exit code and the signal that ended it.
    static func waitBounded(_ pid: pid_t) -> (Int32, Int32?) {
        let deadline = Date().addingTimeInterval(120)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return (-1, nil) }
            if Date() > deadline {
                Issue.record("checkout did not end within 120 s; killed")
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                break
            }
            usleep(1_000)
        }
        let signaled = status & 0x7f != 0 && status & 0x7f != 0x7f
        return (ChildProcess.exitCode(fromWaitStatus: status), signaled ? status & 0x7f : nil)
    }

    /// Checks what every attack must hold: no crash, the exit code, bounded output, and no card
    /// data in the streams or in `files` (paths; a missing or special file reads as empty).
    static func expectSound(
        _ ended: Ended, exit expected: Int32, files: [String] = [], in ws: Workspace,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(ended.killedBy == nil, "checkout was killed: \(ended.summary)", sourceLocation: sourceLocation)
        #expect(ended.status == expected, "\(ended.summary)", sourceLocation: sourceLocation)
        #expect(ended.stdout.utf8.count + ended.stderr.utf8.count < outputBound, sourceLocation: sourceLocation)
        let scanner = LeakScanner(number: number, cvv: cvv)
        let texts = [("stdout", ended.stdout), ("stderr", ended.stderr)] + files.map { ($0, regularText($0)) }
        for (name, text) in texts {
            #expect(scanner.findings(in: text).isEmpty, "\(name) leaks card data", sourceLocation: sourceLocation)
        }
    }

    /// The text of a regular file at `path`, or "" (nothing there, or a device or FIFO).
    static func regularText(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return "" }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// What is at `path` (not followed): `S_IFREG`, `S_IFLNK`, `S_IFCHR`, …, its mode bits and link count.
    static func kind(_ path: String) -> (type: mode_t, mode: mode_t, links: Int)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT, info.st_mode & 0o7777, Int(info.st_nlink))
    }

    /// A character device node in `ws` with `/dev/null`'s (1,3) or `/dev/full`'s (1,7) numbers,
    /// so a binary that replaced what it writes to would replace this node and not the
    /// system's. Where nodes cannot be made (not root), the system's own path.
    static func device(_ name: String, minor: UInt32, system: String, in ws: Workspace) -> String {
        let path = ws.url.appendingPathComponent(name).path
        return mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 ? path : system
    }

    /// Whether a thread of `pid` is blocked in write(2) on its stdout (Linux: the system call
    /// number and first argument in /proc/PID/task/TID/syscall; x86-64 and arm64 numbers).
    static func blockedWritingStdout(_ pid: pid_t) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let line = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
            return line.hasPrefix("1 0x1 ") || line.hasPrefix("64 0x1 ")
        }
    }

    /// The JSON Lines of a trace file, parsed.
    static func traceEvents(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The `status` of a result JSON text.
    static func status(_ json: String) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["status"] as? String
    }
}
