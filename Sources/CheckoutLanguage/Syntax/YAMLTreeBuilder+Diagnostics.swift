import CYAML

/// The builder's findings: libyaml's errors in the language of a flow author, and the limits.
extension YAMLTreeBuilder {
    /// Line 1, column 1: where findings about the file as a whole point.
    static let fileStart = SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0))

    /// Records an error.
    mutating func report(_ rule: Rule, _ message: String, at range: SourceRange, notes: [String] = []) {
        diagnostics.append(Diagnostic(.error, rule: rule, message: message, file: file, range: range, notes: notes))
    }

    /// A collection nested deeper than the limit; reading stops.
    mutating func reportDepth(at range: SourceRange, notes: [String]) {
        report(.depthLimit, "nesting is deeper than the limit of \(limits.maxDepth) levels", at: range, notes: notes)
        stopped = true
    }

    /// An alias that takes alias expansion past its node budget; reading stops.
    mutating func reportAliasLimit(_ name: String, expandingTo count: Int, at range: SourceRange) {
        report(
            .aliasLimit,
            "alias '*\(name)' takes alias expansion past the limit of \(limits.maxAliasNodes) nodes",
            at: range,
            notes: [
                "'*\(name)' stands for \(count) nodes, and aliases before it already added \(aliasNodes - count)",
                "aliases that repeat aliases grow exponentially (a 'billion laughs' document)",
            ]
        )
        stopped = true
    }

    /// An alias with no anchor before it. Reading goes on with an empty value in its place.
    mutating func reportUndefinedAlias(_ name: String, at range: SourceRange) {
        let isOpen = depth > 0 && (top.anchor == name || parents.contains { $0.anchor == name })
        let note =
            isOpen
            ? "'&\(name)' is still open here: an alias cannot stand inside the node it refers to"
            : "define the anchor with '&\(name)' before this alias"
        report(.undefinedAlias, "undefined alias '*\(name)'", at: range, notes: [note])
    }

    /// Translates the error libyaml stopped on.
    mutating func reportLibYAMLError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML reader stopped"
        switch parser.error {
        case YAML_READER_ERROR where problem.contains("UTF-8"):
            if let bad = map.firstInvalidUTF8() {
                let hex = String(bad.byte, radix: 16, uppercase: true)
                report(
                    .yamlEncoding,
                    "the file is not valid UTF-8: invalid byte sequence starting with byte 0x\(hex.count < 2 ? "0" + hex : hex)",
                    at: SourceRange(at: map.location(ofByte: bad.offset)), notes: ["\(kind.name) must be UTF-8 text"])
                return
            }
            fallthrough
        case YAML_READER_ERROR:
            let location = map.location(ofByte: parser.problem_offset)
            var message = problem.contains("UTF-8") ? "the file is not valid UTF-8: \(problem)" : problem
            if parser.problem_value >= 0 {
                let hex = String(parser.problem_value, radix: 16, uppercase: true)
                message +=
                    problem.contains("octet")
                    ? " (byte 0x\(hex.count < 2 ? "0" + hex : hex))"
                    : " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
            }
            report(.yamlEncoding, message, at: SourceRange(at: location), notes: ["\(kind.name) must be UTF-8 text"])
        case YAML_SCANNER_ERROR where problem == "found unexpected end of stream" && parser.context != nil:
            // The file ended inside something (a quoted scalar, a flow collection): point at
            // where that started, which is what the author must close.
            let end = map.location(parser.problem_mark)
            let start = map.location(parser.context_mark)
            let context = parser.context.map { String(cString: $0) } ?? ""
            let what =
                context.contains("quoted scalar")
                ? "the quoted value" : "what starts here (\(context.replacingAll("while scanning ", with: "")))"
            let closing = context.contains("quoted scalar") ? "the closing quote" : "its end"
            report(
                .yamlSyntax, "\(what) starting here is never closed", at: SourceRange(at: start),
                notes: ["the file ends at line \(end.line), column \(end.column) without \(closing)"])
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let location = map.location(parser.problem_mark)
            var notes: [String] = []
            if let context = parser.context {
                let mark = map.location(parser.context_mark)
                notes.append("\(String(cString: context)) at line \(mark.line), column \(mark.column)")
            }
            if map.byte(at: location.offset) == 0x09, !problem.contains("tab") {
                notes.append("YAML indentation must use spaces, not tabs")
            }
            report(.yamlSyntax, problem, at: SourceRange(at: location), notes: notes)
        case YAML_MEMORY_ERROR:
            report(.yamlSyntax, "the YAML reader ran out of memory", at: Self.fileStart)
        default:
            report(.yamlSyntax, problem, at: Self.fileStart)
        }
    }

    /// A tag as written in short form: `tag:yaml.org,2002:str` becomes `!!str`.
    static func tagText(_ raw: UnsafeMutablePointer<yaml_char_t>) -> String {
        let tag = String(cString: raw)
        let core = "tag:yaml.org,2002:"
        return tag.hasPrefix(core) ? "!!" + tag.dropFirst(core.count) : tag
    }
}
