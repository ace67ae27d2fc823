import ArgumentParser
import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// `checkout graph FLOW`: the compiled pipeline as Mermaid or DOT.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the compiled pipeline as Mermaid or Graphviz DOT.",
        discussion: "Pipe DOT into graphviz, e.g. `checkout graph FLOW --format dot | dot -Tsvg > flow.svg`.")

    @Argument(help: "The flow file (- for standard input).", completion: .file(extensions: ["yaml", "yml"]))
    var flow: String

    @Option(help: "mermaid or dot.")
    var format: PipelineGraph.Format = .mermaid

    @Option(
        help: ArgumentHelp(
            "Draw the coverage in this file (from `checkout test --coverage FILE`): taken edges solid, untaken dotted and marked.",
            valueName: "file"), completion: .file())
    var coverage: String?

    func run() throws {
        let compiled = FlowCompiler.compile(pathOrStandardInput: flow)
        if !compiled.diagnostics.isEmpty {
            let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDERR_FILENO))
            Output.standardError(renderer.render(file: compiled.diagnostics, source: compiled.source))
        }
        guard let program = compiled.flow else { throw ExitCode(ExitStatus.usage) }
        var graph = PipelineGraph(program.pipeline, title: program.definition.id)
        if let coverage { graph.covered = try Self.coveredKeys(in: coverage, flow: program.definition.id) }
        Output.standardOutput(graph.render(format))
    }

    /// The keys of the covered items of `flow` in the coverage JSON at `path`.
    static func coveredKeys(in path: String, flow: String) throws -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path) else {
            Output.error("cannot read the coverage report \(path)")
            throw ExitCode(ExitStatus.usage)
        }
        guard let flows = JSONParser.parse(data)?["flows"]?.items else {
            Output.error("\(path) is not a coverage report (from checkout test --coverage FILE)")
            throw ExitCode(ExitStatus.usage)
        }
        if let report = flows.first(where: { $0["flow"]?.string == flow }) {
            let covered = (report["items"]?.items ?? []).filter { $0["covered"] == .bool(true) }
            return Set(covered.compactMap { $0["key"]?.string })
        }
        Output.standardError(
            "checkout: error: the coverage report \(path) has no flow \(UserText.quoted(flow)); run its scenarios with --coverage\n")
        throw ExitCode(ExitStatus.usage)
    }
}

extension PipelineGraph.Format: ExpressibleByArgument {}
