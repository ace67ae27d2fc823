/// The result of reading one YAML file: its syntax tree (when there is one) and every finding.
package struct YAMLDocument: Sendable {
    /// The document's root node; `nil` when the file is empty or the tree could not be built
    /// (a syntax error, an encoding error or a limit stopped the reader).
    public var root: YAMLNode?
    /// What the reader found, in source order of discovery. Every diagnostic carries the file
    /// name given to the parser and a range.
    public var diagnostics: [Diagnostic]

    /// Creates a document.
    public init(root: YAMLNode?, diagnostics: [Diagnostic] = []) {
        self.root = root
        self.diagnostics = diagnostics
    }
}
