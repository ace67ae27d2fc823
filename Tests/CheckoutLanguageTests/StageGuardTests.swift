import Foundation
import Testing

@testable import CheckoutLanguage

/// `StageGuard`: a stage's condition with its names resolved once, as the interpreter
/// evaluates it, answers what `Condition.evaluate` answers by name.
@Suite struct StageGuardTests {
    /// The old run-time lookup: a name's text, unset when no condition can read it.
    static func byText(_ values: [String: ConditionValue]) -> (String) -> ConditionValue? {
        { ConditionName($0) == nil ? nil : values[$0] }
    }

    static func check(_ text: String) throws -> Condition {
        try #require(Condition.check(text, in: ConditionExpressionTests.scope).condition, "\(text) does not check")
    }

    @Test(arguments: ConditionExpressionTests.evaluations + ConditionExpressionTests.unset)
    func answersAsTheConditionDoes(text: String, _: Bool) throws {
        let condition = try Self.check(text)
        let values = ConditionExpressionTests.values
        let guarded = StageGuard(condition)
        #expect(guarded.holds { values[$0.text] } == condition.evaluate(Self.byText(values)))
        #expect(guarded.holds { _ in nil } == condition.evaluate { _ in nil })
    }

    @Test func comparesTextByExactStringAndReadsFlowNames() throws {
        let city = StageGuard(Condition(unchecked: try Condition.parse("billing.city == \"caf\u{E9}\"").get()))
        #expect(city.holds { _ in .text("caf\u{E9}") })
        #expect(!city.holds { _ in .text("cafe\u{301}") })
        #expect(city.holds { _ in .symbol("caf\u{E9}") })
        #expect(!city.holds { _ in .decimal(1) })
        let charge = StageGuard(try Self.check("outcome.charge == declined"))
        #expect(charge.holds { $0 == .outcome(stage: "charge") ? .symbol("declined") : nil })
        #expect(!charge.holds { _ in .symbol("approved") })
        // A name no condition reads is unset, whatever the lookup would say.
        let email = StageGuard(try Self.check("customer.email == \"a@example.com\""))
        #expect(!email.holds { _ in .text("a@example.com") })
    }

    /// `String.hasSameBytes(as:)`, which every exact comparison of condition text uses.
    func sameBytes(_ x: String, _ y: String) -> Bool { x.hasSameBytes(as: y) }

    @Test func sameBytesIsByteForByte() {
        let long = String(repeating: "abcdefgh", count: 8)
        #expect(sameBytes("", ""))
        #expect(sameBytes("card", "card"))
        #expect(!sameBytes("card", "cards"))
        #expect(!sameBytes("card", "cart"))
        #expect(sameBytes(long, String(repeating: "abcdefgh", count: 8)))
        #expect(!sameBytes(long, String(long.dropLast()) + "x"))
        // Canonically equivalent, equally long in UTF-8, different scalars: not the same.
        #expect(!sameBytes("\u{1E0B}\u{323}", "\u{1E0D}\u{307}"))
        #expect("\u{1E0B}\u{323}" == "\u{1E0D}\u{307}")
    }

    @Test func followsTheStagesCondition() {
        var stage = PipelineStage(.screen(.billing), when: .equals("paymentMethod", "card"))
        #expect(stage.guardCondition?.holds { _ in .symbol("card") } == true)
        stage.condition = .equals("paymentMethod", "paypal")
        #expect(stage.guardCondition?.holds { _ in .symbol("card") } == false)
        stage.condition = nil
        #expect(stage.guardCondition == nil)
        #expect(PipelineStage(.screen(.billing)).guardCondition == nil)
    }
}
