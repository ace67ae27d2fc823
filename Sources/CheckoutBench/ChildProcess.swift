import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program the way a shell does (`posix_spawn`, then `wait4`) and measures it from the
/// outside: wall time on the monotonic clock from just before the spawn to just after the
/// child is reaped, and the child's peak resident set from its `rusage`.
struct ChildProcess {
    /// What one run cost.
    struct Run {
        var exitStatus: Int32
        var seconds: Double
        var peakMemoryBytes: Int
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable ARGUMENTS` in the current directory with stdin from `/dev/null`,
    /// stdout and stderr to the given files (`/dev/null` by default), and waits for it. `setting`
    /// adds variables to (or replaces them in) this process's environment for the child.
    static func run(
        _ executable: String, _ arguments: [String], stdout: String = "/dev/null", stderr: String = "/dev/null",
        setting: [String: String] = [:]
    ) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        // A clean signal state, whatever the parent blocks or ignores.
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

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(setting) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }

        var pid = pid_t()
        let start = monotonicSeconds()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let seconds = monotonicSeconds() - start
        // WIFEXITED / WEXITSTATUS, which Swift does not import; a signal shows as 128 + signo.
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        #if os(Linux)
            let peak = usage.ru_maxrss * 1024  // KiB on Linux
        #else
            let peak = usage.ru_maxrss
        #endif
        return Run(exitStatus: exitStatus, seconds: seconds, peakMemoryBytes: peak)
    }

    /// Seconds on `CLOCK_MONOTONIC`.
    static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
