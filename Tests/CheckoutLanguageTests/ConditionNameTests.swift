import CheckoutLanguage
import Foundation
import Testing

/// `ConditionName` is the one list of the names conditions read: the compiler types them, the
/// runtime answers them with an exhaustive `switch`, and docs/language.md lists them.
@Suite struct ConditionNameTests {
    @Test func everyNameReadsBackFromItsText() {
        for name in ConditionName.fixed {
            #expect(ConditionName(name.text) == name, "\(name.text)")
        }
        #expect(Set(ConditionName.fixed.map(\.text)).count == ConditionName.fixed.count)
        #expect(ConditionName("outcome.verify") == .outcome(stage: "verify"))
        #expect(ConditionName("custom.vatId") == .custom(field: "vatId"))
        for text in ["outcome.", "custom.", "billing.phone", "request.price", "", "Outcome.verify"] {
            #expect(ConditionName(text) == nil, "\(text)")
        }
    }

    /// Every fixed name compiles in a condition of a flow that has every screen, and a name the
    /// list does not have is refused: the compiler's table is the list.
    @Test func theCompilerKnowsExactlyTheListsNames() {
        func diagnostics(_ condition: String) -> [Diagnostic] {
            let flow = """
                flow: names
                dsl: 1
                request:
                  price: { amount: 10, currency: USD }
                  fullBilling: true
                  withShipping: true
                steps:
                  - { id: tokenize, kind: tokenize }
                  - { id: sale, kind: sale, when: "\(condition)" }

                """
            return FlowCompiler.compile(flow, file: "names.yaml").diagnostics
        }
        for name in ConditionName.fixed {
            let unknown = diagnostics("\(name.text) != \(name.text)").filter { $0.rule == .unknownName }
            #expect(unknown.isEmpty, "\(name.text): \(unknown.map(\.message))")
        }
        #expect(diagnostics("billing.phone == 'x'").contains { $0.rule == .unknownName })
    }

    @Test func docsListEveryName() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/language.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for name in ConditionName.fixed {
            #expect(text.contains("`\(name.text)`"), "docs/language.md does not list `\(name.text)`")
        }
    }
}
