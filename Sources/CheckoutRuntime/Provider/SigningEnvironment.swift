import CheckoutDomain
import CheckoutLanguage
import Foundation

/// What signing and the tax service need from the outside world — environment variables and
/// running a command (the signing command, the `taxService` command) — injected so tests
/// control both. `.system` is the real process environment.
public struct SigningEnvironment: Sendable {
    /// The value of an environment variable, nil when unset.
    public var variable: @Sendable (String) -> String?
    /// Runs `argv` in `directory` with `input` on stdin; returns its exit status and stdout.
    public var runCommand:
        @Sendable (_ argv: [String], _ directory: String?, _ input: String, _ timeout: Duration) async throws -> CommandOutput

    /// POSTs JSON to a tax service's `url` with its headers; the answer's HTTP status comes
    /// back as `status` and its body as `stdout`. Nil: this environment cannot (the runtime
    /// has no HTTP client: `CheckoutProviders` gives one, `SigningEnvironment.systemWithHTTP`).
    package var post:
        (@Sendable (_ url: String, _ headers: [String: String], _ body: String, _ timeout: Duration) async throws -> CommandOutput)?

    /// A test double the flow's `taxService` is replaced by (a scenario's `taxService:`): the
    /// tax steps ask it and never run the command or reach the `url`. Nil: the real service.
    package var taxServiceStandIn: TaxServiceStandIn?

    /// Creates an environment.
    public init(
        variable: @escaping @Sendable (String) -> String?,
        runCommand:
            @escaping @Sendable (_ argv: [String], _ directory: String?, _ input: String, _ timeout: Duration) async throws -> CommandOutput
    ) {
        post = nil
        self.variable = variable
        self.runCommand = runCommand
    }

    /// The process's environment variables and real child processes.
    public static let system = SigningEnvironment(
        variable: { ProcessInfo.processInfo.environment[$0] }, runCommand: SystemCommand.run)

    /// Signs `fields` by `signer`'s scheme as the flow's `provider.signature` says. Throws `ProviderError` with
    /// code `signature_failed` when the key is missing or the command fails; the message names
    /// the variable or the program, never a value.
    func signature(
        for fields: [String: String], with signing: RequestSigning, signer: any RequestSigner, flowFile: String?
    ) async throws -> String {
        switch signing {
        case .privateKey(let name):
            guard let key = variable(name), !key.isEmpty else {
                throw ProviderError(.signatureFailed, "the environment variable \(name) (provider.signature.privateKey) is not set")
            }
            return signer.signature(of: fields, privateKey: key)
        case .command(let argv, let timeout):
            let directory = flowFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            let output: CommandOutput
            do {
                output = try await runCommand(argv, directory, signer.commandInput(fields), timeout)
            } catch let e as ProviderError {
                throw e
            } catch let e as CommandTimedOut {
                throw ProviderError(.signatureFailed, "the signing command \(UserText.quoted(argv[0])) took longer than \(e.seconds)s")
            } catch {
                throw ProviderError(.signatureFailed, "the signing command \(UserText.quoted(argv[0])) could not be started")
            }
            guard output.status == 0 else {
                throw ProviderError(.signatureFailed, "the signing command \(UserText.quoted(argv[0])) exited with status \(output.status)")
            }
            let signature = output.stdout.trimmingWhitespace()
            guard !signature.isEmpty, signature.utf8.count <= 256, !signature.contains(where: \.isNewline) else {
                throw ProviderError(.signatureFailed, "the signing command \(UserText.quoted(argv[0])) printed no single-line signature")
            }
            return signature
        }
    }
}

/// A finished command: exit status and standard output (standard error is not kept).
public struct CommandOutput: Sendable, Hashable {
    /// The exit status.
    public var status: Int32
    /// What the command wrote to standard output.
    public var stdout: String
    /// Creates a command's output.
    public init(status: Int32, stdout: String) {
        self.status = status
        self.stdout = stdout
    }
}

/// Runs a child process with Foundation's `Process`, off the cooperative thread pool.
enum SystemCommand {
    @Sendable static func run(_ argv: [String], directory: String?, input: String, timeout: Duration) async throws -> CommandOutput {
        // A thread of its own, not Dispatch's pool: the run blocks until the command ends, and
        // many at once (a suite's scenarios in parallel) would use up the pool's threads that
        // the output readers below need — each command would then wait for its timeout.
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    continuation.resume(returning: try runBlocking(argv, directory: directory, input: input, timeout: timeout))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    private static func runBlocking(_ argv: [String], directory: String?, input: String, timeout: Duration) throws -> CommandOutput {
        let process = Process()
        var program = argv[0]
        if program.contains("/"), !program.hasPrefix("/"), let directory {
            program = URL(fileURLWithPath: directory).appendingPathComponent(program).path
        }
        // `env` finds a bare program name on PATH, as a shell would.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + argv.dropFirst()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let timedOut = TimeoutFlag()
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let deadline = DispatchTime.now() + seconds
        DispatchQueue.global().asyncAfter(deadline: deadline) {
            if process.isRunning {
                timedOut.set()
                // SIGKILL, not `terminate()`: a SIGTERM that checkout ignores (`checkout test`
                // does, to end its suites cleanly) is ignored by the command it starts too.
                kill(process.processIdentifier, SIGKILL)
            }
        }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        // Read on another thread: a child the command started (a script's `curl` or `sleep`)
        // outlives the killed command and keeps the pipe open, and waiting for the pipe's end
        // would outlast the timeout.
        let reader = OutputReader(stdout.fileHandleForReading)
        guard let data = reader.output(by: deadline) else {
            timedOut.set()
            // Not waited for: Foundation reaps it; its child may hold on for a while.
            kill(process.processIdentifier, SIGKILL)
            throw CommandTimedOut(seconds: seconds)
        }
        process.waitUntilExit()
        if timedOut.isSet { throw CommandTimedOut(seconds: seconds) }
        return CommandOutput(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self))
    }
}

/// A command ran past its timeout and was ended (`SystemCommand`); the caller says which
/// command it was (`signature_failed`, `tax_failed`).
package struct CommandTimedOut: Error {
    /// The timeout, in seconds.
    package let seconds: Double
}

/// A command's standard output, read to its end on another thread.
private final class OutputReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        // A thread of its own (see `run`): never starved by blocked pool threads.
        Thread { [self] in
            let read = handle.readDataToEndOfFile()
            lock.withLock { data = read }
            done.signal()
        }.start()
    }

    /// The whole output, or nil when the pipe was still open at `deadline`.
    func output(by deadline: DispatchTime) -> Data? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        return lock.withLock { data }
    }
}

/// A flag set from the timeout's queue and read after the process ended.
private final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
