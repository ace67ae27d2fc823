import ArgumentParser
import CheckoutHeadless
import CheckoutLanguage
import CheckoutScenarios
import Foundation

/// `checkout schema`: the JSON Schema of flows, answers files or scenarios files, generated
/// from the key tables their readers check keys against.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft-07) of flows, answers files or scenarios files, for editors.",
        discussion: """
            Generated from the readers' own key tables. The repository ships them as schema/flow.schema.json, \
            schema/answers.schema.json and schema/scenarios.schema.json; regenerate a copy with \
            `checkout schema --kind KIND --output schema/KIND.schema.json`.
            """)

    /// The files a schema describes.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case flow, answers, scenarios

        var schema: KeySchema {
            switch self {
            case .flow: FlowSchema.keySchema
            case .answers: AnswersKeys.schema
            case .scenarios: ScenarioKeys.schema
            }
        }
    }

    @Option(help: ArgumentHelp("The files the schema describes: flow, answers or scenarios.", valueName: "kind"))
    var kind: Kind = .flow

    @Option(
        help: ArgumentHelp("Write the schema to this file instead of standard output (- is standard output).", valueName: "file"),
        completion: .file())
    var output: String?

    func run() throws {
        let text = kind.schema.text()
        guard let output, output != "-" else { return Output.standardOutput(text) }
        guard Output.write(text, to: output, what: "schema") else { throw ExitCode(ExitStatus.usage) }
    }
}
