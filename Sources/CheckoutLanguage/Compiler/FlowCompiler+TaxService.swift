import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `taxService: { command | url, headers, timeout, attempts }`: the merchant's tax command
    /// or endpoint. A literal secret in its arguments, its URL or its headers is
    /// `inline-credential` (the command inherits checkout's environment; headers name
    /// variables), reported without echoing the value or its line.
    static func compileTaxService(_ node: YAMLNode, _ ctx: inout CompileContext) -> TaxService? {
        guard let f = ctx.fields(of: node, path: "taxService", keys: .taxService) else { return nil }
        // Every setting is checked, so one run of `checkout validate` names every problem.
        var service = TaxService()
        var valid = true
        let commandNode = f["command"]
        if let urlNode = f["url"] {
            if let commandNode {
                ctx.report(
                    .conflictingSettings, "'taxService' takes either 'command' or 'url', not both", at: commandNode.range,
                    notes: ["'command' runs a program here; 'url' POSTs the same JSON to an endpoint"])
                valid = false
            }
            service.url = compileTaxURL(urlNode, &ctx)
            valid = valid && service.url != nil
        } else if let commandNode {
            service.command = compileTaxCommand(commandNode, &ctx) ?? []
            valid = valid && !service.command.isEmpty
        } else {
            ctx.report(
                .missingKey, "'taxService' needs 'command' (a program that answers the tax) or 'url' (an endpoint)",
                at: ctx.firstLine(of: node))
            valid = false
        }
        if let n = f["headers"] {
            if f["url"] == nil, let range = f.keyRange("headers") {
                ctx.report(.ineffectiveSetting, "'headers' applies to a tax service 'url' only", at: range, severity: .warning)
            }
            if let headers = compileTaxHeaders(n, &ctx) { service.headers = headers } else { valid = false }
        }
        if let t = f["timeout"] {
            if let d = ctx.duration(t, path: "taxService.timeout") { service.timeout = d } else { valid = false }
        }
        if let a = f["attempts"] {
            if let v = ctx.integer(a, path: "taxService.attempts") {
                if (1...10).contains(v) {
                    service.attempts = v
                } else {
                    ctx.report(.outOfRange, "'taxService.attempts' must be 1 to 10, found \(v)", at: a.range)
                    valid = false
                }
            } else {
                valid = false
            }
        }
        return valid ? service : nil
    }

    /// `taxService.command`: a program and its arguments, none of them a literal secret.
    private static func compileTaxCommand(_ commandNode: YAMLNode, _ ctx: inout CompileContext) -> [String]? {
        guard let items = ctx.list(commandNode, path: "taxService.command") else { return nil }
        var argv: [String] = []
        var ok = true
        for (i, item) in items.enumerated() {
            guard let word = ctx.string(item, path: "taxService.command[\(i)]") else { return nil }
            if looksLikeSecret(word) {
                ctx.secretError(
                    .inlineCredential,
                    "'taxService.command[\(i)]' holds a secret; the command inherits checkout's environment, so read the key from a variable there",
                    at: item.range)
                ok = false
            }
            argv.append(word)
        }
        guard let program = argv.first, !program.isEmpty else {
            ctx.report(.missingKey, "'taxService.command' must name a program", at: commandNode.range)
            return nil
        }
        return ok ? argv : nil
    }

    /// `taxService.url`: `https://…` (or `http://`), with no user, password or key in it.
    private static func compileTaxURL(_ node: YAMLNode, _ ctx: inout CompileContext) -> String? {
        guard let text = ctx.string(node, path: "taxService.url") else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, ["https", "http"].contains(scheme), url.host != nil else {
            ctx.report(.invalidFormat, "'taxService.url' must be an https:// or http:// URL", at: node.range)
            return nil
        }
        let query = url.query?.split(separator: "&").map(String.init) ?? []
        if url.user != nil || url.password != nil || query.contains(where: looksLikeSecret) {
            ctx.secretError(.inlineCredential, "'taxService.url' holds a secret; send it in 'headers' as ${env:NAME}", at: node.range)
            return nil
        }
        return text
    }

    /// `taxService.headers`: name → `${env:NAME}`; a literal value is `inline-credential`.
    private static func compileTaxHeaders(_ node: YAMLNode, _ ctx: inout CompileContext) -> [String: String]? {
        guard let pairs = node.mapping else {
            ctx.report(.typeMismatch, "'taxService.headers' must be a mapping, found \(node.shapeDescription)", at: node.range)
            return nil
        }
        var headers: [String: String] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar?.value else { continue }
            guard let s = pair.value.scalar, let env = environmentReference(s.value) else {
                ctx.secretError(
                    .inlineCredential,
                    "header \(UserText.quoted(name)) must name an environment variable as ${env:NAME}; secrets are never written in a flow",
                    at: pair.value.range)
                return nil
            }
            headers[name] = env
        }
        return headers
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
        if !flow.tax.isEmpty, let range = top.keyRange("taxService") {
            ctx.report(
                .conflictingSettings, "a flow takes either 'tax' rates or a 'taxService', not both", at: range,
                notes: ["the service answers the tax for every address; drop 'tax', or drop 'taxService' to keep the table"])
        }
        guard flow.taxService != nil else { return }
        var called = drafts == nil && flow.request.mode == .checkout
        for d in drafts ?? [] {
            if d.stage.kind == .step(.taxUpdate) {
                d.stage.callsTaxService = true
                called = true
            }
            for (j, hook) in d.hooks.enumerated() where hook == .tax {
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
