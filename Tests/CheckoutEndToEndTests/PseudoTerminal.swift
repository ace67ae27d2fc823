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

        // English unless the test says otherwise, whatever the machine's locale (issue 22).
        let env = ChildProcess.environment(
            removing: ["NO_COLOR", "TERM", "LC_ALL", "LC_MESSAGES"], setting: ["LANG": "C.UTF-8"].merging(environment) { $1 })
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                CheckoutBinary.url.path, arguments, environment: env, standard: Array(repeating: .duplicate(secondary), count: 3),
                closing: [secondary, primary])
        } catch {
            close(secondary)
            throw error
        }
        close(secondary)

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
        let exitStatus = ChildProcess.wait(pid)
        if timedOut { throw Failure(description: "checkout \(arguments) did not finish in \(timeout) s") }
        return Output(status: exitStatus, text: String(decoding: bytes, as: UTF8.self))
    }
}
