import CheckoutLanguage

/// Reads `expect.steps` (docs/testing.md, "What ran"). Stage ids are only read here: whether
/// the flow has them is checked once the flows are compiled (`ScenarioSuite.stageFindings`).
extension ScenarioFileReader {
    mutating func stepsExpectation(_ node: YAMLNode) -> StepsExpectation? {
        let f = pairs(node, table: ScenarioReader.stepsTable, in: .named("'steps'"))
        guard node.mapping != nil else { return nil }
        if f.isEmpty {
            let keys = ScenarioKeys.steps.map(\.name).joined(separator: ", ")
            error(.missingKey, "'steps' must give at least one of \(keys)", at: node.range)
        }
        var e = StepsExpectation()
        if let p = f["ran"] { e.ran = stageList(p.value, "'ran'") }
        if let p = f["exactly"] {
            if let s = p.value.scalar, s.style == .plain, s.value == "true" || s.value == "false" {
                e.exactly = s.value == "true"
            } else {
                error(.typeMismatch, "'exactly' must be true or false, found \(p.value.shapeDescription)", at: p.value.range)
            }
            if f["ran"] == nil, f["routes"] == nil {
                error(.ineffectiveSetting, "'exactly' applies to 'ran' and 'routes', and neither is given", at: p.key.range)
            }
        }
        if let p = f["visits"] { e.visits = counts(p.value, "'visits'") }
        if let p = f["attempts"] { e.attempts = counts(p.value, "'attempts'") }
        if let p = f["refreshes"] { e.refreshes = counts(p.value, "'refreshes'") }
        if let p = f["waits"] {
            e.waits = stageMapping(p.value, "'waits'") { reader, value -> [Int]? in
                guard let items = value.sequence else {
                    reader.error(
                        .typeMismatch, "'waits' of a step must be a list of milliseconds, found \(value.shapeDescription)", at: value.range)
                    return nil
                }
                var out: [Int] = []
                for item in items {
                    guard let s = item.scalar, s.style == .plain, let n = Int(s.value), n >= 0 else {
                        reader.error(.typeMismatch, "a wait in 'waits' must be whole milliseconds, 0 or more", at: item.range)
                        return nil
                    }
                    out.append(n)
                }
                return out
            }.map { StageWaits($0.stage, $0.value) }
        }
        if let p = f["inputs"] {
            e.inputs = stageMapping(p.value, "'inputs'") { reader, value -> [String]? in
                guard let items = value.sequence else {
                    reader.error(
                        .typeMismatch, "'inputs' of a screen must be a list of input-line events, found \(value.shapeDescription)",
                        at: value.range)
                    return nil
                }
                var out: [String] = []
                for item in items {
                    guard let name = reader.oneOf(item, "an event in 'inputs'", StageInputs.names) else { return nil }
                    out.append(name)
                }
                return out
            }.map { StageInputs($0.stage, $0.value) }
        }
        if let p = f["outcomes"] {
            e.outcomes = stageMapping(p.value, "'outcomes'") { reader, value in reader.text(value, "an outcome") }
                .map { ExpectedStageOutcome($0.stage, $0.value) }
        }
        if let p = f["routes"] {
            if let items = p.value.sequence {
                e.routes = items.compactMap { route($0) }
            } else {
                error(.typeMismatch, "'routes' must be a list of { from, on, to }, found \(p.value.shapeDescription)", at: p.value.range)
            }
        }
        return e
    }

    /// A stage id: text, as flows write ids.
    mutating func stage(_ node: YAMLNode, _ what: String) -> StageMention? {
        guard let id = text(node, what) else { return nil }
        return StageMention(id, at: node.range)
    }

    mutating func stageList(_ node: YAMLNode, _ what: String) -> [StageMention] {
        guard let items = node.sequence else {
            error(.typeMismatch, "\(what) must be a list of stage ids, found \(node.shapeDescription)", at: node.range)
            return []
        }
        return items.compactMap { stage($0, "a stage id in \(what)") }
    }

    /// A mapping of stage id → value, in file order.
    mutating func stageMapping<Value>(
        _ node: YAMLNode, _ what: String, value read: (inout ScenarioFileReader, YAMLNode) -> Value?
    ) -> [(stage: StageMention, value: Value)] {
        guard let pairs = node.mapping else {
            error(.typeMismatch, "\(what) must be a mapping of stage id to value, found \(node.shapeDescription)", at: node.range)
            return []
        }
        var out: [(stage: StageMention, value: Value)] = []
        for p in pairs {
            guard let stage = stage(p.key, "a stage id in \(what)"), let v = read(&self, p.value) else { continue }
            out.append((stage, v))
        }
        return out
    }

    /// A mapping of stage id → count (0 or more).
    mutating func counts(_ node: YAMLNode, _ what: String) -> [StageCount] {
        stageMapping(node, what) { reader, value in
            if let s = value.scalar, s.style == .plain, let n = Int(s.value), n >= 0 { return n }
            reader.error(.typeMismatch, "a count in \(what) must be a whole number, 0 or more", at: value.range)
            return nil
        }.map { StageCount($0.stage, $0.value) }
    }

    mutating func route(_ node: YAMLNode) -> ExpectedRoute? {
        let f = pairs(node, table: ScenarioReader.routeTable, in: .named("an expected route"))
        guard node.mapping != nil else { return nil }
        let from = f["from"].flatMap { stage($0.value, "'from'") }
        let on = f["on"].flatMap { oneOf($0.value, "'on'", ScenarioKeys.routedOutcomes) }
        let to = f["to"].flatMap { stage($0.value, "'to'") }
        guard let from, let on, let to else { return nil }
        return ExpectedRoute(from: from, on: on, to: to)
    }
}
