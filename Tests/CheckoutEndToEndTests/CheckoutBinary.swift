import Foundation

/// Runs the built `checkout` executable the way a user does, through pipes.
struct CheckoutBinary {
    /// The repository root (this file is Tests/CheckoutEndToEndTests/CheckoutBinary.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary: `CHECKOUT_BIN` if set, else next to the test bundle in the build folder.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["CHECKOUT_BIN"] { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("checkout")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/checkout")
    }()

    /// Another executable of the package, built next to `checkout`.
    static func sibling(_ name: String) -> URL { url.deletingLastPathComponent().appendingPathComponent(name) }

    /// The instant every run is pinned to (`--now`), so expiry checks and trace times never
    /// depend on the wall clock, and retry backoff advances this clock instead of sleeping.
    static let fixedNow = "2026-06-15T12:00:00Z"

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The signal that ended the process, if one did (then `status` is the signal number).
        var signal: Int32? = nil
    }

    /// Runs `checkout ARGS` in the repository root (or `directory`) and waits for it.
    /// `started` is told the child's process id as soon as it runs (for tests that kill it).
    /// `input`: what the child reads on standard input (nil: nothing, /dev/null).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], program: URL = url, directory: URL = root,
        input: String? = nil, started: (Int32) -> Void = { _ in }
    ) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // The shopper's language is English unless a test says otherwise, whatever the
        // machine's locale (issue 22: `run` reads LC_ALL, LC_MESSAGES and LANG).
        env["LC_ALL"] = nil
        env["LC_MESSAGES"] = nil
        env["LANG"] = "C.UTF-8"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        started(process.processIdentifier)
        if let stdin, let input {
            // Written in full, then closed: the child reads to the end (inputs here are small).
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        // Drain stderr on another thread while this one drains stdout: reading them one after
        // the other could leave the child blocked on a full stderr pipe.
        let errData = PipeDrain(err.fileHandleForReading)
        let outData = readToEnd(out.fileHandleForReading)
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self),
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}

/// Reads a file handle to its end on a background thread.
private final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = readToEnd(handle)
            done.signal()
        }
    }

    /// Waits for end of file and returns everything read; the semaphore orders the write first.
    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Everything `handle` gives until end of file, read with `read(2)` and retried when a signal
/// interrupts it (`EINTR`): Foundation's `readDataToEndOfFile` traps on `EINTR`, which took the
/// whole test process down when a signal reached it during a read.
func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if n > 0 {
            data.append(contentsOf: buffer[0..<n])
        } else if n == 0 || errno != EINTR {
            return data
        }
    }
}
