import CheckoutDomain
import CheckoutLanguage

extension ScenarioSuite {
    /// The stage ids `expect.steps` names that its flow does not have, or that cannot do what
    /// the key counts (`attempts` of a screen, `refreshes` of a step other than `tokenize`), at
    /// their lines, with the closest id the flow has. Checked once the flows are compiled.
    static func stageFindings(_ file: ScenarioFile, flows: [String: CompiledFlow]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for scenario in file.scenarios {
            guard let steps = scenario.expect.steps, let flow = flows[scenario.flowPath] else { continue }
            var check = StageCheck(file: file.path, flowPath: scenario.flowPath, stages: flow.pipeline.stages)
            for m in steps.ran ?? [] { check.shows(m, "'ran'") }
            for c in steps.visits { check.shows(c.stage, "'visits'") }
            for o in steps.outcomes { check.known(o.stage) }
            for c in steps.attempts { check.isStep(c.stage) }
            for w in steps.waits { check.isStep(w.stage, "'waits' are a step's, before its retries") }
            for c in steps.refreshes { check.isTokenize(c.stage) }
            for i in steps.inputs { check.sendsInputEvents(i.stage) }
            for r in steps.routes ?? [] {
                check.known(r.from)
                if r.to.id != "end" { check.known(r.to) }
            }
            out += check.diagnostics
        }
        return out
    }
}

extension ScenarioSuite {
    /// A scenario's `taxService:` stand-in on a flow that has no `taxService` to stand in
    /// for: an error at the key (the flow takes its tax from elsewhere, or none).
    static func taxServiceFindings(_ file: ScenarioFile, flows: [String: CompiledFlow]) -> [Diagnostic] {
        file.scenarios.compactMap { scenario in
            guard scenario.taxService != nil, let flow = flows[scenario.flowPath], flow.definition.taxService == nil else { return nil }
            return Diagnostic(
                rule: .conflictingSettings,
                message: "'taxService' stands in for the flow's tax service, and the flow \(scenario.flowPath) has none",
                file: file.path, range: scenario.taxServiceKey,
                notes: ["a flow's `taxService` (docs/language.md, \"The tax service\") is what a scenario's stand-in replaces"])
        }
    }
}

/// Checks stage ids against one flow's pipeline, collecting diagnostics.
private struct StageCheck {
    let file: String
    let flowPath: String
    let stages: [PipelineStage]
    var diagnostics: [Diagnostic] = []

    init(file: String, flowPath: String, stages: [PipelineStage]) {
        self.file = file
        self.flowPath = flowPath
        self.stages = stages
    }

    /// The stage, or nil after reporting that the flow has none with that id.
    mutating func known(_ m: StageMention) -> PipelineStage? {
        if let stage = stages.first(where: { $0.id == m.id }) { return stage }
        let ids = stages.map(\.id)
        diagnostics.append(
            Diagnostic(
                rule: .unknownReference, message: "the flow \(flowPath) has no stage \(UserText.quoted(m.id))", file: file,
                range: m.range, notes: ["its stages: \(ids.joined(separator: ", "))"], suggestion: Suggestions.closest(to: m.id, in: ids)))
        return nil
    }

    /// A stage that leaves visits in the trace: any but a `result` screen.
    mutating func shows(_ m: StageMention, _ key: String) {
        guard let stage = known(m), stage.kind == .screen(.result) else { return }
        diagnostics.append(
            Diagnostic(
                rule: .ineffectiveSetting,
                message: "\(key) names the result screen \(UserText.quoted(m.id)), which records nothing in the trace", file: file,
                range: m.range))
    }

    /// A step: only steps call the provider.
    mutating func isStep(_ m: StageMention, _ what: String = "'attempts' counts a step's provider calls") {
        guard let stage = known(m), case .screen = stage.kind else { return }
        diagnostics.append(
            Diagnostic(
                rule: .typeMismatch, message: "\(what); \(UserText.quoted(m.id)) is a \(stage.kind.name) screen", file: file,
                range: m.range))
    }

    /// A `creditCard` screen with `inputEvents: true`: the only stage whose input line is traced.
    mutating func sendsInputEvents(_ m: StageMention) {
        guard let stage = known(m), stage.kind != .screen(.creditCard) || !stage.inputEvents else { return }
        let why: String
        switch stage.kind {
        case .screen(.creditCard): why = "\(UserText.quoted(m.id)) does not set 'inputEvents: true'"
        case .screen: why = "\(UserText.quoted(m.id)) is a \(stage.kind.name) screen"
        case .step: why = "\(UserText.quoted(m.id)) is a \(stage.kind.name) step"
        }
        diagnostics.append(
            Diagnostic(
                rule: .ineffectiveSetting,
                message: "'inputs' are the input-line events of a creditCard screen with 'inputEvents: true'; \(why)", file: file,
                range: m.range))
    }

    /// A tokenize step: the only step that refreshes the checkout token.
    mutating func isTokenize(_ m: StageMention) {
        guard let stage = known(m), stage.kind != .step(.tokenize) else { return }
        diagnostics.append(
            Diagnostic(
                rule: .typeMismatch,
                message:
                    "'refreshes' counts token refreshes, which only a tokenize step makes; \(UserText.quoted(m.id)) is \(stage.kind.name)",
                file: file, range: m.range))
    }
}
