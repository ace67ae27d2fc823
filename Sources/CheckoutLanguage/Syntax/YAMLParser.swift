/// Reads a flow file's YAML into a `YAMLNode` tree with positions: the common subset of YAML
/// directly from the bytes (`FastYAMLReader`, in `FastPath/`), anything else with libyaml's
/// event stream. `CHECKOUT_YAML_FAST_PATH=0` turns the fast path off (`YAMLParser+FastPath.swift`).
///
/// Scalars stay text (the DSL types them); duplicate and complex keys, undefined aliases,
/// multiple documents and empty files are reported; aliases, nesting and size are bounded by
/// `YAMLLimits`. Nothing here throws: every problem is a `Diagnostic` with a position.
package enum YAMLParser {
    /// Parses one YAML document from UTF-8 bytes. Never crashes, never hangs: every problem
    /// becomes a positioned `Diagnostic`, and `root` is `nil` when no tree could be built.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents; a leading UTF-8 byte order mark is skipped.
    ///   - file: the name put on every diagnostic, as the user wrote it.
    ///   - limits: size, depth and alias-expansion bounds.
    ///   - kind: what the file is for, named in the notes (`a flow file must be UTF-8 text`).
    public static func parse(_ bytes: [UInt8], file: String?, limits: YAMLLimits = .default, kind: YAMLFileKind = .flow) -> YAMLDocument {
        read(bytes, file: file, limits: limits, fastPath: fastPathIsOn, libYAML: true, kind: kind) ?? YAMLDocument(root: nil)
    }

    /// `parse(_:file:limits:)` through libyaml alone, without trying the fast path (for the
    /// differential tests, the fuzzer and the benchmark).
    package static func parseWithLibYAML(_ bytes: [UInt8], file: String?, limits: YAMLLimits = .default) -> YAMLDocument {
        read(bytes, file: file, limits: limits, fastPath: false, libYAML: true) ?? YAMLDocument(root: nil)
    }

    static func read(
        _ bytes: [UInt8], file: String?, limits: YAMLLimits, fastPath: Bool, libYAML: Bool, kind: YAMLFileKind = .flow
    ) -> YAMLDocument? {
        guard bytes.count <= limits.maxBytes else {
            let diagnostic = Diagnostic(
                .error, rule: .sizeLimit,
                message: "the file is \(bytes.count) bytes, more than the limit of \(limits.maxBytes) bytes",
                file: file, range: YAMLTreeBuilder.fileStart
            )
            return YAMLDocument(root: nil, diagnostics: [diagnostic])
        }
        return bytes.withUnsafeBufferPointer { all in
            let bom = all.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let input = UnsafeBufferPointer(rebasing: all[bom...])
            if fastPath, let root = FastYAMLReader.read(input, baseOffset: bom, limits: limits, source: bytes) {
                return YAMLDocument(root: root)
            }
            guard libYAML else { return nil }
            let reader = LibYAMLParser(input: input)
            var builder = YAMLTreeBuilder(input: input, baseOffset: bom, file: file, limits: limits, kind: kind)
            return builder.build(reader)
        }
    }

    /// Parses one YAML document from a string; see `parse(_:file:limits:)` for bytes.
    public static func parse(_ text: String, file: String?, limits: YAMLLimits = .default) -> YAMLDocument {
        parse(Array(text.utf8), file: file, limits: limits)
    }
}
