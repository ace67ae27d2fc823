import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `taxService: { command, timeout, attempts }`: the merchant's tax command. A literal
    /// secret in its arguments is `inline-credential` (the command inherits checkout's
    /// environment: pass keys there), reported without echoing the value or its line.
    static func compileTaxService(_ node: YAMLNode, _ ctx: inout CompileContext) -> TaxService? {
        guard let f = ctx.fields(of: node, path: "taxService", keys: .taxService) else { return nil }
        // A missing `command` (required) is reported by `fields`.
        guard let commandNode = f["command"] else { return nil }
        guard let items = ctx.list(commandNode, path: "taxService.command") else { return nil }
        var argv: [String] = []
        var ok = true
        for (i, item) in items.enumerated() {
            guard let word = ctx.string(item, path: "taxService.command[\(i)]") else { return nil }
            if looksLikeSecret(word) {
                var d = Diagnostic(
                    rule: .inlineCredential,
                    message:
                        "'taxService.command[\(i)]' holds a secret; the command inherits checkout's environment, so read the key from a variable there",
                    file: ctx.file, range: item.range)
                d.hidesSource = true
                ctx.append([d])
                ok = false
            }
            argv.append(word)
        }
        guard let program = argv.first, !program.isEmpty else {
            ctx.report(.missingKey, "'taxService.command' must name a program", at: commandNode.range)
            return nil
        }
        var service = TaxService(command: argv)
        if let t = f["timeout"] {
            guard let d = ctx.duration(t, path: "taxService.timeout") else { return nil }
            service.timeout = d
        }
        if let a = f["attempts"], let v = ctx.integer(a, path: "taxService.attempts") {
            guard (1...10).contains(v) else {
                ctx.report(.outOfRange, "'taxService.attempts' must be 1 to 10, found \(v)", at: a.range)
                return nil
            }
            service.attempts = v
        }
        return ok ? service : nil
    }

    /// An argument that carries a credential: `--api-key=…`, `token=…`, `password=…`,
    /// `secret=…` with a value that is not an `${env:NAME}` reference.
    static func looksLikeSecret(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "=") else { return false }
        let name = word[..<equals].lowercased()
        let value = word[word.index(after: equals)...]
        guard !value.isEmpty, environmentReference(String(value)) == nil else { return false }
        return ["key", "token", "secret", "password", "passwd"].contains { name.hasSuffix($0) }
    }

    /// The tax table and the tax service exclude each other; with a service, every `taxUpdate`
    /// step calls it, and the `tax` hook (which cannot route a failure) is an error. A service
    /// no step calls is a warning. `drafts`: nil for the derived pipeline (which calls the
    /// service in `checkout` mode, `StandardPipeline`).
    static func checkTaxService(_ top: Fields, drafts: [StageDraft]?, flow: FlowDefinition, _ ctx: inout CompileContext) {
        guard flow.taxService != nil else { return }
        if !flow.tax.isEmpty, let range = top.keyRange("taxService") {
            ctx.report(
                .conflictingSettings, "a flow takes either 'tax' rates or a 'taxService', not both", at: range,
                notes: ["the service answers the tax for every address; drop 'tax', or drop 'taxService' to keep the table"])
        }
        var called = drafts == nil && flow.request.mode == .checkout
        for d in drafts ?? [] {
            if d.stage.kind == .step(.taxUpdate) {
                d.stage.callsTaxService = true
                called = true
            }
            for (j, hook) in d.stage.hooks.enumerated() where hook == .tax {
                ctx.report(
                    .conflictingSettings, "the 'tax' hook cannot call the 'taxService'", at: d.hookRanges[j],
                    notes: ["use a 'taxUpdate' step instead: its 'failed' outcome can be routed with 'on'"])
            }
        }
        if !called, let range = top.keyRange("taxService") {
            ctx.report(
                .ineffectiveSetting, "'taxService' is never called: the pipeline has no 'taxUpdate' step", at: range,
                severity: .warning)
        }
    }
}
