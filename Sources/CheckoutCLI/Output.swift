import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to the standard streams, and whether colour is wanted there.
///
/// Plain write(2) calls: a stream that is closed, a pipe whose reader left (EPIPE: SIGPIPE is
/// ignored, `Checkout.main`) or a terminal that went away (EIO) loses the text and nothing
/// else — the run goes on to its end and its exit code.
enum Output {
    static func standardOutput(_ text: String) {
        _ = OutputFile.writeAll(STDOUT_FILENO, Array(text.utf8))
    }

    static func standardError(_ text: String) {
        _ = OutputFile.writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Whether an output option is `-` (`--trace -`, `--junit -`): standard output is then that
    /// file's, and the command's own report goes to standard error. Set once, before any output.
    nonisolated(unsafe) static var reportOnStandardError = false

    /// The command's own report (a run's summary or result JSON, `checkout test`'s lines):
    /// standard output, or standard error when an output file is standard output.
    static func report(_ text: String) {
        if reportOnStandardError { standardError(text) } else { standardOutput(text) }
    }

    /// Claims standard output for the output options given as `-`; a usage error (exit 2) when
    /// two of them, or one and `json` (the name of an option that prints the command's own
    /// JSON there, when given), would share it.
    static func claimStandardOutput(_ options: [(name: String, path: String?)], json: String? = nil) throws {
        let dashes = options.filter { $0.path == "-" }.map(\.name)
        guard !dashes.isEmpty else { return }
        let claims = dashes + (json.map { [$0] } ?? [])
        guard claims.count == 1 else {
            error("\(claims.joined(separator: " and ")) would both write to standard output: give all but one a file")
            throw ExitCode(ExitStatus.usage)
        }
        reportOnStandardError = true
    }

    /// A problem that is not in a file, in the one format of every diagnostic
    /// (docs/running.md "Messages"): `checkout: error: MESSAGE` on stderr, as a finding in a
    /// file is `PATH:LINE:COL: error: MESSAGE [rule]`.
    static func error(_ message: String) {
        standardError("checkout: error: \(message)\n")
    }

    /// Something went wrong that does not change how the command ends:
    /// `checkout: warning: MESSAGE` on stderr.
    static func warning(_ message: String) {
        standardError("checkout: warning: \(message)\n")
    }

    /// Colour only on a terminal, never when `NO_COLOR` is set (https://no-color.org) or
    /// `TERM` is `dumb`: `--color auto`.
    static func wantsColor(fileDescriptor: Int32) -> Bool {
        ColorChoice.auto.wantsColor(fileDescriptor: fileDescriptor)
    }

    /// Writes `text` to the output file `path` (`OutputFile`); on failure says on stderr what
    /// was not written — `checkout: error: could not write the WHAT to PATH: REASON` — and returns false.
    @discardableResult
    static func write(_ text: String, to path: String, what: String) -> Bool {
        guard let failure = OutputFile.write(text, to: path) else { return true }
        Self.error("could not write the \(what) to \(failure)")
        return false
    }

    /// Checks an output path before any work (`OutputFile.check`); a usage error (exit 2) with
    /// `checkout: error: cannot write the WHAT to PATH: REASON` when it cannot be written.
    static func check(_ path: String?, what: String) throws {
        guard let path else { return }
        do {
            try OutputFile.check(path)
        } catch {
            Self.error("cannot write the \(what) to \(error)")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
