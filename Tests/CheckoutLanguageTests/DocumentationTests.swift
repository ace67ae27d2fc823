import CheckoutLanguage
import Foundation
import Testing

/// The docs are part of the product: every rule and every key must be documented.
@Suite struct DocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    func read(_ name: String) throws -> String {
        try String(contentsOf: Self.docs.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func everyRuleHasASectionWithAWrongAndARightExample() throws {
        let text = try read("rules.md")
        let sections = text.components(separatedBy: "\n## ").dropFirst()
        for rule in Rule.all {
            let section = sections.first { $0.hasPrefix("`\(rule.rawValue)`") }
            #expect(section != nil, "docs/rules.md has no section for \(rule.rawValue)")
            #expect(section?.contains("Wrong:") == true && section?.contains("Right:") == true, "\(rule.rawValue) lacks examples")
        }
        #expect(Rule.all.count == Set(Rule.all).count)
    }

    @Test func everyKeyOfTheLanguageIsDocumented() throws {
        let text = try read("language.md")
        let tables = [
            FlowKeys.topLevel, FlowKeys.request, FlowKeys.provider, FlowKeys.currencies, FlowKeys.theme, FlowKeys.fields,
            FlowKeys.customField, FlowKeys.cards, FlowKeys.screen, FlowKeys.step, FlowKeys.retry, FlowKeys.signature,
            FlowKeys.available,
        ]
        for spec in tables.joined() {
            #expect(text.contains("`\(spec.name)`") || text.contains("`\(spec.name)."), "docs/language.md does not mention \(spec.name)")
        }
        for spec in FlowKeys.price { #expect(text.contains("`price.\(spec.name)`")) }
    }

    /// `Rule.summary` (SARIF's `shortDescription`) is each case's own doc comment in Rule.swift:
    /// one text, checked here so the two never drift apart.
    @Test func everyRuleSummaryIsItsDocComment() throws {
        let source = try String(
            contentsOf: Self.docs.deletingLastPathComponent().appendingPathComponent("Sources/CheckoutLanguage/Diagnostics/Rule.swift"),
            encoding: .utf8)
        var comment: [String] = []
        var found: [String: String] = [:]
        for line in source.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("///") {
                comment.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
                continue
            }
            if line.hasPrefix("case "), let quote = line.firstIndex(of: "\"") {
                found[String(line[line.index(after: quote)...].dropLast())] = comment.joined(separator: " ")
            }
            comment = []
        }
        #expect(found.count == Rule.allCases.count)
        for rule in Rule.allCases { #expect(rule.summary == found[rule.rawValue], "\(rule.rawValue)") }
    }
}
