import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of the `checkout` binary with everything bounded: its output is counted (and kept
/// up to `keep` bytes), and it is killed when the output passes `maximumOutput`, its resident
/// memory passes `maximumMemory`, or `deadline` passes. A run that had to be killed is a
/// failure of the attack, which the caller's expectations on `status` and the bounds report;
/// the bounds also keep an old binary's gigabytes of output or memory off the shared machine.
struct BoundedRun {
    /// The exit code, or 128 + the signal that ended it.
    var status: Int32
    /// Bytes written on stdout and stderr together (up to the kill when one happened).
    var outputBytes: Int
    /// The first `keep` bytes of stdout and of stderr.
    var stdout: String
    var stderr: String
    /// The child's peak resident set in KiB: `wait4`'s `ru_maxrss` when it is the child's own,
    /// else the most seen while polling (see `childPeak`).
    var peakMemoryKiB: Int
    /// Why it was killed, if it was: `output`, `memory` or `deadline`.
    var killed: String?

    /// The stand-in deadline: generous, so a loaded machine does not break it; a child that
    /// needs it is hanging.
    static let deadline: TimeInterval = 120

    /// Runs `checkout ARGS` with stdin empty (paths in ARGS absolute: the test runner's
    /// directory is not the repository's).
    static func run(
        _ arguments: [String], maximumOutput: Int = 16 << 20, maximumMemory: Int = 1 << 30, keep: Int = 64 << 10
    ) throws -> BoundedRun {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw ChildProcess.Failure(description: "pipe: \(errno)") }
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        let environment = ChildProcess.environment(removing: [], setting: ["NO_COLOR": "1"])
        let spawned = Result {
            try ChildProcess.spawn(
                CheckoutBinary.url.path, arguments, environment: environment,
                standard: [.open("/dev/null"), .duplicate(outPipe[1]), .duplicate(errPipe[1])])
        }
        close(outPipe[1])
        close(errPipe[1])
        let pid = try spawned.get()
        var run = BoundedRun(status: 0, outputBytes: 0, stdout: "", stderr: "", peakMemoryKiB: 0, killed: nil)
        var kept: [[UInt8]] = [[], []]
        var open = [outPipe[0], errPipe[0]]
        var seenKiB = 0
        let end = Date().addingTimeInterval(deadline)
        while open.contains(where: { $0 >= 0 }) {
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polls, nfds_t(polls.count), 100)
            for (i, fd) in open.enumerated() where fd >= 0 && polls[i].revents != 0 {
                guard let chunk = ChildProcess.readAvailable(fd) else {
                    open[i] = -1
                    continue
                }
                run.outputBytes += chunk.count
                kept[i] += chunk.prefix(max(0, keep - kept[i].count))
            }
            let resident = residentKiB(pid)
            seenKiB = max(seenKiB, resident)
            if run.killed == nil {
                let reason =
                    run.outputBytes > maximumOutput
                    ? "output" : resident > maximumMemory / 1024 ? "memory" : Date() > end ? "deadline" : nil
                if let reason {
                    run.killed = reason
                    kill(pid, SIGKILL)
                }
            }
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        run.status = ChildProcess.exitCode(fromWaitStatus: status)
        run.peakMemoryKiB = childPeak(maxrss: usage.ru_maxrss, seen: seenKiB)
        run.stdout = String(decoding: kept[0], as: UTF8.self)
        run.stderr = String(decoding: kept[1], as: UTF8.self)
        return run
    }

    /// `VmRSS` of a running process in KiB, 0 when it cannot be read.
    static func residentKiB(_ pid: pid_t) -> Int { statusKiB(pid, "VmRSS:") }

    /// A `/proc/PID/status` figure in KiB (`VmRSS:`, `VmHWM:`), 0 when it cannot be read.
    static func statusKiB(_ pid: pid_t, _ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) })
        else { return 0 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }

    /// The child's own peak. `posix_spawn` starts the child in this process's memory until it
    /// execs, and Linux then counts this process's high-water mark into the child's
    /// `ru_maxrss`: with a test runner grown past 256 MiB, a small child "peaked" at 262 MiB.
    /// This process's mark only grows, so an `ru_maxrss` above it now is the child's own; one
    /// at or below it may be ours, and the most the polls saw stands in (a peak between two
    /// polls of a child smaller than the runner can go unseen).
    static func childPeak(maxrss: Int, seen: Int) -> Int {
        maxrss > statusKiB(getpid(), "VmHWM:") ? maxrss : seen
    }
}
