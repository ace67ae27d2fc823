import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `taxService: { command | url, headers, timeout, attempts }`: the merchant's tax command
    /// or endpoint. A literal secret in its arguments, its URL or its headers is
    /// `inline-credential` (the command inherits checkout's environment; headers name
    /// variables), reported without echoing the value or its line.
    static func compileTaxService(_ node: YAMLNode, _ ctx: inout CompileContext) -> TaxService? {
        guard let f = ctx.fields(of: node, path: "taxService", keys: .taxService) else { return nil }
        var service = TaxService()
        let commandNode = f["command"]
        if let urlNode = f["url"] {
            if let commandNode {
                ctx.report(
                    .conflictingSettings, "'taxService' takes either 'command' or 'url', not both", at: commandNode.range,
                    notes: ["'command' runs a program here; 'url' POSTs the same JSON to an endpoint"])
                return nil
            }
            guard let url = compileTaxURL(urlNode, &ctx) else { return nil }
            service.url = url
        } else {
            guard let commandNode else {
                ctx.report(
                    .missingKey, "'taxService' needs 'command' (a program that answers the tax) or 'url' (an endpoint)",
                    at: ctx.firstLine(of: node))
                return nil
            }
            guard let argv = compileTaxCommand(commandNode, &ctx) else { return nil }
            service.command = argv
        }
        if let n = f["headers"] {
            if service.url == nil, let range = f.keyRange("headers") {
                ctx.report(.ineffectiveSetting, "'headers' applies to a tax service 'url' only", at: range, severity: .warning)
            }
            guard let headers = compileTaxHeaders(n, &ctx) else { return nil }
            service.headers = headers
        }
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
        return service
    }

    /// `taxService.command`: a program and its arguments, none of them a literal secret.
    private static func compileTaxCommand(_ commandNode: YAMLNode, _ ctx: inout CompileContext) -> [String]? {
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
            var d = Diagnostic(
                rule: .inlineCredential,
                message: "'taxService.url' holds a secret; send it in 'headers' as ${env:NAME}",
                file: ctx.file, range: node.range)
            d.hidesSource = true
            ctx.append([d])
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
                var d = Diagnostic(
                    rule: .inlineCredential,
                    message:
                        "header \(UserText.quoted(name)) must name an environment variable as ${env:NAME}; secrets are never written in a flow",
                    file: ctx.file, range: pair.value.range)
                d.hidesSource = true
                ctx.append([d])
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
