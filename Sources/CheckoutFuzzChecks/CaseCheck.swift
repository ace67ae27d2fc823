package import CheckoutLanguage
import Foundation

/// One input compiled in-process and rendered with every renderer, and the invariants that
/// must hold for any input, however broken. Shared by `checkout-fuzz` and the libFuzzer
/// entry point.
package struct CaseCheck {
    /// A broken invariant: a short stable kind (for grouping and shrinking) and the details.
    package struct Problem: CustomStringConvertible, Sendable {
        /// A stable kind: `range-outside-file`, `json-mismatch`, `slow`, …
        package var kind: String
        /// What was found, for a person.
        package var detail: String
        package var description: String { "\(kind): \(detail)" }

        /// Creates a problem.
        package init(kind: String, detail: String) {
            self.kind = kind
            self.detail = detail
        }
    }

    /// The name put on the input; diagnostics must carry it.
    package static let fileName = "fuzz.yaml"

    /// Broken invariants that are known and reported (docs/fuzzing.md, with reproducers in
    /// Tests/CheckoutLanguageTests/Fixtures/fuzz/), counted but not failures unless `--strict`.
    /// Remove a kind here when its bug is fixed.
    package enum KnownIssue {
        /// Fixed, kept as names for the checks that found them (FuzzFindingsTests).
        package static let unsortedReaderFindings = "unsorted-reader-findings"
        package static let endAfterBreakLookalike = "position-at-end-after-break-lookalike"
        package static let snippetNotTheReportedLine = "snippet-not-the-reported-line"
        /// Every known kind.
        package static let all: Set<String> = []
    }

    /// The compiler's findings.
    package private(set) var diagnostics: [Diagnostic] = []
    /// Every broken invariant, known issues included.
    package private(set) var problems: [Problem] = []
    /// True when the YAML reader's fast path read the input (and was compared with libyaml).
    package private(set) var tookFastPath = false

    /// The problems that are not known issues.
    package var newProblems: [Problem] { problems.filter { !KnownIssue.all.contains($0.kind) } }

    /// Compiles `bytes` with `limits`, renders the findings, and checks them. With
    /// `recompile`, compiles a second time and expects the same findings.
    package init(_ bytes: [UInt8], limits: YAMLLimits, recompile: Bool) {
        let result = FlowCompiler.compile(bytes, file: Self.fileName, limits: limits)
        diagnostics = result.diagnostics
        checkResult(result)
        let lineStarts = Self.lineStartOffsets(bytes)
        checkPositions(bytes, lineStarts: lineStarts)
        checkRenderers(result, lineStarts: lineStarts)
        checkFastPath(bytes, limits: limits)
        if recompile {
            let again = FlowCompiler.compile(bytes, file: Self.fileName, limits: limits)
            if again.diagnostics != result.diagnostics || (again.flow == nil) != (result.flow == nil) {
                fail("nondeterministic", "a second compile gave \(again.diagnostics.count) findings, the first \(result.diagnostics.count)")
            }
        }
    }

    private mutating func fail(_ kind: String, _ detail: String) {
        problems.append(Problem(kind: kind, detail: detail))
    }

    /// A flow exactly when there is no error; every finding on this file, with a message.
    private mutating func checkResult(_ result: CompileResult) {
        let hasErrors = result.diagnostics.hasErrors
        if hasErrors, result.flow != nil { fail("flow-despite-errors", "errors were reported and a flow was compiled") }
        if !hasErrors, result.flow == nil { fail("no-flow-without-error", "no error was reported and no flow was compiled") }
        for d in result.diagnostics {
            if d.file != Self.fileName { fail("wrong-file", "\(describe(d)) names file \(d.file ?? "nil")") }
            if d.message.isEmpty || d.message.first?.isUppercase == true || d.message.hasSuffix(".") {
                fail("message-style", "\(describe(d)): not one lower-case sentence without a final period")
            }
            if d.severity == .error, d.range == nil, d.rule != .fileUnreadable {
                fail("error-without-range", "\(describe(d)) has no position")
            }
        }
    }

    /// When the YAML reader's fast path reads the input (does not bail out to libyaml), its
    /// document is the libyaml path's exactly: same tree, same ranges, no findings.
    private mutating func checkFastPath(_ bytes: [UInt8], limits: YAMLLimits) {
        guard let fast = YAMLParser.parseWithFastPath(bytes, file: Self.fileName, limits: limits) else { return }
        tookFastPath = true
        if let difference = fast.firstDifference(from: YAMLParser.parseWithLibYAML(bytes, file: Self.fileName, limits: limits)) {
            fail("fast-path-mismatch", "the fast YAML reader and libyaml disagree: \(difference)")
        }
    }

    /// Every range lies in the file (lines counted as libyaml counts them, plus one), does
    /// not end before it starts, and its line and column agree with its byte offset.
    private mutating func checkPositions(_ bytes: [UInt8], lineStarts: [Int]) {
        // A final line break ends the last line rather than starting one.
        let lineCount = lineStarts.count - (lineStarts.last == bytes.count && bytes.count > 0 ? 1 : 0)
        var previous = SourceLocation(line: 0, column: 0)
        for d in diagnostics {
            guard let range = d.range else { continue }
            if range.start < previous {
                // Known: with no syntax tree, the compiler returns the reader's findings in the
                // order found (an empty-document error at 1:1 after a syntax error below it).
                let kind = Self.readerRules.contains(d.rule) ? KnownIssue.unsortedReaderFindings : "unsorted"
                fail(kind, "\(describe(d)) comes after a finding at \(previous)")
            }
            previous = range.start
            for location in [range.start, range.end] {
                if location.line < 1 || location.line > lineCount + 1 || location.column < 1 {
                    fail("range-outside-file", "\(describe(d)): \(location) in a file of \(lineCount) lines")
                } else if location.offset < 0 || location.offset > bytes.count {
                    fail("offset-outside-file", "\(describe(d)): offset \(location.offset) in \(bytes.count) bytes")
                } else {
                    let expected = Self.recount(location.offset, in: bytes, lineStarts: lineStarts)
                    if expected.line != location.line || expected.column != location.column {
                        fail(
                            Self.endsWithBreakLookalike(bytes) && location.offset == bytes.count
                                ? KnownIssue.endAfterBreakLookalike : "position-mismatch",
                            "\(describe(d)): \(location) at byte \(location.offset), which is \(expected.line):\(expected.column)")
                    }
                }
            }
            if range.end.offset < range.start.offset || range.end < range.start {
                fail("range-backwards", "\(describe(d)): \(range) ends before it starts")
            }
        }
    }

    /// Text, JSON and GitHub renderings: the text names each finding where it is and never
    /// shows a hidden source line; the JSON parses back to the same findings; GitHub gets one
    /// line per finding.
    private mutating func checkRenderers(_ result: CompileResult, lineStarts: [Int]) {
        // Rendering text takes time in findings × file size (a finding in docs/fuzzing.md), so
        // only the first findings of a long report on a large file are rendered as text.
        let budget = max(5, Self.textRenderingBudget / max(1, result.source.bytes.count))
        let shown = Array(diagnostics.prefix(min(Self.textRenderingLimit, budget)))
        let sources = [Self.fileName: result.source]
        let text = TextDiagnosticRenderer(color: false).render(shown, sources: sources, fileCount: 1)
        // Messages quote user text; what reaches a terminal holds no control character but
        // the line breaks between lines (and tabs of source lines).
        let isControl = { (s: Unicode.Scalar) in (s.value < 0x20 && s.value != 0x0A && s.value != 0x09) || (0x7F...0x9F).contains(s.value) }
        if text.unicodeScalars.contains(where: isControl) {
            fail("control-character-in-output", "the text report holds a control character")
        }
        _ = TextDiagnosticRenderer(color: true).render(shown, sources: sources, fileCount: 1)
        for d in shown {
            let one = TextDiagnosticRenderer().render(d, source: result.source)
            if let r = d.range, !one.hasPrefix("\(Self.fileName):\(r.start.line):\(r.start.column): \(d.severity.rawValue): ") {
                fail("text-location", "\(describe(d)) renders as \(one.prefix(80).debugDescription)")
            }
            // A finding that hides its source (an inline secret) renders as it would without
            // a position, but for the location: no source line, no caret line.
            if d.hidesSource, let r = d.range {
                var unpositioned = d
                unpositioned.range = nil
                let without = TextDiagnosticRenderer().render(unpositioned, source: result.source)
                let location = "\(Self.fileName):\(r.start.line):\(r.start.column): "
                if one.dropFirst(location.count) != without.dropFirst("\(Self.fileName): ".count) {
                    fail("hidden-source-shown", "\(describe(d)) shows its source line")
                }
            }
        }
        checkSnippetLines(result.source, lineStarts: lineStarts)
        if !text.hasSuffix("in 1 file\n") { fail("text-summary", "the text rendering does not end with the summary") }

        // JSONDecoder, not JSONSerialization: the latter (swift-corelibs-foundation, Swift 6.3)
        // drops a U+FEFF that follows an escape sequence in a string.
        let json = JSONDiagnosticRenderer().render(diagnostics, fileCount: 1)
        if let report = try? JSONDecoder().decode(RenderedReport.self, from: Data(json.utf8)),
            report.diagnostics.count == diagnostics.count
        {
            for (d, o) in zip(diagnostics, report.diagnostics) where !o.matches(d) {
                fail("json-mismatch", "\(describe(d)) reads back from JSON as \(o)")
            }
            if report.errors != diagnostics.filter({ $0.severity == .error }).count || report.files != 1 {
                fail("json-counts", "the JSON says \(report.errors) errors in \(report.files) files")
            }
        } else {
            fail("json-invalid", "the JSON rendering does not decode to \(diagnostics.count) findings")
        }

        let github = GitHubDiagnosticRenderer(maxFindingsPerFile: nil).render(diagnostics)
        let lines = github.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if lines.count != diagnostics.count || !lines.allSatisfy({ $0.hasPrefix("::") }) {
            fail("github-lines", "\(lines.count) annotation lines for \(diagnostics.count) findings")
        }
    }

    /// How many findings of one case are rendered as text, at most.
    static let textRenderingLimit = 300
    /// Findings rendered as text × file size, at most (bytes).
    static let textRenderingBudget = 4_000_000

    /// The source line a snippet shows is the line the finding is on, as libyaml counts lines
    /// (LF, CRLF, CR, NEL, LS, PS). Checked for the first few positioned findings.
    private mutating func checkSnippetLines(_ source: SourceFile, lineStarts: [Int]) {
        let bytes = source.bytes
        var checked = 0
        for d in diagnostics where checked < 20 && !d.hidesSource {
            guard let line = d.range?.start.line, line >= 1, line <= lineStarts.count else { continue }
            let start = lineStarts[line - 1]
            if line == lineStarts.count, start == bytes.count { continue }  // the end of the file, after a final break
            checked += 1
            var end = line < lineStarts.count ? lineStarts[line] : bytes.count
            while end > start, [0x0A, 0x0D, 0x85, 0xA8, 0xA9].contains(bytes[end - 1]) {
                // Drop the line break: LF, CR, or the last byte of NEL, LS, PS with its lead bytes.
                if bytes[end - 1] == 0x85, end - 2 >= start, bytes[end - 2] == 0xC2 {
                    end -= 2
                } else if bytes[end - 1] == 0xA8 || bytes[end - 1] == 0xA9, end - 3 >= start, bytes[end - 3] == 0xE2,
                    bytes[end - 2] == 0x80
                {
                    end -= 3
                } else if bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D {
                    end -= 1
                } else {
                    break
                }
            }
            let expected = String(decoding: bytes[start..<end], as: UTF8.self)
            var shown = source.line(line).map(String.init)
            if line == 1, shown?.unicodeScalars.first == "\u{FEFF}" { shown?.unicodeScalars.removeFirst() }
            if shown != expected {
                fail(
                    KnownIssue.snippetNotTheReportedLine,
                    "\(describe(d)): the snippet shows \(shown.map { String($0.prefix(60)).debugDescription } ?? "nothing"), "
                        + "line \(line) is \(String(expected.prefix(60)).debugDescription)")
                return
            }
        }
    }

    /// The rules of the YAML reader (the syntax tree layer), as opposed to the compiler's.
    static let readerRules: Set<Rule> = [
        .yamlSyntax, .yamlEncoding, .yamlMultipleDocuments, .duplicateKey, .complexKey, .undefinedAlias, .aliasLimit,
        .depthLimit, .sizeLimit, .emptyDocument,
    ]

    /// True when the input ends with a multi-byte character whose last byte is also the last
    /// byte of NEL (`85`), LS (`A8`) or PS (`A9`) — `é` is `C3 A9` — with no line break after it.
    static func endsWithBreakLookalike(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.last, last == 0x85 || last == 0xA8 || last == 0xA9 else { return false }
        let n = bytes.count
        let isNEL = n >= 2 && bytes[n - 2] == 0xC2 && last == 0x85
        let isLSorPS = n >= 3 && bytes[n - 3] == 0xE2 && bytes[n - 2] == 0x80 && last != 0x85
        return !isNEL && !isLSorPS
    }

    private func describe(_ d: Diagnostic) -> String {
        "\(d.range.map { "\($0.start)" } ?? "-") \(d.severity.rawValue) [\(d.rule.rawValue)] \(d.message.prefix(100).debugDescription)"
    }

    /// Offsets where lines start: after LF, CR not followed by LF, NEL, LS and PS (libyaml's
    /// line breaks); a leading byte order mark is not on any line.
    static func lineStartOffsets(_ bytes: [UInt8]) -> [Int] {
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: starts.append(i + 1)
            case 0x0D where i + 1 >= bytes.count || bytes[i + 1] != 0x0A: starts.append(i + 1)
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: starts.append(i + 2)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                starts.append(i + 3)
            default: break
            }
            i += 1
        }
        return starts
    }

    /// The 1-based line and column of a byte offset, columns counted in code points.
    static func recount(_ offset: Int, in bytes: [UInt8], lineStarts: [Int]) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let start = min(lineStarts[low], offset)
        var column = 1
        for byte in bytes[start..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }
}
