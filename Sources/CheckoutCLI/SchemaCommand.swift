import ArgumentParser
import CheckoutLanguage
import Foundation

/// `checkout schema`: the JSON Schema of the flow language, generated from the compiler's key tables.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft-07) of the flow language, for editors.",
        discussion: """
            Generated from the compiler's own key tables. The repository ships it as schema/flow.schema.json; \
            regenerate that copy with `checkout schema --output schema/flow.schema.json`.
            """)

    @Option(help: ArgumentHelp("Write the schema to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let text = FlowSchema.text()
        guard let output else { return Output.standardOutput(text) }
        guard Output.write(text, to: output, what: "schema") else { throw ExitCode(ExitStatus.usage) }
    }
}
