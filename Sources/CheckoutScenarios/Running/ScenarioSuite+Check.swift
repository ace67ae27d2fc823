package import CheckoutLanguage

extension ScenarioSuite {
    /// The findings `checkout test` reports in one scenarios file, given its text: the
    /// reader's (keys, values, inline answers, flows that do not exist) and, once its flows
    /// are compiled by `compile`, the stage ids `expect` names that a flow lacks and stand-ins
    /// for a tax service a flow does not have. A flow's own errors are the flow's findings, not
    /// this file's (`checkout test` reports them in the flow), so they are not among these.
    /// `checkout lsp` checks an open scenarios file with it.
    package static func findings(
        ofScenarios bytes: [UInt8], file: String, files: ScenarioReader.FileAccess, compile: (String) -> CompileResult
    ) -> [Diagnostic] {
        let read = ScenarioReader.read(bytes, file: file, files: files)
        var out = read.diagnostics.filter { $0.file == nil || $0.file == file }
        guard let scenarios = read.file else { return out }
        var flows: [String: CompiledFlow] = [:]
        for path in scenarios.scenarios.map(\.flowPath) where flows[path] == nil {
            if let flow = compile(path).flow { flows[path] = flow }
        }
        out += stageFindings(scenarios, flows: flows) + taxServiceFindings(scenarios, flows: flows)
        return out
    }
}
