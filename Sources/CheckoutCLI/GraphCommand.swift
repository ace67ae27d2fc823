import ArgumentParser
import CheckoutLanguage
import Foundation

/// `checkout graph FLOW`: the compiled pipeline as Mermaid or DOT.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the compiled pipeline as Mermaid or Graphviz DOT.",
        discussion: "Pipe DOT into graphviz, e.g. `checkout graph FLOW --format dot | dot -Tsvg > flow.svg`.")

    @Argument(help: "The flow file.")
    var flow: String

    @Option(help: "mermaid or dot.")
    var format: PipelineGraph.Format = .mermaid

    func run() throws {
        let compiled = FlowCompiler.compile(contentsOf: flow)
        if !compiled.diagnostics.isEmpty {
            let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDERR_FILENO))
            Output.standardError(renderer.render(file: compiled.diagnostics, source: compiled.source))
        }
        guard let program = compiled.flow else { throw ExitCode(ExitStatus.usage) }
        Output.standardOutput(PipelineGraph(program.pipeline, title: program.definition.id).render(format))
    }
}

extension PipelineGraph.Format: ExpressibleByArgument {}
