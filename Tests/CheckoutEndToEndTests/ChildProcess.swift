import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// posix_spawn with what a child of the test runner needs to behave as under a shell: the
/// runner blocks most signals and the child would inherit that mask, so it is emptied and
/// every handler reset to the default.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the child's standard descriptors are.
    enum Descriptor {
        /// Dup of a descriptor the parent holds.
        case duplicate(Int32)
        /// A path the child opens read-write (for a terminal: after `setsid`, so it becomes
        /// the controlling terminal).
        case open(String)
    }

    /// glibc's `POSIX_SPAWN_SETSID` (not exported to Swift without `_GNU_SOURCE`).
    #if canImport(Glibc)
        static let setSessionFlag: Int32 = 0x80
    #else
        static let setSessionFlag: Int32 = 0x400
    #endif

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time (Swift
    /// sees no `_GNU_SOURCE` declarations); nil where it does not exist.
    private static var closeFromAction: AddCloseFrom? {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
                return nil
            }
            return unsafeBitCast(symbol, to: AddCloseFrom.self)
        #else
            return nil
        #endif
    }

    /// The test's environment minus `remove`, plus `set`.
    static func environment(removing remove: [String], setting set: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in remove { env[key] = nil }
        for (k, v) in set { env[k] = v }
        return env
    }

    /// Spawns `executable ARGS` with stdin, stdout and stderr as given; closes `closing` in the
    /// child. `newSession` makes the child a session leader (then opening a terminal for stdin
    /// makes it the child's controlling terminal, and Ctrl-C typed there signals the child).
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], standard: [Descriptor],
        closing: [Int32] = [], newSession: Bool = false
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, descriptor) in standard.enumerated() {
            switch descriptor {
            case .duplicate(let source): posix_spawn_file_actions_adddup2(&actions, source, Int32(fd))
            case .open(let path): posix_spawn_file_actions_addopen(&actions, Int32(fd), path, O_RDWR, 0)
            }
        }
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        // Nothing else of the test process: tests run in parallel, and a pipe's write end
        // inherited by another test's child would keep that pipe from reaching end of file.
        if let closeFrom = closeFromAction { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newSession { flags |= setSessionFlag }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Runs `executable ARGS` to its end with stdin empty and stdout and stderr captured together.
    static func output(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, text: String) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe: \(errno)") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(fds[0]) }
        let pid: pid_t
        do {
            pid = try spawn(
                executable, arguments, environment: environment, standard: [.open("/dev/null"), .duplicate(fds[1]), .duplicate(fds[1])])
        } catch {
            close(fds[1])
            throw error
        }
        close(fds[1])
        var bytes: [UInt8] = []
        while let chunk = readAvailable(fds[0]), !chunk.isEmpty { bytes += chunk }
        return (wait(pid), String(decoding: bytes, as: UTF8.self))
    }

    /// The shell's view of a wait status: the exit code, or 128 + the signal that ended it.
    static func exitCode(fromWaitStatus status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Waits for `pid` without a time limit.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return exitCode(fromWaitStatus: status)
    }

    /// The exit code if `pid` has ended, else nil; never blocks.
    static func exited(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        return r == pid ? exitCode(fromWaitStatus: status) : nil
    }

    /// Waits until `fd` is readable or `deadline` passes (true when readable or hung up).
    /// `slice` caps one wait, for callers that also check something else between waits.
    static func waitReadable(_ fd: Int32, until deadline: Date, slice: Double = .infinity) -> Bool {
        let remaining = min(deadline.timeIntervalSinceNow, slice)
        if remaining <= 0 { return false }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(max(1, remaining * 1000)))
        return ready > 0
    }

    /// Reads what is available on `fd` without blocking longer than a readable poll promised;
    /// nil at end of file or on an error other than EINTR/EAGAIN.
    static func readAvailable(_ fd: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { return Array(buffer[0..<n]) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { return [] }
            return nil
        }
    }
}
