import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutScenarios
import Foundation

/// What a document is checked as.
enum DocumentKind: Sendable, Equatable {
    /// A flow: the compiler's diagnostics (`checkout validate`).
    case flow
    /// `*.scenarios.yaml`: the findings `checkout test` reports in it.
    case scenarios
    /// An answers file: the findings `checkout run --answers` reports.
    case answers
    /// A sandbox fixtures file (docs/testing.md, "Sandbox fixtures"): the findings a scenarios
    /// file naming it (`sandbox: { file: … }`) or `checkout serve --fixtures` report.
    case fixtures

    /// `*.scenarios.yaml` (or `.yml`) is a scenarios file. Answers files have no naming
    /// convention: a text with a top-level `card:` or `paymentMethod:` key (answers keys) and
    /// no top-level `flow:` is one; one with a top-level `shoppers:`, or a `cards:` that is a
    /// list (a flow's `cards:` is a mapping), and no `flow:` is a fixtures file. Everything else
    /// is compiled as a flow.
    static func of(name: String, text: String) -> DocumentKind {
        let base = (name as NSString).lastPathComponent.lowercased()
        if base.hasSuffix(".scenarios.yaml") || base.hasSuffix(".scenarios.yml") { return .scenarios }
        // The starts of lines, in bytes, without splitting the text (a 2 MB flow has 140,000
        // lines), stopping at the first `flow:`.
        var answersKey = false
        var fixturesKey = false
        var atLineStart = true
        let utf8 = text.utf8
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let c = utf8[i]
            if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                atLineStart = true
            } else if atLineStart {
                atLineStart = false
                let rest = utf8[i...]
                if rest.starts(with: "flow:".utf8) { return .flow }
                if rest.starts(with: "card:".utf8) || rest.starts(with: "paymentMethod:".utf8) { answersKey = true }
                if rest.starts(with: "shoppers:".utf8) || (rest.starts(with: "cards:".utf8) && Self.listFollows(rest.dropFirst(6))) {
                    fixturesKey = true
                }
            }
            i = utf8.index(after: i)
        }
        return answersKey ? .answers : fixturesKey ? .fixtures : .flow
    }

    /// Whether a key's value, from just after its colon, is a list: `[` on its line, or a `-`
    /// item on the next line that is neither empty nor a comment.
    private static func listFollows(_ rest: Substring.UTF8View) -> Bool {
        var sawNewline = false
        var inComment = false
        for c in rest {
            if inComment {
                if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") { (inComment, sawNewline) = (false, true) }
                continue
            }
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): sawNewline = true
            case UInt8(ascii: "#"): inComment = true
            case UInt8(ascii: "["): return !sawNewline
            case UInt8(ascii: "-"): return sawNewline
            default: return false
            }
        }
        return false
    }
}

/// One check of one version of a document, run off the reading loop: its diagnostics, and
/// the files it read or looked for on the way (base flows, a scenario's flows), so that a
/// change to one of those checks it again.
struct DocumentCheck: Sendable {
    let uri: String
    let text: String
    let encoding: PositionEncoding
    let shared: SharedState
    /// The first workspace folder: a document that is not a file yet (`untitled:Untitled-1`)
    /// is checked as if it were in it, so its `extends:` and a scenario's `flow:` find the
    /// workspace's flows.
    var folder: String? = nil

    /// The diagnostics, as LSP `Diagnostic` objects; the paths read are recorded in `shared`.
    func run() -> [JSONValue] {
        let path = LanguageServer.path(ofURI: uri).map(LSPPaths.standardized) ?? folder.map { "\($0)/\(Self.untitledName(uri))" }
        let name = path ?? uri
        shared.beginCheck(uri)
        let sources = overlay()
        let found: [Diagnostic]
        switch DocumentKind.of(name: name, text: text) {
        case .flow:
            found = FlowCompiler.compile(Array(text.utf8), file: path, sources: sources).diagnostics
        case .scenarios:
            found = ScenarioSuite.findings(ofScenarios: Array(text.utf8), file: name, files: ScenarioReader.FileAccess(sources)) {
                FlowCompiler.compile(contentsOf: $0, sources: sources)
            }
        case .answers:
            // No snippet of an answers file is ever shown; AnswersReader never quotes card fields.
            found = AnswersReader.read(Array(text.utf8), file: name).1.map(\.diagnostic)
        case .fixtures:
            // This text for this file, the disk for the rest; the reader never quotes a fixture line.
            var files = ScenarioReader.FileAccess(sources)
            let bytes = Array(text.utf8)
            files.read = { p, maximum in p == name ? .success(bytes) : sources.read(p, maximum) }
            found = ScenarioReader.fixturesWorld(contentsOf: name, files: files).diagnostics
        }
        // No line table for a clean document (the table of a 2 MB flow takes milliseconds).
        guard !found.isEmpty else { return [] }
        let lines = LineTable(text)
        return found.map { LSPDiagnostics.json($0, lines: lines, encoding: encoding) }
    }

    /// `untitled:Untitled-1` → `Untitled-1`: the last part of a URI that names no file.
    static func untitledName(_ uri: String) -> String {
        String(uri.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? "untitled")
    }

    /// The file system with the open documents over it: the open text wins over the disk.
    /// Every path asked for is recorded as one this document depends on.
    func overlay() -> FlowSources {
        let shared = self.shared
        let uri = self.uri
        return FlowSources(
            read: { path, maxBytes in
                let p = LSPPaths.standardized(path)
                guard let text = shared.read(p, for: uri) else { return SourceFile.read(path: p, maxBytes: maxBytes) }
                let bytes = Array(text.utf8)
                guard bytes.count <= maxBytes else {
                    return .failure(
                        FileReadError(
                            rule: .sizeLimit, reason: "the file is \(bytes.count) bytes, more than the limit of \(maxBytes) bytes"))
                }
                return .success(bytes)
            },
            exists: { path in
                let p = LSPPaths.standardized(path)
                return shared.read(p, for: uri) != nil || FileManager.default.fileExists(atPath: p)
            })
    }
}

/// Paths as the server keys them.
enum LSPPaths {
    /// `/a/./b/../c.yaml` → `/a/c.yaml`, as the compiler's scenario reader keys them.
    static func standardized(_ path: String) -> String { FilePaths.standardized(path) }
}
