import Foundation
import Testing

/// `checkout graph` output read by its real consumers (issue 20): every shipped flow's graph,
/// with and without a coverage overlay, and a flow of odd stage ids, as Mermaid (the default)
/// through Mermaid's own parser (`Support/mermaid_parse.py`: mermaid.js 11.12.0 from the PyPI
/// wheel mmdc 0.7.0) and as DOT through Graphviz's `dot`. `.ci/test` installs both.
@Suite(.serialized) struct GraphConsumerTests {
    static let python = ConsumersVenv.url.appendingPathComponent("bin/python").path
    static let dot = "/usr/bin/dot"
    static let install =
        "the README's test command, .ci/test, installs Graphviz and Mermaid's parser (mmdc 0.7.0 in \(ConsumersVenv.url.path))"

    /// Stage ids Mermaid could take for something else: keywords, an arrow's head, `--`.
    static let oddFlow = """
        flow: odd-ids
        dsl: 1
        request: { price: { amount: 5.00 } }
        screens:
          - { id: style, kind: creditCard }
          - { id: click, kind: billing }
          - { id: subgraph, kind: review, when: "paymentMethod == card" }
        steps:
          - { id: o--x, kind: createToken }
          - { id: class, kind: tokenize }
          - { id: default, kind: sale, on: { declined: style } }
        """

    /// Every graph the tests hand to the consumers: `name → checkout graph arguments`.
    static func graphs(in ws: Workspace) throws -> [(String, [String])] {
        let shipped = try FileManager.default.contentsOfDirectory(atPath: CheckoutBinary.root.appendingPathComponent("flows").path)
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }.sorted()
        var graphs = shipped.map { (String($0.dropLast(5)), ["flows/\($0)"]) }
        graphs.append(("odd-ids", [try ws.write(oddFlow, to: "odd-ids.yaml")]))
        // Coverage overlays add linkStyle, classDef and class lines.
        for flow in ["second-card", "auth-capture-refund"] {
            let coverage = ws.url.appendingPathComponent("\(flow).coverage.json").path
            let run = try CheckoutBinary.run(["test", "flows/\(flow).scenarios.yaml", "--coverage=\(coverage)"])
            #expect(run.status == 0, "\(run.stderr)")
            graphs.append(("\(flow)-coverage", ["flows/\(flow).yaml", "--coverage", coverage]))
        }
        return graphs
    }

    @Test func mermaidsOwnParserAcceptsEveryGraph() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("\(Self.python) does not exist: \(Self.install)")
            return
        }
        let ws = try Workspace()
        var files: [String] = []
        for (name, arguments) in try Self.graphs(in: ws) {
            let r = try CheckoutBinary.run(["graph"] + arguments)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            files.append(try ws.write(r.stdout, to: "\(name).mmd"))
        }
        // The control: the spelling of before (a node called `end`) is refused, so an "ok"
        // means the parser read the graph.
        let control = try ws.write("flowchart TD\n    sale[[\"sale\"]]\n    end((\"end\"))\n    sale --> end\n", to: "control.mmd")
        let r = try CheckoutBinary.run(
            [CheckoutBinary.root.appendingPathComponent("Tests/CheckoutEndToEndTests/Support/mermaid_parse.py").path] + files + [control],
            program: URL(fileURLWithPath: Self.python))
        guard r.status != 3 else {
            Issue.record("\(r.stderr) — \(Self.install)")
            return
        }
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == files.count + 1, "\(r.stdout)\(r.stderr)")
        for (file, line) in zip(files, lines) { #expect(line == "ok \(file)", "\(line)") }
        #expect(lines.last?.hasPrefix("error \(control): Parse error on line 3") == true, "\(lines.last ?? r.stderr)")
        #expect(r.status == 1)
    }

    @Test func graphvizReadsEveryDOTGraph() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.dot) else {
            Issue.record("\(Self.dot) does not exist: \(Self.install)")
            return
        }
        let ws = try Workspace()
        for (name, arguments) in try Self.graphs(in: ws) {
            let r = try CheckoutBinary.run(["graph"] + arguments + ["--format", "dot"])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let file = try ws.write(r.stdout, to: "\(name).dot")
            // `-Tcanon`: dot reads and lays out the graph and prints it back, nodes by name.
            let laid = try CheckoutBinary.run(["-Tcanon", file], program: URL(fileURLWithPath: Self.dot))
            #expect(laid.status == 0 && laid.stderr.isEmpty, "\(name): \(laid.stderr)")
            #expect(laid.stdout.hasPrefix("digraph"), "\(name)")
        }
    }
}

/// The virtual environment `.ci/test` makes for the outputs' real consumers (Mermaid's parser,
/// the SARIF schema): `.build/consumers-venv`, or CHECKOUT_CONSUMERS_VENV.
enum ConsumersVenv {
    static let url: URL = {
        let path = ProcessInfo.processInfo.environment["CHECKOUT_CONSUMERS_VENV"] ?? ".build/consumers-venv"
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : CheckoutBinary.root.appendingPathComponent(path)
    }()

    /// The SARIF 2.1.0 schema file in the environment's site-packages, if it is there.
    static var sarifSchema: String? {
        let lib = url.appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.filter { $0.hasPrefix("python3") }.map {
            lib.appendingPathComponent("\($0)/site-packages/sarif-schema.json").path
        }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
