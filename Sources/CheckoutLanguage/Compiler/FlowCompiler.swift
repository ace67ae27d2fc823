import CheckoutDomain
import Foundation

/// A compiled flow: the checked definition and its executable pipeline.
public struct CompiledFlow: Sendable {
    /// The checked flow.
    package var definition: FlowDefinition
    /// The pipeline the runtime executes.
    package var pipeline: Pipeline
    /// The file it came from.
    public package(set) var file: String?
    /// Where the pipeline's stages, guards and routes are written (explicit pipelines).
    package var sourceMap = PipelineSourceMap()
}

/// The outcome of compiling one file: the flow when there were no errors, and every finding.
public struct CompileResult: Sendable {
    /// The compiled flow; nil when any error was found.
    public package(set) var flow: CompiledFlow?
    /// Every error, warning and note, in source order.
    public package(set) var diagnostics: [Diagnostic]
    /// The source, for rendering snippets.
    public package(set) var source: SourceFile
    /// The syntax tree after `extends` was merged in (a base for flows that extend this one).
    var mergedRoot: YAMLNode?
}

/// Compiles flow files: YAML → syntax tree → checked model → pipeline, collecting every
/// problem in one pass.
public enum FlowCompiler {
    /// The language versions this compiler reads.
    public static let supportedDSLVersions = [1]

    /// Compiles the file at `path`; a read failure is a diagnostic too.
    public static func compile(contentsOf path: String, limits: YAMLLimits = .default) -> CompileResult {
        compile(contentsOf: path, limits: limits, chain: [])
    }

    /// Compiles the file at `path`, reading it and every base flow its `extends:` chain names
    /// from `sources` (a language server's open documents win over the disk).
    package static func compile(contentsOf path: String, limits: YAMLLimits = .default, sources: FlowSources) -> CompileResult {
        compile(contentsOf: path, limits: limits, chain: [], sources: sources)
    }

    static func compile(contentsOf path: String, limits: YAMLLimits, chain: [String], sources: FlowSources = .fileSystem) -> CompileResult {
        switch sources.read(path, limits.maxBytes) {
        case .success(let bytes):
            return compile(bytes, file: path, limits: limits, chain: chain, sources: sources)
        case .failure(let error):
            let d = error.diagnostic(file: path, what: "the file")
            return CompileResult(flow: nil, diagnostics: [d], source: SourceFile(path: path, text: ""))
        }
    }

    /// The name standard input goes by in diagnostics (`-` on the command line).
    package static let standardInputName = "<stdin>"

    /// Compiles the flow on standard input (`checkout validate -`, `checkout run -`), read to
    /// its end within the size limit and named `<stdin>` in diagnostics; an `extends:` path
    /// is relative to the working directory.
    package static func compileStandardInput(limits: YAMLLimits = .default) -> CompileResult {
        switch SourceFile.read(path: "/dev/stdin", maxBytes: limits.maxBytes) {
        case .success(let bytes):
            return compile(bytes, file: standardInputName, limits: limits, chain: [])
        case .failure(let error):
            let d = error.diagnostic(file: standardInputName, what: "standard input")
            return CompileResult(flow: nil, diagnostics: [d], source: SourceFile(path: standardInputName, text: ""))
        }
    }

    /// Compiles the file at `path`, or standard input when `path` is `-`.
    package static func compile(pathOrStandardInput path: String) -> CompileResult {
        path == "-" ? compileStandardInput() : compile(contentsOf: path)
    }

    /// Compiles UTF-8 source text.
    public static func compile(_ text: String, file: String?, limits: YAMLLimits = .default) -> CompileResult {
        compile(Array(text.utf8), file: file, limits: limits)
    }

    /// Compiles UTF-8 bytes.
    public static func compile(_ bytes: [UInt8], file: String?, limits: YAMLLimits = .default) -> CompileResult {
        compile(bytes, file: file, limits: limits, chain: [])
    }

    /// Compiles UTF-8 bytes, reading the base flows an `extends:` chain names from `sources`.
    package static func compile(_ bytes: [UInt8], file: String?, limits: YAMLLimits = .default, sources: FlowSources) -> CompileResult {
        compile(bytes, file: file, limits: limits, chain: [], sources: sources)
    }

