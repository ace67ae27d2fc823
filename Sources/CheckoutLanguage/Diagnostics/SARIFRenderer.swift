import CheckoutJSON

/// `checkout validate --format sarif`: SARIF 2.1.0 (OASIS, "Static Analysis Results
/// Interchange Format"), the format GitHub code scanning uploads (`github/codeql-action/
/// upload-sarif`). One run of the tool `checkout`: the rules that fired, each with its
/// summary and its section of docs/rules.md as `helpUri`; one result per finding with its
/// level, message (notes and the suggestion appended), file and region. SARIF's columns are
/// 1-based and a region's `endColumn` is the column after it, as `SourceRange` keeps them.
package struct SARIFRenderer: Sendable {
    private var results: [JSONValue] = []
    private var rules: [Rule] = []

    /// Starts a report.
    package init() {}

    /// Adds one file's findings.
    package mutating func add(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            if !rules.contains(d.rule) { rules.append(d.rule) }
            results.append(Self.result(d, ruleIndex: rules.firstIndex(of: d.rule)!))
        }
    }

    /// The whole document, for a tool at `version`.
    package func document(version: String) -> String {
        var driver = JSONObjectBuilder()
        driver.add("name", "checkout")
        driver.add("semanticVersion", version)
        driver.add("informationUri", "https://checkoutflow.dev/docs/rules.md")
        driver.add("rules", .array(rules.map(Self.descriptor)))
        var tool = JSONObjectBuilder()
        tool.add("driver", driver.value)
        var run = JSONObjectBuilder()
        run.add("tool", tool.value)
        run.add("columnKind", "unicodeCodePoints")
        run.add("results", .array(results))
        var root = JSONObjectBuilder()
        root.add("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        root.add("version", "2.1.0")
        root.add("runs", .array([run.value]))
        return root.value.serialized(pretty: true) + "\n"
    }

    static func descriptor(_ rule: Rule) -> JSONValue {
        var r = JSONObjectBuilder()
        r.add("id", rule.rawValue)
        r.add("name", rule.rawValue)
        var short = JSONObjectBuilder()
        short.add("text", rule.summary)
        r.add("shortDescription", short.value)
        r.add("helpUri", rule.helpURI)
        var help = JSONObjectBuilder()
        help.add("text", "\(rule.summary) Wrong and right examples: \(rule.helpURI)")
        r.add("help", help.value)
        return r.value
    }

    static func result(_ d: Diagnostic, ruleIndex: Int) -> JSONValue {
        var o = JSONObjectBuilder()
        o.add("ruleId", d.rule.rawValue)
        o.add("ruleIndex", ruleIndex)
        o.add("level", d.severity.rawValue)
        var text = d.message.clippedForMessage
        for note in d.notes { text += "\nnote: " + note.clippedForMessage }
        if let s = d.suggestion { text += "\nhelp: did you mean '\(s.clippedForMessage)'?" }
        var message = JSONObjectBuilder()
        message.add("text", text)
        o.add("message", message.value)
        if let file = d.file {
            var artifact = JSONObjectBuilder()
            artifact.add("uri", Self.uri(file))
            var physical = JSONObjectBuilder()
            physical.add("artifactLocation", artifact.value)
            if let r = d.range {
                var region = JSONObjectBuilder()
                region.add("startLine", r.start.line)
                region.add("startColumn", r.start.column)
                region.add("endLine", r.end.line)
                region.add("endColumn", max(r.end.column, r.start.line == r.end.line ? r.start.column + 1 : 1))
                physical.add("region", region.value)
            }
            var location = JSONObjectBuilder()
            location.add("physicalLocation", physical.value)
            o.add("locations", .array([location.value]))
        }
        return o.value
    }

    /// A path as a URI reference: relative paths stay relative (to the directory `checkout`
    /// ran in, which GitHub's upload treats as the checkout's root), with characters a URI
    /// cannot hold percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(UnicodeScalar(byte))
            if c.isASCII, c.isLetter || c.isNumber || "-._~/:@!$&'()*+,;=".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
