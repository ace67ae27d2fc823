import CheckoutLanguage
import Foundation
import Testing

/// The examples of `docs/rules.md` are tests (as actionlint's `check-checks`): every `Wrong`
/// block compiles to exactly its rule, and every `Right` block to no finding at all.
///
/// A `yaml` block is compiled in one of three ways, the one its text calls for:
/// - one `when:` line: as the condition of the review screen of a full pipeline
///   (`RuleExample.conditionFlow`);
/// - a block with a top-level `flow:` or `dsl:` key, or only comments: as a whole flow file;
/// - anything else, a part of a flow: as a flow that `extends` a base with only a price.
/// Blocks in another language (`text`, `sh`) describe what cannot be shown in a flow's text
/// (bytes that are not UTF-8, a 20 MB file, a missing file); only the rules in
/// `describedOnly` may use them, and those rules are covered by fixtures instead.
@Suite struct RuleExampleTests {
    static let describedOnly: Set<Rule> = [.yamlEncoding, .depthLimit, .sizeLimit, .fileUnreadable]

    @Test func everyRuleHasAWrongAndARightExample() throws {
        let examples = try RuleExample.all()
        let documented = Set(examples.map(\.section))
        #expect(documented == Set(Rule.allCases.map(\.rawValue)), "sections of docs/rules.md that are not rules, or rules without examples")
        for rule in Rule.allCases {
            let own = examples.filter { $0.section == rule.rawValue && ($0.isYAML || Self.describedOnly.contains(rule)) }
            #expect(own.contains { $0.isWrong }, "\(rule.rawValue) has no Wrong example that compiles")
            #expect(own.contains { !$0.isWrong }, "\(rule.rawValue) has no Right example that compiles")
        }
        for example in examples where !example.isYAML {
            let rule = Rule(rawValue: example.section)
            #expect(
                rule.map(Self.describedOnly.contains) == true, "\(example): only \(Self.describedOnly) may describe an example in prose")
        }
    }

    @Test func everyWrongExampleFindsExactlyItsRuleAndEveryRightExampleNothing() throws {
        let examples = try RuleExample.all().filter(\.isYAML)
        #expect(examples.count > Rule.allCases.count)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try RuleExample.baseFlow.write(to: directory.appendingPathComponent("base.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: RuleExample.repository.appendingPathComponent("flows/standard-checkout.yaml"),
            to: directory.appendingPathComponent("standard-checkout.yaml"))
        let file = directory.appendingPathComponent("example.yaml").path
        for example in examples {
            let result = FlowCompiler.compile(example.flowText, file: file)
            let found = result.diagnostics.map(\.rule.rawValue).sorted()
            let expected = example.isWrong ? [example.section] : []
            #expect(Set(found) == Set(expected), "\(example) finds \(found)")
        }
    }
}

/// One fenced block of `docs/rules.md` under a `Wrong…:` or `Right…:` line.
struct RuleExample: CustomStringConvertible {
    /// The rule id of the `## \`id\`` section the block is in.
    let section: String
    let isWrong: Bool
    /// The fence's language: `yaml` blocks are compiled, others only describe.
    let language: String
    let text: String
    /// The block's first line in `docs/rules.md`, for messages.
    let line: Int

    var isYAML: Bool { language == "yaml" }
    var description: String { "docs/rules.md:\(line) (\(section), \(isWrong ? "Wrong" : "Right"))" }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What a part of a flow extends (written beside it as `base.yaml`).
    static let baseFlow = "flow: base\ndsl: 1\nrequest:\n  price: { amount: 10 }\n"

    /// A pipeline where every condition name is available at the review screen.
    static func conditionFlow(_ when: String) -> String {
        """
        flow: example
        dsl: 1
        request:
          price: { amount: 10, currency: USD }
          withShipping: true
        screens:
          - kind: paymentMethod
          - kind: creditCard
          - kind: billing
          - kind: shipping
          - kind: review
            \(when)
        steps:
          - kind: walletPayment
          - kind: createToken
          - kind: tokenize
          - kind: sale

        """
    }

    /// The flow file this block is compiled as.
    var flowText: String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        if lines.count == 1, text.hasPrefix("when: ") { return Self.conditionFlow(text) }
        let isWhole = lines.allSatisfy { $0.hasPrefix("#") } || lines.contains { $0.hasPrefix("flow:") || $0.hasPrefix("dsl:") }
        if isWhole { return text }
        return "flow: example\ndsl: 1\nextends: base.yaml\n" + text
    }

    /// Every example block of `docs/rules.md`, in order.
    static func all() throws -> [RuleExample] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [RuleExample] = []
        var section: String?
        var label: Bool?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("## `") {
                section = line.dropFirst(4).split(separator: "`").first.map(String.init)
                label = nil
            } else if line.hasPrefix("Wrong") || line.hasPrefix("Right"), line.hasSuffix(":") {
                label = line.hasPrefix("Wrong")
            } else if line.hasPrefix("```"), let isWrong = label, let section {
                let start = index + 1
                var end = start
                while end < lines.count, lines[end] != "```" { end += 1 }
                let body = lines[start..<min(end, lines.count)].map { $0 + "\n" }.joined()
                examples.append(
                    RuleExample(section: section, isWrong: isWrong, language: String(line.dropFirst(3)), text: body, line: start + 1))
                label = nil
                index = end
            }
            index += 1
        }
        return examples
    }
}
