import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `checkout` executable with a pseudo-terminal (openpty) as its stdin, stdout
/// and stderr, so it sees what it sees in a user's terminal: `isatty` is true.
enum PseudoTerminal {
    struct Output {
        var status: Int32
        /// Everything the child wrote to the terminal (the terminal turns `\n` into `\r\n`).
        var text: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `checkout ARGS` with the test's environment minus `NO_COLOR` and `TERM`, plus
    /// `environment`, and waits for it (at most `timeout` seconds). The child inherits the
    /// test's working directory, so paths in `arguments` should be absolute.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) throws -> Output {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard openpty(&primary, &secondary, nil, nil, nil) == 0 else { throw Failure(description: "openpty: \(errno)") }
        defer { close(primary) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, secondary, fd) }
        posix_spawn_file_actions_addclose(&actions, secondary)
        posix_spawn_file_actions_addclose(&actions, primary)

        // The test runner blocks most signals and the child would inherit that: reset the
        // mask and every handler.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = nil
        for (k, v) in environment { env[k] = v }
        let executable = CheckoutBinary.url.path
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }

        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(secondary)
        guard spawned == 0 else { throw Failure(description: "posix_spawn \(executable): \(spawned)") }

        // Read until the child has closed its end (EIO on Linux, 0 elsewhere) or time runs out.
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            var poller = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            let n = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes += buffer[0..<n]
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if timedOut { throw Failure(description: "checkout \(arguments) did not finish in \(timeout) s") }
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Output(status: exitStatus, text: String(decoding: bytes, as: UTF8.self))
    }
}
