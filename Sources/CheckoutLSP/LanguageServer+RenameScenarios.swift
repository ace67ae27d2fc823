import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// A stage's rename and references reach the scenario files that test the flow: the `*.scenarios.yaml` files
/// in the flow's folder, in each scenario that runs this flow (its `flow:`, or by default the
/// file's `NAME.yaml`), where `expect` names stages — `steps.ran`, the stage keys of
/// `steps.visits`, `attempts`, `refreshes`, `waits` and `outcomes`, `steps.routes[].from`/`to`
/// and `sent[].stage`. An open scenario file is edited as the editor has it, another as it is
/// on disk.
extension LanguageServer {
    /// The edits, by URI, renaming stage `old` to `new` in the scenario files of the flow at `flowPath`.
    func scenarioRenameEdits(flowPath: String, old: String, new: String) -> [JSONMember] {
        scenarioStagePlaces(flowPath: flowPath, id: old).map { uri, ranges in
            JSONMember(uri, .array(ranges.map { Self.textEdit($0, new) }))
        }
    }

    /// The places (LSP ranges, by URI) that name stage `id` in the scenario files of the flow at
    /// `flowPath`, the files in name order.
    func scenarioStagePlaces(flowPath: String, id: String) -> [(uri: String, ranges: [JSONValue])] {
        let flow = URL(fileURLWithPath: flowPath).standardizedFileURL.path
        let folder = FilePaths.directory(of: flow)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var out: [(uri: String, ranges: [JSONValue])] = []
        for name in names.sorted() where name.hasSuffix(".scenarios.yaml") || name.hasSuffix(".scenarios.yml") {
            let path = FilePaths.joined(folder, name)
            let open = documents.first { Self.path(ofURI: $0.key).map { URL(fileURLWithPath: $0).standardizedFileURL.path } == path }
            guard let text = open?.value.text ?? (try? String(contentsOfFile: path, encoding: .utf8)) else { continue }
            let nodes = Self.scenarioStageNodes(text, file: path, flow: flow, id: id)
            guard !nodes.isEmpty else { continue }
            let lines = LineTable(text)
            out.append((open?.key ?? Self.fileURI(path), nodes.map { lspRange(FlowOutline.inner($0), lines) }))
        }
        return out
    }

    /// The nodes of the scenarios file at `file` (text `text`) that name stage `id` of `flow`.
    static func scenarioStageNodes(_ text: String, file: String, flow: String, id: String) -> [YAMLNode] {
        guard let root = YAMLParser.parse(text, file: nil).root else { return [] }
        let scenarios = root.sequence ?? root.pair("scenarios")?.value.sequence ?? []
        let base = String(file.dropLast(file.hasSuffix(".yml") ? ".scenarios.yml".count : ".scenarios.yaml".count))
        let defaultFlows = [base + ".yaml", base + ".yml"]
        var nodes: [YAMLNode] = []
        func naming(_ node: YAMLNode?) {
            if let node, node.scalar?.value == id { nodes.append(node) }
        }
        for scenario in scenarios {
            if let relative = scenario.pair("flow")?.value.scalar?.value {
                let path = relative.hasPrefix("/") ? relative : FilePaths.joined(FilePaths.directory(of: file), relative)
                guard URL(fileURLWithPath: path).standardizedFileURL.path == flow else { continue }
            } else if !defaultFlows.contains(flow) {
                continue
            }
            guard let expect = scenario.pair("expect")?.value else { continue }
            if let steps = expect.pair("steps")?.value {
                for item in steps.pair("ran")?.value.sequence ?? [] { naming(item) }
                for key in ["visits", "attempts", "refreshes", "waits", "inputs", "outcomes"] {
                    for pair in steps.pair(key)?.value.mapping ?? [] { naming(pair.key) }
                }
                for route in steps.pair("routes")?.value.sequence ?? [] {
                    naming(route.pair("from")?.value)
                    naming(route.pair("to")?.value)
                }
            }
            for call in expect.pair("sent")?.value.sequence ?? [] { naming(call.pair("stage")?.value) }
        }
        return nodes
    }
}
