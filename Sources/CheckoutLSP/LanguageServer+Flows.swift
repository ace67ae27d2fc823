import CheckoutLanguage

/// For requests about flows (completion, hover, code actions…): the same view of the
/// workspace a check has.
extension LanguageServer {
    /// Whether a document named `name` (its path, or its URI when it has none) with `text` is
    /// checked as a flow, not as a scenarios file or an answers file.
    static func isFlow(_ name: String, text: String) -> Bool { DocumentKind.of(name: name, text: text) == .flow }

    /// What a compile for the document `uri` reads its base flows from: the open documents
    /// over the disk (the open text wins), each read recorded as a file `uri` depends on.
    func flowSources(for uri: String) -> FlowSources {
        DocumentCheck(uri: uri, text: "", encoding: encoding, shared: shared).overlay()
    }

    /// The compiler's result for the flow `text` of the document `uri` at `path`, read as its
    /// check reads it (so a request's findings are the published ones).
    func compileFlow(_ text: String, uri: String, path: String?) -> CompileResult {
        FlowCompiler.compile(Array(text.utf8), file: path, sources: flowSources(for: uri))
    }
}
