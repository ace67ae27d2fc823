import CheckoutHeadless
import CheckoutLanguage
import CheckoutScenarios
import Foundation
import Testing

/// Every key of an answers file is in docs/running.md and every key of a scenarios file in
/// docs/testing.md, as every flow key is in docs/language.md.
@Suite struct KeyTableDocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    func read(_ name: String) throws -> String {
        try String(contentsOf: Self.docs.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func everyKeyOfAnAnswersFileIsDocumented() throws {
        let text = try read("running.md")
        for table in AnswersKeys.tables {
            for spec in table.keys {
                #expect(text.contains("`\(spec.name)"), "docs/running.md does not mention \(table.name).\(spec.name)")
            }
        }
    }

    @Test func everyKeyOfAScenariosFileIsDocumented() throws {
        let text = try read("testing.md")
        // The scenarios file's own tables (scenario, expect, expectedError, steps, route); the
        // answers tables that follow are docs/running.md's.
        for table in Array(ScenarioKeys.tables.prefix(5)) + ScenarioKeys.fixtureTables {
            for spec in table.keys {
                #expect(
                    text.contains("| `\(spec.name)` |") || text.contains("`\(spec.name)`"),
                    "docs/testing.md does not mention \(table.name).\(spec.name)")
            }
        }
    }

    /// docs/testing.md lists the operators of `checkout test --mutate` from the one table.
    @Test func everyMutationOperatorIsDocumented() throws {
        let text = try read("testing.md")
        for op in MutationOperator.all {
            #expect(text.contains("| `\(op.name)` | \(op.summary) |"), "docs/testing.md does not list the mutation operator \(op.name)")
        }
    }
}
