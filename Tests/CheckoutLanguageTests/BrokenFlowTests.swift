import CheckoutLanguage
import Foundation
import Testing

/// Broken flows under `Fixtures/broken/`: each must fail to compile, with exactly the report
/// kept in `NAME.expected`, every diagnostic landing on a line its fixture marks.
@Suite("Broken flows")
struct BrokenFlowTests {
    /// Fixtures whose report is still wrong. Their `.expected` files hold what a user should
    /// see (hand-written, never regenerated); remove an entry once the compiler is fixed.
    static let knownIssues: [String: Comment] = [:]

    @Test("renders the expected diagnostics", arguments: FlowFixture.names(in: "broken"))
    func rendersExpectedDiagnostics(name: String) throws {
        let fixture = FlowFixture(group: "broken", name: name)
        let result = try fixture.compile()
        #expect(result.diagnostics.hasErrors, "a broken flow must report at least one error")
        #expect(result.flow == nil, "a flow with errors must not compile")

        let marks = try fixture.marks()
        let check = {
            #expect(FlowFixture.marks(of: result.diagnostics) == marks)
            try fixture.expect(FlowFixture.renderText(result), matches: ".expected", update: false)
        }
        if let issue = Self.knownIssues[name] {
            withKnownIssue(issue) { try check() }
        } else if FlowFixture.isUpdating {
            try fixture.expect(FlowFixture.renderText(result), matches: ".expected")
        } else {
            try check()
        }
    }

    @Test("the broken set is large and covers every rule a flow author can trip")
    func coverage() throws {
        let names = FlowFixture.names(in: "broken")
        #expect(names.count >= 60)
        var covered: Set<String> = []
        for fixture in names.map({ FlowFixture(group: "broken", name: $0) })
            + FlowFixture.names(in: "warning").map({ FlowFixture(group: "warning", name: $0) })
        {
            covered.formUnion(try fixture.compile().diagnostics.map(\.rule.rawValue))
        }
        // Every rule has a fixture, but these: a file's size and readability are tested where
        // files are read (SourceFileReadingTests), conditions in
        // ConditionExpressionTests. A new rule needs a fixture, or a place in this list.
        let elsewhere: Set<Rule> = [
            .sizeLimit, .fileUnreadable, .conditionSyntax, .unknownName, .nameNotAvailable, .conditionType,
            .impossibleComparison, .constantCondition,
        ]
        let required = Set(Rule.allCases.filter { !elsewhere.contains($0) }.map(\.rawValue))
        #expect(required.subtracting(covered).isEmpty, "not covered: \(required.subtracting(covered).sorted())")
    }

    @Test("every problem of a file is reported in one pass, in source order")
    func onePass() throws {
        let result = try FlowFixture(group: "broken", name: "many-mistakes").compile()
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count >= 4)
        #expect(Set(errors.map(\.rule)).count >= 4, "independent mistakes of different kinds")
        let starts = result.diagnostics.compactMap { $0.range?.start }
        #expect(starts.count == result.diagnostics.count)
        #expect(starts == starts.sorted())
    }

    @Test("the JSON and GitHub renderers print the expected reports")
    func machineRenderers() throws {
        let fixture = FlowFixture(group: "broken", name: "many-mistakes")
        let result = try fixture.compile()
        try fixture.expect(JSONDiagnosticRenderer().render(result.diagnostics, fileCount: 1), matches: ".expected.json")
        try fixture.expect(GitHubDiagnosticRenderer().render(result.diagnostics), matches: ".expected.github")
    }

    @Test("a GitHub annotation over several lines names lines only, the last one the span covers")
    func gitHubMultiLineSpan() throws {
        // The Actions runner drops an annotation that has `col`/`endColumn` with `line` ≠
        // `endLine`; and a span ending at column 1 ends on the line before.
        let fixture = FlowFixture(group: "broken", name: "list-for-mapping")
        let result = try fixture.compile()
        try fixture.expect(GitHubDiagnosticRenderer().render(result.diagnostics), matches: ".expected.github", update: false)
    }

    @Test("an inline secret never appears in any report")
    func inlineCredentialIsHidden() throws {
        let fixture = FlowFixture(group: "broken", name: "inline-credential")
        let secret = "Hunter2-Secret-Pa55"
        #expect(String(decoding: try fixture.bytes(), as: UTF8.self).contains(secret), "the fixture holds the secret")
        let result = try fixture.compile()
        #expect(result.diagnostics.contains { $0.rule.rawValue == "inline-credential" })
        let reports = [
            FlowFixture.renderText(result),
            TextDiagnosticRenderer(color: true).render(
                result.diagnostics, sources: [result.source.path: result.source], fileCount: 1),
            JSONDiagnosticRenderer().render(result.diagnostics, fileCount: 1),
            GitHubDiagnosticRenderer().render(result.diagnostics),
        ]
        for report in reports {
            #expect(!report.contains(secret))
            #expect(!report.contains("Hunter2"))
        }
    }

    @Test("a file over the size limit is rejected before it is parsed")
    func sizeLimit() {
        let text = "flow: too-big\ndsl: 1\ndescription: \(String(repeating: "x", count: 200))\n"
        let result = FlowCompiler.compile(text, file: "big.yaml", limits: YAMLLimits(maxBytes: 128))
        #expect(result.flow == nil)
        #expect(result.diagnostics.map(\.rule.rawValue) == ["size-limit"])
        let expected = """
            big.yaml:1:1: error: the file is 235 bytes, more than the limit of 128 bytes [size-limit]
              flow: too-big
              ^
            1 error, 0 warnings in 1 file

            """
        #expect(FlowFixture.renderText(result) == expected)
        // The same file within the limit gets past the size check.
        let within = FlowCompiler.compile(text, file: "big.yaml", limits: YAMLLimits(maxBytes: 235))
        #expect(!within.diagnostics.contains { $0.rule.rawValue == "size-limit" })
    }
}
