import ArgumentParser
import CheckoutHeadless
import CheckoutLanguage
import CheckoutRuntime
import CheckoutScenarios
import Foundation

/// `checkout schema`: the JSON Schema of flows, answers files or scenarios files, generated
/// from the key tables their readers check keys against.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract:
            "Print the JSON Schema (draft-07) of a file checkout reads (flows, answers, scenarios, fixtures) or writes (the result, a trace line, the validate report).",
        discussion: """
            Generated from the same key tables the readers check keys against and the writers write from. The repository ships \
            each as schema/KIND.schema.json; regenerate a copy with `checkout schema --kind KIND --output schema/KIND.schema.json`.
            """)

    /// The files a schema describes.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        /// What people write: flows, answers files, scenarios files, sandbox fixtures files.
        case flow, answers, scenarios, fixtures
        /// What checkout writes: the result JSON, a trace line, `validate --format json`.
        case result, trace, validate

        var schema: KeySchema {
            switch self {
            case .flow: FlowSchema.keySchema
            case .answers: AnswersKeys.schema
            case .scenarios: ScenarioKeys.schema
            case .fixtures: ScenarioKeys.fixturesSchema
            case .result: ResultKeys.schema
            case .trace: TraceKeys.schema
            case .validate: ValidateReportKeys.schema
            }
        }
    }

    @Option(
        help: ArgumentHelp(
            "The files the schema describes.", valueName: "kind"))
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
