import ArgumentParser
import Foundation

/// The `checkout` executable: parses arguments and calls down into the library.
@main
struct Checkout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout",
        abstract: "Compile and run payment checkout flows written in YAML.",
        discussion: """
            Exit codes: 0 success · 1 payment not completed (declined, failed, canceled) · \
            2 invalid flow or usage · 3 invalid or missing answers · 4 provider failure after retries · 130 interrupted (143 SIGTERM, 129 SIGHUP). \
            `validate`: 0 no errors · 2 errors found · 64 bad command line · 66 a path could not be read.
            """,
        version: "0.1.0",
        subcommands: [
            RunCommand.self, TestCommand.self, ValidateCommand.self, GraphCommand.self, ScenariosCommand.self, SchemaCommand.self,
            ServeCommand.self, LSPCommand.self,
        ]
    )

    /// Runs the command, mapping usage errors to exit code 2 (SPEC §11) instead of
    /// ArgumentParser's 64 — except for `validate`, whose 2 means "problems found" and whose
    /// usage errors keep 64 (`ExitStatus`). The common forms of `checkout validate` and of a
    /// headless `checkout run` skip the parser (`ValidateCommand.quickParse`,
    /// `RunCommand.quickParse`); errors they throw are reported the same way.
    static func main() async {
        // A reader that leaves (`checkout run … --json | head -c1`) makes writes fail with EPIPE,
        // which `Output` ignores, instead of killing the process. A handler that does nothing,
        // not SIG_IGN: an ignored signal stays ignored in the programs a run starts (signature
        // hooks), a handled one is reset to the default by exec.
        _ = signal(SIGPIPE, discardSignal)
        do {
            if let validate = ValidateCommand.quickParse(CommandLine.arguments.dropFirst()) {
                try validate.run()
                return
            }
            if let run = RunCommand.quickParse(CommandLine.arguments.dropFirst()) {
                try await run.run()
                return
            }
            var command = try parseAsRoot(TestCommand.coverageArguments(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            Output.standardError(usageMessage(fullMessage(for: error)))
            Foundation.exit(CommandLine.arguments.dropFirst().first == "validate" ? ExitStatus.validateUsage : ExitStatus.usage)
        }
    }

    /// ArgumentParser's `Error: MESSAGE` and usage lines in the one format of every message:
    /// `checkout: error: MESSAGE`, then the usage.
    static func usageMessage(_ text: String) -> String {
        (text.hasPrefix("Error: ") ? "checkout: error: " + text.dropFirst("Error: ".count) : text) + "\n"
    }
}

/// SIGPIPE's handler: nothing (the write that raised it fails with EPIPE).
private func discardSignal(_: Int32) {}

/// Exit codes of SPEC §11 that the CLI itself decides; a run's own come from
/// `CheckoutStatus.exitCode`. docs/running.md "Exit codes" has the table per command.
enum ExitStatus {
    /// An invalid flow, option or file.
    static let usage: Int32 = 2
    /// `checkout validate`: the flows were read and have errors ("problems found"; SPEC's
    /// "invalid flow").
    static let problemsFound: Int32 = 2
    /// `checkout validate`: the command line is wrong, so nothing was checked (sysexits.h
    /// `EX_USAGE`, ArgumentParser's own code for a usage error).
    static let validateUsage: Int32 = 64
    /// `checkout validate`: a path could not be read (missing, a directory, no permission), so
    /// the check is incomplete; the readable paths are still reported (sysexits.h `EX_NOINPUT`).
    static let validateUnreadable: Int32 = 66
    /// `checkout test`: a scenario failed.
    static let scenariosFailed: Int32 = 1

    /// Ended by `signal`, as a shell reports it: 128 + the signal (130 SIGINT, 143 SIGTERM,
    /// 129 SIGHUP). Arithmetic only: called from signal handlers.
    static func interrupted(by signal: Int32) -> Int32 { 128 + signal }
}
