import Foundation
import Testing

@testable import CheckoutLanguage

/// A stage's rarer settings live out of line, in a shared copy-on-write box
/// (`StageSettingsBox`): a stage must still behave as a value, equal and hashed by what it says.
@Suite struct StageSettingsTests {
    static func step() -> PipelineStage {
        var stage = PipelineStage(id: "charge", .step(.sale))
        stage.retry = StepRetry(attempts: 3)
        stage.hooks = [.signature]
        stage.timeout = .seconds(5)
        return stage
    }

    @Test func aCopyChangedLeavesTheOriginalAsItWas() {
        let original = Self.step()
        var copy = original
        copy.retry?.attempts = 5
        copy.hooks.append(.tax)
        copy.title = "Pay"
        #expect(original.retry?.attempts == 3)
        #expect(original.hooks == [.signature])
        #expect(original.title == nil)
        #expect(copy.retry?.attempts == 5)
        #expect(copy.hooks == [.signature, .tax])
        #expect(copy.title == "Pay")
        #expect(copy != original)
    }

    @Test func stagesInAnArrayAreChangedOneAtATime() {
        var stages = [Self.step(), Self.step()]
        stages[1].amount = Decimal(string: "12.50")
        stages[1].cardSource = .upfront
        #expect(stages[0].amount == nil)
        #expect(stages[0].cardSource == .screen)
        #expect(stages[1].amount == Decimal(string: "12.50"))
        #expect(stages[1].cardSource == .upfront)
    }

    @Test func aStageWithNothingSetReadsTheDefaults() {
        let stage = PipelineStage(.screen(.review))
        #expect(stage.retry == nil)
        #expect(stage.timeout == nil)
        #expect(stage.hooks.isEmpty)
        #expect(stage.fields == nil)
        #expect(stage.title == nil)
        #expect(!stage.inputEvents)
        #expect(stage.cardSource == .screen)
        #expect(stage.amount == nil)
        #expect(!stage.callsTaxService)
    }

    /// A setting written back to its default makes a box that says what no box says: the two
    /// stages are equal and hash alike (`Set`, the mutation tester's equivalence, compare them).
    @Test func aDefaultWrittenIsEqualToNoneWritten() {
        let fresh = PipelineStage(.screen(.creditCard))
        var written = fresh
        written.inputEvents = true
        written.inputEvents = false
        written.hooks = []
        #expect(written == fresh)
        #expect(written.hashValue == fresh.hashValue)
        #expect(Set([written, fresh]).count == 1)
    }

    @Test func stagesThatDifferOnlyInASettingAreUnequal() {
        var a = PipelineStage(.screen(.billing))
        var b = a
        a.fields = ["address"]
        b.fields = ["city"]
        #expect(a != b)
        b.fields = ["address"]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }
}