    static func compile(
        _ bytes: [UInt8], file: String?, limits: YAMLLimits, chain: [String], sources: FlowSources = .fileSystem
    ) -> CompileResult {
        let document = YAMLParser.parse(bytes, file: file, limits: limits)
        let source = SourceFile(path: file ?? "<input>", bytes: bytes)
        var ctx = CompileContext(file: file)
        ctx.appendSyntaxFindings(document.diagnostics)
        guard var root = document.root else {
            return CompileResult(flow: nil, diagnostics: sortedBySource(ctx.diagnostics), source: source)
        }
        if !document.diagnostics.hasErrors {
            root = resolveExtends(root, file: file, limits: limits, chain: chain, sources: sources, &ctx)
            // Without its base a flow would only show knock-on errors (a price it inherits
            // reported missing): the base's problem is the one to fix first.
            if ctx.diagnostics.contains(where: { $0.rule == .extendsBase }) {
                return CompileResult(flow: nil, diagnostics: sortedBySource(ctx.diagnostics), source: source)
            }
        }
        var flow: CompiledFlow?
        let mergedRoot = root
        if let (definition, top) = compileDefinition(root, &ctx) {
            let pipeline = compilePipeline(top, flow: definition, &ctx)
            if let pipeline {
                checkCardScanSettings(definition, pipeline: pipeline, top: top, &ctx)
                checkBillingSettings(definition, pipeline: pipeline, top: top, &ctx)
                checkZeroAmount(definition, pipeline: pipeline, top: top, &ctx)
                checkTranslatedScreens(pipeline, top: top, &ctx)
            }
            if let pipeline, !ctx.diagnostics.hasErrors {
                flow = CompiledFlow(definition: definition, pipeline: pipeline, file: file, sourceMap: ctx.sourceMap)
            }
        }
        let sorted = sortedBySource(ctx.diagnostics)
        return CompileResult(flow: flow, diagnostics: sorted, source: source, mergedRoot: mergedRoot)
    }

    /// Source order; findings at one position keep the order they were found in.
    static func sortedBySource(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let la = a.element.range?.start ?? SourceLocation(line: 0, column: 0)
            let lb = b.element.range?.start ?? SourceLocation(line: 0, column: 0)
            return la == lb ? a.offset < b.offset : la < lb
        }.map(\.element)
    }

    static func compileDefinition(_ root: YAMLNode, _ ctx: inout CompileContext) -> (FlowDefinition, Fields)? {
        guard let top = ctx.fields(of: root, path: "", keys: .topLevel) else { return nil }
        var flow = FlowDefinition(id: "")
        var ok = true

        if let node = top["flow"] {
            if let id = ctx.string(node, path: "flow") {
                if isValidFlowID(id) {
                    flow.id = id
                } else {
                    ctx.report(
                        .invalidFormat,
                        "flow id \(UserText.quoted(id)) must start with a lower-case letter or digit and contain only a-z, 0-9 and '-'",
                        at: node.range, suggestion: suggestedFlowID(id))
                }
            }
        } else {
            ok = false
        }
        if let node = top["dsl"], let v = ctx.integer(node, path: "dsl"), !supportedDSLVersions.contains(v) {
            ctx.report(.dslVersion, "unsupported dsl version \(v); this compiler reads version 1", at: node.range)
        }
        if let node = top["title"] { flow.title = ctx.string(node, path: "title") }
        if let node = top["description"] { flow.description = ctx.string(node, path: "description") }
        if let node = top["provider"] { flow.provider = compileProvider(node, &ctx) ?? flow.provider }
        if let node = top["currencies"] { flow.currencies = compileCurrencies(node, &ctx) }
        if let node = top["tax"] { flow.tax = compileTax(node, &ctx) }
        if let node = top["taxService"] { flow.taxService = compileTaxService(node, &ctx) }
        if let node = top["theme"] { flow.theme = compileTheme(node, &ctx) }
        if let node = top["fields"] { flow.fields = compileFields(node, &ctx) }
        if let node = top["cards"] { flow.cards = compileCards(node, &ctx) }
        flow.request = compileRequest(top["request"], root: root, flow: flow, &ctx)
        if let node = top["translations"] { flow.translations = compileTranslations(node, flow: flow, &ctx) }
        checkFieldSettings(flow, top: top, &ctx)
        return ok ? (flow, top) : nil
    }

    static func isValidFlowID(_ id: String) -> Bool {
        let u = id.utf8
        guard let first = u.first, isLowerAlnum(first) else { return false }
        return u.allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLowerAlnum(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// `My Checkout` → `my-checkout`.
    static func suggestedFlowID(_ id: String) -> String? {
        var out = ""
        for ch in id.lowercased() {
            if ch.isASCII, ch.isLetter || ch.isNumber { out.append(ch) } else if !out.isEmpty, out.last != "-" { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty || out == id ? nil : out
    }
}
