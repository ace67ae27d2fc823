package import CheckoutJSON
import CheckoutLanguage

extension CoverageReport {
    /// The text summary `checkout test --coverage` prints: per flow its covered items, the
    /// percentage, each uncovered item with `file:line`, and what its stages produced.
    package var text: String {
        var out = ""
        for flow in flows {
            out += "coverage \(flow.flow) (\(flow.file)): \(flow.coveredCount)/\(flow.total) "
            out += "\(Self.formatted(flow.percent)) over \(flow.scenarios) scenario\(flow.scenarios == 1 ? "" : "s")\n"
            for item in flow.uncovered {
                let place = flow.lines[item.key].map { "\(flow.file):\($0)" } ?? flow.file
                out += "  uncovered \(place): \(item.summary)\n"
            }
            for stage in flow.observed.keys.sorted() {
                guard let seen = flow.observed[stage], !seen.isEmpty else { continue }
                out += "  produced \(stage): \(seen.sorted().joined(separator: ", "))\n"
            }
        }
        out += "coverage: \(coveredCount)/\(total) \(Self.formatted(percent)) over \(flows.count) flow\(flows.count == 1 ? "" : "s")\n"
        return out
    }

    /// The report as JSON (`--coverage FILE`; `checkout graph --coverage` reads it back):
    /// `{covered, total, percent, flows: [{flow, file, scenarios, covered, total, percent,
    /// items: [{key, kind, stage, outcome?, to?, line?, covered}], produced: {stage: [..]}}]}`.
    package var json: JSONValue {
        .object([
            JSONMember("covered", .int(coveredCount)), JSONMember("total", .int(total)),
            JSONMember("percent", .number(Self.number(percent))),
            JSONMember("flows", .array(flows.map(Self.json))),
        ])
    }

    private static func json(_ flow: FlowCoverage) -> JSONValue {
        let items: [JSONValue] = flow.items.map { item in
            var members = [
                JSONMember("key", .string(item.key)), JSONMember("kind", .string(item.kind.rawValue)),
                JSONMember("stage", .string(item.stage)),
            ]
            if let outcome = item.outcome { members.append(JSONMember("outcome", .string(outcome.rawValue))) }
            if let target = item.target { members.append(JSONMember("to", .string(target))) }
            if let line = flow.lines[item.key] { members.append(JSONMember("line", .int(line))) }
            members.append(JSONMember("covered", .bool(flow.covered.contains(item.key))))
            return .object(members)
        }
        let produced = flow.observed.keys.sorted().map { stage in
            JSONMember(stage, .array((flow.observed[stage] ?? []).sorted().map { .string($0) }))
        }
        return .object([
            JSONMember("flow", .string(flow.flow)), JSONMember("file", .string(flow.file)),
            JSONMember("scenarios", .int(flow.scenarios)), JSONMember("covered", .int(flow.coveredCount)),
            JSONMember("total", .int(flow.total)), JSONMember("percent", .number(number(flow.percent))),
            JSONMember("items", .array(items)), JSONMember("produced", .object(produced)),
        ])
    }

    /// A percentage with at most two decimals, as a JSON number.
    private static func number(_ percent: Double) -> String {
        let hundredths = Int((percent * 100).rounded(.down))
        return "\(hundredths / 100).\(String(hundredths % 100 + 100).dropFirst())"
    }
}
