import ArgumentParser
import CheckoutLSP
import Foundation

/// `checkout lsp`: a Language Server Protocol server on standard input and output, for editors.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract:
            "Run a Language Server Protocol server on stdin/stdout: the compiler's diagnostics, completion and navigation as you type.",
        discussion:
            "Started by an editor (docs/editors.md), not by hand. Flows get the diagnostics `checkout validate` gives, scenarios files those of `checkout test`, answers files those of `checkout run --answers`; a change to a flow checks the open flows that extend it and the open scenarios files that run it again. Flows also get quick fixes for the compiler's suggestions, completion, hover, go to definition, references, rename of stage ids and an outline. Exit 0 after the client's shutdown and exit, 1 when input ends or exit comes without shutdown."
    )

    func run() throws {
        // Standard output carries only the protocol's messages.
        let code = LSPConnection.serve(input: STDIN_FILENO, output: STDOUT_FILENO, version: Checkout.configuration.version)
        if code != 0 { throw ExitCode(code) }
    }
}
